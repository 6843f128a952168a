/// A running program's declarations, as the module that applies profiles provides them: the checker sees
/// them through this one existential, with the factory as an object and the prepared closure type-erased.
///
/// Why not the generic ``DeclarationSource`` directly: a generic checker instantiated from another module
/// runs unspecialized there, and applying a 1,000-entry profile cost 13% more instructions (28.2 M to
/// 31.9 M). Through this protocol the checker is specialized here, once, for ``ErasedProgramSource``.
package protocol ProgramSource {
    /// Whether `container` is declared at all.
    func declares(container: String) -> Bool
    /// Finds factories of `container` by key.
    func factoryFinder(in container: String) -> (String) -> AnyObject?
    /// The factory keys declared for `container`, for messages.
    func factoryKeys(in container: String) -> [String]
    /// The factory's implementation names, for messages.
    func implementations(of factory: AnyObject) -> [String]
    /// Whether the factory declares `implementation`, whether it takes the settings given, and what they
    /// prepare, their secrets resolved through `secrets`.
    func check(
        implementation: String, of factory: AnyObject, with settings: ValueNode?, secrets: SecretResolver?
    ) -> ImplementationCheck<PreparedClosure>
    /// The scope the factory's definition sets on every access, by name, or nil.
    func definitionScope(of factory: AnyObject) -> String?
    /// Whether the factory makes a list whose members profiles choose.
    func isList(_ factory: AnyObject) -> Bool
    /// The checked members of a list factory, in order, as the one closure that builds the list.
    func list(of members: [PreparedClosure], for factory: AnyObject) -> PreparedClosure
    /// Whether the factory is configurable (`value:`).
    func isConfigurable(_ factory: AnyObject) -> Bool
    /// Checks a value for a configurable factory, its secrets resolved through `secrets`.
    func prepare(value: ValueNode, of factory: AnyObject, secrets: SecretResolver?) -> Result<
        PreparedClosure, ProfileError
    >
    /// Every scope name profiles may use.
    var scopeNames: [String] { get }
    /// Every container declared, for messages.
    var containerNames: [String] { get }
}

/// A ``ProgramSource`` as a ``DeclarationSource`` of concrete types, with the resolver of the check's secrets.
package struct ErasedProgramSource: DeclarationSource {
    let base: any ProgramSource
    let secrets: SecretResolver?

    package func declares(container: String) -> Bool { base.declares(container: container) }
    package func factory(_ key: String, in container: String) -> AnyObject? { base.factoryFinder(in: container)(key) }
    package func factoryFinder(in container: String) -> (String) -> AnyObject? { base.factoryFinder(in: container) }
    package func factoryKeys(in container: String) -> [String] { base.factoryKeys(in: container) }
    package func implementations(of factory: AnyObject) -> [String] { base.implementations(of: factory) }
    package func check(
        implementation: String, of factory: AnyObject, with settings: ValueNode?
    ) -> ImplementationCheck<PreparedClosure> {
        base.check(implementation: implementation, of: factory, with: settings, secrets: secrets)
    }
    package func definition(of factory: AnyObject) -> PreparedClosure { .definition }
    package func definitionScope(of factory: AnyObject) -> String? { base.definitionScope(of: factory) }
    package func isList(_ factory: AnyObject) -> Bool { base.isList(factory) }
    package func list(of members: [PreparedClosure], for factory: AnyObject) -> PreparedClosure {
        base.list(of: members, for: factory)
    }
    package func isConfigurable(_ factory: AnyObject) -> Bool { base.isConfigurable(factory) }
    package func prepare(value: ValueNode, of factory: AnyObject) -> Result<PreparedClosure, ProfileError> {
        base.prepare(value: value, of: factory, secrets: secrets)
    }
    package var scopeNames: [String] { base.scopeNames }
    package var containerNames: [String] { base.containerNames }
}

extension ProfileChecker {
    /// Checks `profile` against a running program's declarations (see ``ProgramSource``), the settings'
    /// secrets resolved through `secrets` (this process's environment and files when nil).
    package static func check(
        _ profile: MergedProfile, against program: any ProgramSource, containers: [String]?, secrets: SecretResolver?
    ) -> (entries: [String: [CheckedEntry<PreparedClosure>]], diagnostics: [Diagnostic]) {
        check(profile, against: ErasedProgramSource(base: program, secrets: secrets), containers: containers)
    }
}
