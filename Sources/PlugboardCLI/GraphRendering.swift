/// Writes a ``WiringGraph`` as Mermaid (which GitHub renders in Markdown) or Graphviz DOT: a box per container,
/// a node per factory with its type, the fields the profiles set and where, changed factories highlighted.
enum GraphRendering {
    /// What the picture cannot show, said in the picture itself.
    static let unknownEdges =
        "Which factory builds from which is not shown: a catalog does not record it (factories resolve each other only when they build)."

    /// The lines of a factory's label: key and type, then each field with its place, or the code's wiring.
    static func labelLines(_ factory: WiringGraph.Factory) -> [String] {
        var lines = [factory.type.map { "\(factory.key): \($0)" } ?? factory.key]
        if factory.fields.isEmpty {
            lines.append("the code's wiring")
        } else {
            lines += factory.fields.map { "\($0.name) = \($0.value)  (\($0.place))" }
        }
        if let scope = factory.codeScope, !factory.fields.contains(where: { $0.name == "scope" }) {
            lines.append("scope = \(scope)  (the code's definition)")
        }
        if factory.comparison == .differs { lines.append("differs from the other profiles") }
        return lines
    }

    /// The node of the factory at `factory` in the container at `container`: unique whatever the names hold.
    static func identifier(_ container: Int, _ factory: Int) -> String {
        "c\(container)f\(factory)"
    }

    /// Mermaid `flowchart` text.
    static func mermaid(_ graph: WiringGraph, title: String) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "#amp;").replacingOccurrences(of: "\"", with: "#quot;")
                .replacingOccurrences(of: "<", with: "#lt;").replacingOccurrences(of: ">", with: "#gt;")
        }
        var text = "%% \(title)\n%% \(unknownEdges)\nflowchart LR\n"
        for (index, container) in graph.containers.enumerated() {
            text += "  subgraph container\(index)[\"\(escaped(container.name))\"]\n"
            for (position, factory) in container.factories.enumerated() {
                let label = labelLines(factory).map(escaped).joined(separator: "<br/>")
                let style = factory.comparison == .differs ? ":::differs" : factory.isChanged ? ":::changed" : ""
                text += "    \(identifier(index, position))[\"\(label)\"]\(style)\n"
            }
            text += "  end\n"
        }
        text += "  classDef changed fill:#fff4c2,stroke:#b58900\n"
        text += "  classDef differs fill:#ffd6d6,stroke:#c0392b\n"
        return text
    }

    /// Graphviz DOT text.
    static func dot(_ graph: WiringGraph, title: String) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        var text =
            "// \(title)\n// \(unknownEdges)\ndigraph wiring {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n"
        for (index, container) in graph.containers.enumerated() {
            text += "  subgraph cluster_\(index) {\n    label=\(quoted(container.name));\n"
            for (position, factory) in container.factories.enumerated() {
                let label =
                    labelLines(factory).map { $0.replacingOccurrences(of: "\\", with: "\\\\") }
                    .map { $0.replacingOccurrences(of: "\"", with: "\\\"") }.joined(separator: "\\l") + "\\l"
                let fill =
                    factory.comparison == .differs
                    ? ", style=filled, fillcolor=\"#ffd6d6\""
                    : factory.isChanged ? ", style=filled, fillcolor=\"#fff4c2\"" : ""
                text += "    \(identifier(index, position)) [label=\"\(label)\"\(fill)];\n"
            }
            text += "  }\n"
        }
        return text + "}\n"
    }
}
