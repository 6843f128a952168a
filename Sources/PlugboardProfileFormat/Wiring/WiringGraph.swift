/// What a set of profiles wires, per container and factory, as `plugboard graph` and a running program's
/// wiring snapshot draw it: the catalog's factories (every one the program declared) with the fields the
/// profiles set, each with the file:line that decided it, and the builds recorded so far, where known. A
/// factory no profile names keeps the code's wiring.
@_spi(Tools) public struct WiringGraph: Sendable {
    /// One factory: its type (from the catalog, when there is one) and the fields the profiles set.
    public struct Factory: Equatable, Sendable {
        public let key: String
        public var type: String?
        /// The scope the code gives it (`definitionScope` in the catalog), shown where no profile sets one.
        public var codeScope: String?
        /// `use`, `with`, `value`, `scope`, `contexts.NAME`, in that order, each with where it was decided.
        public var fields: [Field] = []
        /// Whether a profile changes it from the code's wiring.
        public var isChanged: Bool { !fields.isEmpty }
        /// How it compares with the other side of a `--diff` picture; nil without one.
        public var comparison: Comparison?

        public init(key: String, type: String? = nil, codeScope: String? = nil, fields: [Field] = []) {
            self.key = key
            self.type = type
            self.codeScope = codeScope
            self.fields = fields
        }

        /// The value of the field `name` a profile set, if any.
        public func value(of name: String) -> String? {
            fields.first { $0.name == name }?.value
        }
    }

    /// A field a profile set.
    public struct Field: Equatable, Sendable {
        public let name: String
        public let value: String
        /// `file:line`, the file relative to the profiles' folder.
        public let place: String

        public init(name: String, value: String, place: String) {
            self.name = name
            self.value = value
            self.place = place
        }
    }

    /// How a factory's wiring differs between the two sides of a picture.
    public enum Comparison: Equatable, Sendable {
        case same, differs
    }

    /// A factory by container and key: `StoreContainer.store`.
    public struct FactoryName: Hashable, Comparable, Sendable, CustomStringConvertible {
        public let container: String
        public let key: String

        public init(container: String, key: String) {
            self.container = container
            self.key = key
        }

        /// `Container.key` (a nested container's name has dots of its own; a key has none); nil for text
        /// without a dot.
        public init?(_ text: String) {
            guard let dot = text.lastIndex(of: ".") else { return nil }
            self.init(container: String(text[..<dot]), key: String(text[text.index(after: dot)...]))
        }

        public var description: String { "\(container).\(key)" }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.container, lhs.key) < (rhs.container, rhs.key)
        }
    }

    /// A recorded build: `from`'s kept instance was built while `to` was resolved, directly or through
    /// factories between them.
    public struct Edge: Hashable, Comparable, Sendable {
        public let from: FactoryName
        public let to: FactoryName

        public init(from: FactoryName, to: FactoryName) {
            self.from = from
            self.to = to
        }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.from, lhs.to) < (rhs.from, rhs.to)
        }
    }

    /// The profiles, as given, and the files they were read from.
    public let profiles: [String]
    public let files: [String]
    /// Containers by name, each with its factories by key, both sorted.
    public var containers: [(name: String, factories: [Factory])]
    /// The builds recorded, sorted; nil when not known (a catalog the program exported before it built
    /// anything does not say).
    public var edges: [Edge]?

    /// A picture of what is given: a running program's snapshot.
    public init(
        profiles: [String], files: [String], containers: [(name: String, factories: [Factory])], edges: [Edge]?
    ) {
        self.profiles = profiles
        self.files = files
        self.containers = containers
        self.edges = edges?.sorted()
    }

    /// The picture of `merged` over `catalog`'s factories, with the catalog's recorded builds; without a
    /// catalog, only the factories the profiles name. Files are shown relative to `folder`.
    public init(_ merged: MergedProfile, catalog: Catalog?, folder: String) {
        profiles = merged.names
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        func relative(_ file: String) -> String { file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file }
        files = merged.documents.map { relative($0.file) }
        var byContainer: [String: [String: Factory]] = [:]
        for (container, declared) in catalog?.containers ?? [:] {
            for (key, factory) in declared.factories {
                byContainer[container, default: [:]][key] = Factory(
                    key: key, type: factory.type, codeScope: factory.definitionScope)
            }
        }
        for row in ExplainedField.all(in: merged) {
            var factory = byContainer[row.container]?[row.key] ?? Factory(key: row.key)
            factory.fields.append(
                Field(name: row.field, value: row.value, place: "\(relative(row.file)):\(row.line)"))
            byContainer[row.container, default: [:]][row.key] = factory
        }
        containers = byContainer.keys.sorted().map { name in
            (name, byContainer[name]!.values.sorted { $0.key < $1.key })
        }
        edges = catalog?.builds.map(Self.edges(of:))
    }

    /// `builds` as edges, sorted; a build whose names are not `Container.key` is left out.
    public static func edges(of builds: [Catalog.CatalogBuild]) -> [Edge] {
        builds.compactMap { build in
            FactoryName(build.built).flatMap { from in FactoryName(build.from).map { Edge(from: from, to: $0) } }
        }.sorted()
    }

    /// This picture with each factory marked as the same as in `other` or different (its fields' values, not
    /// where they were set). A factory only `other` names is added, as this side's code wiring, and differs.
    public func compared(with other: WiringGraph) -> WiringGraph {
        var theirs: [String: [String: Factory]] = [:]
        for (container, factories) in other.containers {
            for factory in factories { theirs[container, default: [:]][factory.key] = factory }
        }
        var byContainer: [String: [String: Factory]] = [:]
        for (container, factories) in containers {
            for factory in factories { byContainer[container, default: [:]][factory.key] = factory }
        }
        for (container, factories) in theirs {
            for (key, factory) in factories where byContainer[container]?[key] == nil {
                byContainer[container, default: [:]][key] = Factory(
                    key: key, type: factory.type, codeScope: factory.codeScope)
            }
        }
        var result = self
        result.containers = byContainer.keys.sorted().map { container in
            let factories = byContainer[container]!.values.sorted { $0.key < $1.key }.map { factory in
                var marked = factory
                let other = theirs[container]?[factory.key]?.fields.map(Self.text) ?? []
                marked.comparison = other == factory.fields.map(Self.text) ? .same : .differs
                return marked
            }
            return (container, factories)
        }
        return result
    }

    private static func text(_ field: Field) -> String { field.name + "=" + field.value }
}
