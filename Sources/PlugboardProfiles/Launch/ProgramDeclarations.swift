import Plugboard

/// Everything a program's profile-aware containers declared, by container name: what a launch checks a
/// merged profile against. It answers the validator's questions with the real types (settings and values
/// are decoded, not matched against a recorded shape), and prepares the closures to register.
struct ProgramDeclarations: DeclarationSource {
    let containers: [String: LiveDeclarations]
    /// The built-in scopes and every container's custom ones: scope names are the program's, as in a catalog.
    let scopes: [String: Scope]

    /// The declarations of `containers`; with `launch`, the custom scopes every container of its program declared.
    init(_ containers: [String: LiveDeclarations], launch: ProfileLaunch? = nil) {
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
    func factory(_ key: String, in container: String) -> FactoryDeclaration? { containers[container]?.factories[key] }
    func factoryFinder(in container: String) -> (String) -> FactoryDeclaration? {
        let factories = containers[container]?.factories ?? [:]
        return { factories[$0] }
    }
    func factoryKeys(in container: String) -> [String] { Array(containers[container]?.factories.keys ?? [:].keys) }
    func declares(implementation: String, of factory: FactoryDeclaration) -> Bool {
        factory.implementations.value(named: implementation) != nil
    }
    func implementations(of factory: FactoryDeclaration) -> [String] { Array(factory.implementations.keys) }
    func takesSettings(_ implementation: String, of factory: FactoryDeclaration) -> Bool {
        factory.implementations.value(named: implementation)?.settingsType != nil
    }
    func prepare(_ implementation: String, of factory: FactoryDeclaration, with settings: ValueNode?) -> Result<PreparedClosure, ProfileError> {
        factory.implementations.value(named: implementation)!.prepare(settings)
    }
    func check(implementation name: String, of factory: FactoryDeclaration, with settings: ValueNode?) -> ImplementationCheck<PreparedClosure> {
        guard let implementation = factory.implementations.value(named: name) else { return .undeclared }
        if settings != nil && implementation.settingsType == nil { return .takesNoSettings }
        return .checked(implementation.prepare(settings))
    }
    func definition(of factory: FactoryDeclaration) -> PreparedClosure { .definition }
    func definitionScope(of factory: FactoryDeclaration) -> String? { factory.definitionScope }
    func isConfigurable(_ factory: FactoryDeclaration) -> Bool { factory.value != nil }
    func prepare(value: ValueNode, of factory: FactoryDeclaration) -> Result<PreparedClosure, ProfileError> {
        factory.value!.prepare(value)
    }
    var scopeNames: [String] { Array(scopes.keys) }
    var containerNames: [String] { Array(containers.keys) }

    /// The catalog of every container here: what `--plugboard-export-catalog` writes.
    var catalog: Catalog {
        var catalog = Catalog()
        for (name, live) in containers { catalog.merge(live.catalog(named: name)) }
        return catalog
    }
}
