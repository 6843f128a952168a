import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// The running program's wiring at one moment: the generation of profiles applied, what chose them, and per
/// container and factory the implementation, scope and contexts they give it, whether its scope keeps an
/// instance now, and what the kept instances were built from so far. What an operator asks a running service
/// (``ProfileSystem/wiring``), as JSON (`Schemas/plugboard-wiring.schema.json`) or as the picture
/// `plugboard graph` draws of the same files (``mermaid``, ``graphviz``).
///
/// Values are written as the profiles write them, as `plugboard explain` shows them: a `Secret` setting only
/// ever holds a reference (`env:DB_PASSWORD`), so no secret's value appears.
public struct WiringSnapshot: Sendable, Equatable, Codable {
    /// The snapshot format's version (1).
    public var plugboardWiring = 1
    /// The generation running: 1 for the launch, one more for each reload that applied.
    public var generation: Int
    /// The active profiles, in the order they merge.
    public var profiles: [String]
    /// What chose them: `argument` (`--plugboard-profile`), `environment` (`PLUGBOARD_PROFILE`), `default` (a
    /// profile named `default`), `code`, or `none`.
    public var chosenBy: String
    /// The folder the places below are relative to: the profiles' own, when they share one.
    public var folder: String
    /// The files read, in merge order, relative to ``folder``.
    public var files: [String]
    /// The overrides merged over the files, by origin (`--plugboard-set Container.key.use`), never by value.
    public var overrides: [String]
    /// Every container the launch listed, by name.
    public var containers: [String: Container]
    /// What each kept instance was built from, recorded so far: `from` was resolved while `built` was built,
    /// directly or through factories between them. A factory whose scope keeps nothing records no build.
    public var builds: [Build]

    /// One container's factories, by key.
    public struct Container: Sendable, Equatable, Codable {
        /// Every factory the container declared, by key.
        public var factories: [String: Factory]
    }

    /// One factory's wiring.
    public struct Factory: Sendable, Equatable, Codable {
        /// Its type, as the catalog names it (`async TodoStore`, `Array<AuditSink>`).
        public var type: String
        /// The implementation the profiles chose (`postgres`, `[log, file]`); nil: the code's definition.
        public var use: String?
        /// The scope in effect when the profiles or the definition say: a profile's `scope`, else the one the
        /// definition sets on every access; nil: the code's, which registrations may change.
        public var scope: String?
        /// The choices per context (`test`, `preview`, `arg.--flag`), as text.
        public var contexts: [String: String]
        /// Whether a profile changes it from the code's wiring.
        public var changed: Bool
        /// Whether its scope keeps an instance now.
        public var keepsInstance: Bool
        /// Every field the profiles set, with where.
        public var fields: [Field]
    }

    /// A field the profiles set: `use`, `with` (or `with.FIELD`), `value`, `scope`, `contexts.NAME`.
    public struct Field: Sendable, Equatable, Codable {
        /// `use`, `with`, `with.FIELD`, `value`, `scope` or `contexts.NAME`.
        public var field: String
        /// The value as the profiles write it, compact: `postgres`, `[log, file]`, `{port: 5432}`.
        public var value: String
        /// `file:line`, relative to ``WiringSnapshot/folder``.
        public var place: String
    }

    /// A recorded build, each factory as `Container.key`.
    public struct Build: Sendable, Equatable, Codable {
        /// The factory whose kept instance was built.
        public var built: String
        /// A factory resolved while it was built.
        public var from: String
    }

    /// The snapshot as the JSON `Schemas/plugboard-wiring.schema.json` describes: keys sorted, for diffs.
    ///
    /// - Returns: The JSON text's bytes, pretty-printed.
    /// - Throws: Nothing in practice: every value is text, a number or a flag (`throws` is `JSONEncoder`'s).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The picture as Mermaid, which GitHub renders in Markdown: the text `plugboard graph` writes for the same
    /// files, with the catalog `ProfileSystem.exportCatalog(to:)` writes at the same moment.
    public var mermaid: String { WiringPicture.mermaid(graph, title: title) }

    /// The picture as Graphviz DOT, as `plugboard graph --format dot` writes it.
    public var graphviz: String { WiringPicture.dot(graph, title: title) }

    private var title: String { "profiles \(profiles.joined(separator: ", ")) from \(files.joined(separator: ", "))" }

    /// The snapshot as the validator's picture model.
    private var graph: WiringGraph {
        WiringGraph(
            profiles: profiles, files: files,
            containers: containers.keys.sorted().map { name in
                let factories = containers[name]!.factories.sorted { $0.key < $1.key }.map { key, factory in
                    WiringGraph.Factory(
                        key: key, type: factory.type,
                        codeScope: factory.fields.contains { $0.field == "scope" } ? nil : factory.scope,
                        fields: factory.fields.map {
                            WiringGraph.Field(name: $0.field, value: $0.value, place: $0.place)
                        })
                }
                return (name, factories)
            },
            edges: builds.compactMap { build in
                guard let built = WiringGraph.FactoryName(build.built), let from = WiringGraph.FactoryName(build.from)
                else { return nil }
                return WiringGraph.Edge(from: built, to: from)
            })
    }
}
