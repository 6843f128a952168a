import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// The part of a ``WiringSnapshot`` that only a generation decides: its files, their folder, and every
/// factory's type, scope and fields with where each was set. What a snapshot adds at each call is what changes
/// while a generation runs: whether each scope keeps an instance, and the builds recorded.
struct WiringTemplate: Sendable {
    /// What a template is made from. The number alone would not do: a reload that only reformats a file keeps
    /// the generation's number, and moves its fields' lines.
    struct Source: Equatable, Sendable {
        let number: Int
        let files: [String]
        /// The hash of every input: the files' bytes, the secrets' values and the overrides' values.
        let inputsHash: UInt64

        init(_ generation: ProfileGeneration) {
            number = generation.number
            files = generation.files
            inputsHash = generation.inputsHash
        }
    }

    let source: Source
    /// The deepest folder holding every file.
    let folder: String
    /// The files, parents first, relative to ``folder``.
    let files: [String]
    /// Per container, per factory, with `keepsInstance` false.
    let containers: [String: WiringSnapshot.Container]

    /// The template of `generation`, over `outline`'s factories (a catalog of types and code scopes).
    init(_ generation: ProfileGeneration, outline: Catalog) {
        let merged = generation.merged ?? MergedProfile(names: generation.selection.names, documents: [])
        source = Source(generation)
        folder = Self.folder(of: merged.documents.map(\.file))
        let graph = WiringGraph(merged, catalog: outline, folder: folder)
        files = graph.files
        var containers: [String: WiringSnapshot.Container] = [:]
        for (name, factories) in graph.containers {
            var byKey: [String: WiringSnapshot.Factory] = [:]
            for factory in factories {
                let contexts = factory.fields.filter { $0.name.hasPrefix("contexts.") }.map {
                    (String($0.name.dropFirst("contexts.".count)), $0.value)
                }
                byKey[factory.key] = WiringSnapshot.Factory(
                    type: factory.type ?? "", use: factory.value(of: "use"),
                    scope: factory.value(of: "scope") ?? factory.codeScope,
                    contexts: Dictionary(contexts) { first, _ in first }, changed: factory.isChanged,
                    keepsInstance: false,
                    fields: factory.fields.map {
                        WiringSnapshot.Field(field: $0.name, value: $0.value, place: $0.place)
                    })
            }
            containers[name] = WiringSnapshot.Container(factories: byKey)
        }
        self.containers = containers
    }

    /// The deepest folder holding every one of `files`: the profiles' folder, when they share one.
    static func folder(of files: [String]) -> String {
        let folders = files.map { ($0 as NSString).deletingLastPathComponent }
        guard var common = folders.first else { return "" }
        for folder in folders.dropFirst() {
            while !(folder == common || folder.hasPrefix(common.hasSuffix("/") ? common : common + "/")) {
                let parent = (common as NSString).deletingLastPathComponent
                if parent == common { break }
                common = parent
            }
        }
        return common
    }
}
