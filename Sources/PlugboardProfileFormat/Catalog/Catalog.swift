import Foundation

/// What a program declared that profiles may choose: containers, factory keys, implementation names,
/// settings and value shapes, custom scopes. The validator checks profiles against it without running
/// the program. Described by `Schemas/plugboard-catalog.schema.json`.
@_spi(Tools) public struct Catalog: Sendable, Equatable, Codable {
    /// The catalog format version (1).
    @_spi(Tools) public var plugboardCatalog = 1
    /// Containers by name.
    @_spi(Tools) public var containers: [String: CatalogContainer] = [:]
    /// Custom scopes declared by name (the built-in ones are always there).
    @_spi(Tools) public var scopes: [String] = []
    /// What the program's kept instances were built from, as far as it had built when it wrote the catalog
    /// (`ProfileSystem.exportCatalog(to:)`); absent when it had not said (`--plugboard-export-catalog` writes
    /// the catalog at launch, before anything is built). The validator never reads it; `plugboard graph`
    /// draws it.
    @_spi(Tools) public var builds: [CatalogBuild]?

    /// An empty catalog.
    @_spi(Tools) public init() {}

    /// One container's factories.
    @_spi(Tools) public struct CatalogContainer: Sendable, Equatable, Codable {
        /// Factories by key.
        @_spi(Tools) public var factories: [String: CatalogFactory] = [:]
        /// An empty container entry.
        @_spi(Tools) public init() {}
    }

    /// What one factory allows.
    @_spi(Tools) public struct CatalogFactory: Sendable, Equatable, Codable {
        /// The factory's type, for people.
        @_spi(Tools) public var type: String
        /// Implementations by name; for a list, the members a profile may choose.
        @_spi(Tools) public var implementations: [String: CatalogImplementation] = [:]
        /// Set when the factory makes a list whose members profiles choose (`use: [a, b]`); absent otherwise.
        @_spi(Tools) public var list: Bool?
        /// The shape of `value:` when the factory is configurable.
        @_spi(Tools) public var value: TypeShape?
        /// The scope the factory's definition sets on every access (`custom` for one of the program's own):
        /// a profile's `scope` cannot take effect there.
        @_spi(Tools) public var definitionScope: String?
        /// Set when the factory is `promised()` and the code's `autoRegister()` registered nothing for it: every
        /// profile must provide it (`error`) or should (`warning`), as the code declared (PB410).
        @_spi(Tools) public var unprovidedPromise: Diagnostic.Severity?

        /// A factory of `type`.
        @_spi(Tools) public init(type: String) {
            self.type = type
        }
    }

    /// A recorded build: the kept instance of `built` was built while `from` was resolved, directly or through
    /// factories between them. Both are `Container.key`.
    @_spi(Tools) public struct CatalogBuild: Sendable, Equatable, Codable, Hashable {
        @_spi(Tools) public var built: String
        @_spi(Tools) public var from: String

        /// The build of `built`, from `from`.
        @_spi(Tools) public init(built: String, from: String) {
            self.built = built
            self.from = from
        }
    }

    /// One named implementation.
    @_spi(Tools) public struct CatalogImplementation: Sendable, Equatable, Codable {
        /// The settings type's name, when `with:` is accepted.
        @_spi(Tools) public var settingsType: String?
        /// The settings' shape.
        @_spi(Tools) public var settings: TypeShape?

        /// An implementation, with settings or without.
        @_spi(Tools) public init(settingsType: String? = nil, settings: TypeShape? = nil) {
            self.settingsType = settingsType
            self.settings = settings
        }
    }

    /// Every scope name a profile may use here.
    @_spi(Tools) public var allScopeNames: [String] { builtInScopeNames + scopes }

    /// Adds (or replaces) what `other` declares.
    @_spi(Tools) public mutating func merge(_ other: Catalog) {
        for (name, container) in other.containers {
            for (key, factory) in container.factories {
                containers[name, default: CatalogContainer()].factories[key] = factory
            }
        }
        scopes = Array(Set(scopes).union(other.scopes)).sorted()
    }

    /// The catalog as stable, pretty JSON.
    @_spi(Tools) public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads a catalog written by ``jsonData()``.
    @_spi(Tools) public static func read(from data: Data) throws -> Catalog {
        try JSONDecoder().decode(Catalog.self, from: data)
    }
}
