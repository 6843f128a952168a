import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// What one container instance declared in its `autoRegister()`: its factories (with the typed code that
/// decodes a profile's settings and registers the result) and the custom scopes it names.
struct LiveDeclarations: Sendable {
    var factories: [String: FactoryDeclaration] = [:]
    /// Custom scopes by the name profiles use.
    var customScopes: [String: Scope] = [:]

    init(_ declarations: [ProfileDeclaration]) {
        factories.reserveCapacity(declarations.count)
        for declaration in declarations {
            switch declaration.content {
            case .factory(let factory):
                // One lookup for a key declared once (nearly all); a second declaration adds to the first.
                if let earlier = factories.updateValue(factory, forKey: factory.key) {
                    factories[factory.key] = earlier.merged(with: factory)
                }
            case .scope(let name, let scope):
                customScopes[name] = scope
            }
        }
    }

    /// These declarations with `later`'s added: its factories and scopes replace ones of the same name.
    func adding(_ later: LiveDeclarations) -> LiveDeclarations {
        // A container that declares again usually declares the same things (a new instance of the same
        // container type): then `later` replaces these whole, and nothing is copied.
        if later.covers(self) { return later }
        var combined = self
        combined.factories.merge(later.factories) { _, new in new }
        combined.customScopes.merge(later.customScopes) { _, new in new }
        return combined
    }

    /// Whether every factory and custom scope of `earlier` is declared here too.
    func covers(_ earlier: LiveDeclarations) -> Bool {
        factories.count >= earlier.factories.count
            && earlier.factories.keys.allSatisfy { factories[$0] != nil }
            && earlier.customScopes.keys.allSatisfy { customScopes[$0] != nil }
    }

    /// This container's part of a catalog.
    func catalog(named name: String) -> Catalog {
        var catalog = Catalog()
        var container = Catalog.CatalogContainer()
        for (key, factory) in factories { container.factories[key] = factory.catalogEntry }
        catalog.containers[name] = container
        catalog.scopes = customScopes.keys.sorted()
        return catalog
    }

    /// This container's factories with their types and code scopes only: what a wiring picture shows, made
    /// without describing the settings types (which runs each one's `init(from:)`).
    func outline(named name: String) -> Catalog {
        var catalog = Catalog()
        var container = Catalog.CatalogContainer()
        for (key, factory) in factories {
            var entry = Catalog.CatalogFactory(type: factory.catalogTypeName)
            entry.definitionScope = factory.definitionScope
            container.factories[key] = entry
        }
        catalog.containers[name] = container
        return catalog
    }
}
