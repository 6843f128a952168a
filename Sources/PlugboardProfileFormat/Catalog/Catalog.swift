import Foundation

/// What a program declared that profiles may choose: containers, factory keys, implementation names,
/// settings and value shapes, custom scopes. The validator checks profiles against it without running
/// the program. Described by `Schemas/plugboard-catalog.schema.json`.
public struct Catalog: Sendable, Equatable, Codable {
    /// The catalog format version (1).
    public var plugboardCatalog = 1
    /// Containers by name.
    public var containers: [String: CatalogContainer] = [:]
    /// Custom scopes declared by name (the built-in ones are always there).
    public var scopes: [String] = []

    /// An empty catalog.
    public init() {}

    /// One container's factories.
    public struct CatalogContainer: Sendable, Equatable, Codable {
        /// Factories by key.
        public var factories: [String: CatalogFactory] = [:]
        /// An empty container entry.
        public init() {}
    }

    /// What one factory allows.
    public struct CatalogFactory: Sendable, Equatable, Codable {
        /// The factory's type, for people.
        public var type: String
        /// Implementations by name.
        public var implementations: [String: CatalogImplementation] = [:]
        /// The shape of `value:` when the factory is configurable.
        public var value: TypeShape?
        /// The scope the factory's definition sets on every access (`custom` for one of the program's own):
        /// a profile's `scope` cannot take effect there.
        public var definitionScope: String?

        /// A factory of `type`.
        public init(type: String) {
            self.type = type
        }
    }

    /// One named implementation.
    public struct CatalogImplementation: Sendable, Equatable, Codable {
        /// The settings type's name, when `with:` is accepted.
        public var settingsType: String?
        /// The settings' shape.
        public var settings: TypeShape?

        /// An implementation, with settings or without.
        public init(settingsType: String? = nil, settings: TypeShape? = nil) {
            self.settingsType = settingsType
            self.settings = settings
        }
    }

    /// Every scope name a profile may use here.
    public var allScopeNames: [String] { builtInScopeNames + scopes }

    /// Adds (or replaces) what `other` declares.
    public mutating func merge(_ other: Catalog) {
        for (name, container) in other.containers {
            for (key, factory) in container.factories {
                containers[name, default: CatalogContainer()].factories[key] = factory
            }
        }
        scopes = Array(Set(scopes).union(other.scopes)).sorted()
    }

    /// The catalog as stable, pretty JSON.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads a catalog written by ``jsonData()``.
    public static func read(from data: Data) throws -> Catalog {
        try JSONDecoder().decode(Catalog.self, from: data)
    }
}
