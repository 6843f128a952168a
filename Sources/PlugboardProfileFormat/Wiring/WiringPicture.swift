/// Writes a ``WiringGraph`` as Mermaid (which GitHub renders in Markdown) or Graphviz DOT: a box per container,
/// a node per factory with its type, the fields the profiles set and where, changed factories highlighted, and
/// an arrow per recorded build.
@_spi(Tools) public enum WiringPicture {
    /// What the picture cannot show, said in the picture itself.
    static let unknownEdges =
        "Which factory builds from which is not shown: a catalog does not record it (factories resolve each other only when they build)."
    /// What the arrows mean, said in the picture itself.
    static let recordedEdges =
        "An arrow from A to B: A's kept instance was built while B was resolved, directly or through others. Only builds of kept instances are recorded, and only those made so far."

    /// The comment that says what the arrows are.
    private static func edgeNote(_ graph: WiringGraph) -> String {
        graph.edges == nil ? unknownEdges : recordedEdges
    }

    /// Each recorded build whose two factories are drawn, as the identifiers of their nodes.
    private static func arrows(_ graph: WiringGraph) -> [(from: String, to: String)] {
        var nodes: [WiringGraph.FactoryName: String] = [:]
        for (index, container) in graph.containers.enumerated() {
            for (position, factory) in container.factories.enumerated() {
                nodes[WiringGraph.FactoryName(container: container.name, key: factory.key)] = identifier(
                    index, position)
            }
        }
        return (graph.edges ?? []).compactMap { edge in
            guard let from = nodes[edge.from], let to = nodes[edge.to] else { return nil }
            return (from, to)
        }
    }

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
    public static func mermaid(_ graph: WiringGraph, title: String) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "#amp;").replacingOccurrences(of: "\"", with: "#quot;")
                .replacingOccurrences(of: "<", with: "#lt;").replacingOccurrences(of: ">", with: "#gt;")
        }
        var text = "%% \(title)\n%% \(edgeNote(graph))\nflowchart LR\n"
        for (index, container) in graph.containers.enumerated() {
            text += "  subgraph container\(index)[\"\(escaped(container.name))\"]\n"
            for (position, factory) in container.factories.enumerated() {
                let label = labelLines(factory).map(escaped).joined(separator: "<br/>")
                let style = factory.comparison == .differs ? ":::differs" : factory.isChanged ? ":::changed" : ""
                text += "    \(identifier(index, position))[\"\(label)\"]\(style)\n"
            }
            text += "  end\n"
        }
        for arrow in arrows(graph) { text += "  \(arrow.from) --> \(arrow.to)\n" }
        text += "  classDef changed fill:#fff4c2,stroke:#b58900\n"
        text += "  classDef differs fill:#ffd6d6,stroke:#c0392b\n"
        return text
    }

    /// Graphviz DOT text.
    public static func dot(_ graph: WiringGraph, title: String) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        var text =
            "// \(title)\n// \(edgeNote(graph))\ndigraph wiring {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n"
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
        for arrow in arrows(graph) { text += "  \(arrow.from) -> \(arrow.to);\n" }
        return text + "}\n"
    }
}
