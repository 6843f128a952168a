@_spi(Tools) import PlugboardProfileFormat

/// What a set of profiles wires, per container and factory, as `plugboard graph` draws it: the catalog's
/// factories (every one the program declared) with the fields the profiles set, each with the file:line that
/// decided it. A factory no profile names keeps the code's wiring.
struct WiringGraph {
    /// One factory: its type (from the catalog, when there is one) and the fields the profiles set.
    struct Factory: Equatable {
        let key: String
        var type: String?
        /// The scope the code gives it (`definitionScope` in the catalog), shown where no profile sets one.
        var codeScope: String?
        /// `use`, `with`, `value`, `scope`, `contexts.NAME`, in that order, each with where it was decided.
        var fields: [Field] = []
        /// Whether a profile changes it from the code's wiring.
        var isChanged: Bool { !fields.isEmpty }
        /// How it compares with the other side of a `--diff` picture; nil without one.
        var comparison: Comparison?
    }

    /// A field a profile set.
    struct Field: Equatable {
        let name: String
        let value: String
        /// `file:line`, the file relative to the profiles' folder.
        let place: String
    }

    /// How a factory's wiring differs between the two sides of a picture.
    enum Comparison: Equatable {
        case same, differs
    }

    /// The profiles, as given, and the files they were read from.
    let profiles: [String]
    let files: [String]
    /// Containers by name, each with its factories by key, both sorted.
    var containers: [(name: String, factories: [Factory])]

    /// The picture of `merged` over `catalog`'s factories; without a catalog, only the factories the profiles
    /// name. Files are shown relative to `folder`.
    init(_ merged: MergedProfile, catalog: Catalog?, folder: String) {
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
        for row in Explain.rows(merged) {
            var factory = byContainer[row.container]?[row.key] ?? Factory(key: row.key)
            factory.fields.append(
                Field(name: row.field, value: row.value, place: "\(relative(row.file)):\(row.line)"))
            byContainer[row.container, default: [:]][row.key] = factory
        }
        containers = byContainer.keys.sorted().map { name in
            (name, byContainer[name]!.values.sorted { $0.key < $1.key })
        }
    }

    /// This picture with each factory marked as the same as in `other` or different (its fields' values, not
    /// where they were set). A factory only `other` names is added, as this side's code wiring, and differs.
    func compared(with other: WiringGraph) -> WiringGraph {
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
