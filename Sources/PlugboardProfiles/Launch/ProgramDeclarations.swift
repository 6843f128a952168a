import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// Everything a program's profile-aware containers declared, by container name: what a launch checks a
/// merged profile against. It answers the validator's questions with the real types (settings and values
/// are decoded, not matched against a recorded shape), and prepares the closures to register.
struct ProgramDeclarations: ProgramSource {
    let containers: [String: LiveDeclarations]
    /// The built-in scopes and every container's custom ones: scope names are the program's, as in a catalog.
    let scopes: [String: Scope]
    /// The `promised()` factories the code's `autoRegister()` registered nothing for: every profile must provide
    /// them (PB410). Worked out by ``withUnprovidedPromises(of:)`` once the containers auto-registered.
    private(set) var promises: [PromiseCheck.Promise] = []

    /// The declarations of `containers`; with `launch`, the custom scopes every container of its program declared.
    init(_ containers: [String: LiveDeclarations], launch: ProfileGeneration? = nil) {
        self.containers = containers
        var scopes: [String: Scope] = [
            "unique": Scope.unique, "cached": Scope.cached, "shared": Scope.shared, "singleton": Scope.singleton,
            "graph": Scope.graph,
        ]
        scopes.merge(launch?.customScopes ?? [:]) { _, new in new }
        for live in containers.values { scopes.merge(live.customScopes) { _, new in new } }
        self.scopes = scopes
    }

    func declares(container: String) -> Bool { containers[container] != nil }
    func factoryFinder(in container: String) -> (String) -> AnyObject? {
        let factories = containers[container]?.factories ?? [:]
        return { factories[$0] }
    }
    func factoryKeys(in container: String) -> [String] { Array(containers[container]?.factories.keys ?? [:].keys) }
    func implementations(of factory: AnyObject) -> [String] { Array(declaration(factory).implementations.keys) }
    func check(
        implementation name: String, of factory: AnyObject, with settings: ValueNode?, secrets: SecretResolver?
    ) -> ImplementationCheck<PreparedClosure> {
        guard let implementation = declaration(factory).implementations.value(named: name) else { return .undeclared }
        if settings != nil && implementation.settingsType == nil { return .takesNoSettings }
        return .checked(implementation.prepare(settings, secrets: secrets))
    }
    func definitionScope(of factory: AnyObject) -> String? { declaration(factory).definitionScope }
    func isList(_ factory: AnyObject) -> Bool { declaration(factory).list != nil }
    func list(of members: [PreparedClosure], for factory: AnyObject) -> PreparedClosure {
        declaration(factory).list!.compose(members)
    }
    func isConfigurable(_ factory: AnyObject) -> Bool { declaration(factory).value != nil }
    func prepare(value: ValueNode, of factory: AnyObject, secrets: SecretResolver?) -> Result<
        PreparedClosure, ProfileError
    > {
        declaration(factory).value!.prepare(value, secrets)
    }

    /// The factory the checker holds: always one this source handed it.
    private func declaration(_ factory: AnyObject) -> FactoryDeclaration {
        unsafeDowncast(factory, to: FactoryDeclaration.self)
    }
    var scopeNames: [String] { Array(scopes.keys) }
    var containerNames: [String] { Array(containers.keys) }

    /// These declarations with their unprovided promises: those of the first instance of each container in
    /// `declared` whose container holds no registration for them. Asked once the containers' `autoRegister()`
    /// ran and before any profile applied, so that a registration is the code's.
    func withUnprovidedPromises(of declared: [DeclarationCollector.Declared]) -> ProgramDeclarations {
        var program = self
        var seen: Set<String> = []
        for instance in declared where seen.insert(instance.name).inserted {
            for (key, factory) in instance.live.factories {
                guard let severity = factory.promise,
                    !instance.container.manager.hasRegistration(factory.slotID)
                else { continue }
                program.promises.append(PromiseCheck.Promise(container: instance.name, key: key, severity: severity))
            }
        }
        program.promises.sort { ($0.container, $0.key) < ($1.container, $1.key) }
        return program
    }

    /// The catalog of every container here: what `--plugboard-export-catalog` writes.
    var catalog: Catalog {
        var catalog = Catalog()
        for (name, live) in containers { catalog.merge(live.catalog(named: name)) }
        for promise in promises {
            catalog.containers[promise.container]?.factories[promise.key]?.unprovidedPromise = promise.severity
        }
        return catalog
    }

    /// Every container's factories with their types and code scopes only (see `LiveDeclarations.outline`).
    var outline: Catalog {
        var catalog = Catalog()
        for (name, live) in containers { catalog.merge(live.outline(named: name)) }
        return catalog
    }
}
