/// The positions a JSON profile made from a YAML one carries (`plugboard build-profiles`, the build plugin), so
/// that what a launch finds in it points at the YAML file, line and column the user wrote, and its plain
/// scalars read as they did in YAML.
///
/// The JSON's root mapping ends with one more key:
///
/// ```json
/// "plugboard-source": { "file": "Profiles/uitest.yaml", "positions": [1, 1, 1, 12, ...], "plain": [2, 5] }
/// ```
///
/// `positions` has a line and a column for every node before that key, in document order (both parsers
/// number nodes alike), and `plain` the nodes that were plain YAML scalars (every scalar is a JSON string).
package enum ProfileSourceMap {
    /// The root key that holds the map.
    package static let key = "plugboard-source"

    /// `tree` as the YAML it was made from: its positions, file and plain scalars, without the map. `tree`
    /// itself when its root has no map; a diagnostic when the map does not fit the document.
    static func restoring(_ tree: NodeTree) -> Result<NodeTree, Diagnostic> {
        guard let pairs = tree.pairs(of: tree.root), let last = pairs.last, tree.scalar(last.key) == key else {
            return .success(tree)
        }
        func damaged(_ problem: String) -> Result<NodeTree, Diagnostic> {
            .failure(
                Diagnostic(
                    .wrongType,
                    "the source map of this converted profile (\(key)) \(problem); convert the YAML profile again",
                    at: tree.position(of: last.value)))
        }
        guard let fields = tree.pairs(of: last.value) else { return damaged("is not a mapping") }
        var file: String?
        var positions: [Int32] = []
        var plain: [Int] = []
        for (name, value) in fields {
            switch tree.scalar(name) {
            case "file": file = tree.scalar(value)
            case "positions": positions = numbers(tree, value).map { Int32(clamping: $0) }
            case "plain": plain = numbers(tree, value)
            default: return damaged("has an unknown field '\(tree.scalar(name) ?? "")'")
            }
        }
        let documentNodes = last.key
        guard let file, !file.isEmpty else { return damaged("names no file") }
        guard positions.count == 2 * documentNodes, positions.allSatisfy({ $0 >= 1 }) else {
            return damaged("has \(positions.count / 2) positions for \(documentNodes) values")
        }
        guard plain.allSatisfy({ $0 >= 0 && $0 < documentNodes && tree.scalar($0) != nil }) else {
            return damaged("marks a value that is not a scalar of the document")
        }
        return .success(
            tree.restoring(file: file, positions: positions, plain: plain, keptRootChildren: 2 * (pairs.count - 1)))
    }

    /// The whole numbers of list `index`, or none when it is not a list of them.
    private static func numbers(_ tree: NodeTree, _ index: Int) -> [Int] {
        guard let items = tree.items(of: index) else { return [] }
        return items.compactMap { tree.scalar($0).flatMap(Int.init) }
    }

    /// JSON text for `tree` (a parsed YAML profile) with its source map, naming `sourceFile`: every scalar as a
    /// string, one value a line.
    package static func json(for tree: NodeTree, sourceFile: String) -> String {
        var writer = Writer(tree: tree)
        writer.value(tree.root, indent: "", sourceMap: sourceFile)
        return writer.text + "\n"
    }

    /// Writes a tree's nodes in document order, the order the JSON parser numbers them in.
    private struct Writer {
        let tree: NodeTree
        var text = ""
        var positions: [Int] = []
        var plain: [Int] = []

        init(tree: NodeTree) {
            self.tree = tree
        }

        /// Writes node `index`; for the root, `sourceMap` names the YAML file and the map is its last pair.
        mutating func value(_ index: Int, indent: String, sourceMap: String? = nil) {
            let position = tree.position(of: index)
            positions += [position.line, position.column]
            let inner = indent + "  "
            if let pairs = tree.pairs(of: index) {
                text += "{"
                for (offset, pair) in pairs.enumerated() {
                    text += (offset == 0 ? "\n" : ",\n") + inner
                    value(pair.key, indent: inner)
                    text += ": "
                    value(pair.value, indent: inner)
                }
                if let sourceMap {
                    text += (pairs.isEmpty ? "\n" : ",\n") + inner + Self.quoted(ProfileSourceMap.key) + ": "
                    text += "{ \"file\": \(Self.quoted(sourceMap)), \"positions\": \(Self.list(positions)), "
                    text += "\"plain\": \(Self.list(plain)) }"
                }
                text += pairs.isEmpty && sourceMap == nil ? "}" : "\n" + indent + "}"
            } else if let items = tree.items(of: index) {
                text += "["
                for (offset, item) in items.enumerated() {
                    text += (offset == 0 ? "\n" : ",\n") + inner
                    value(item, indent: inner)
                }
                text += items.isEmpty ? "]" : "\n" + indent + "]"
            } else if let (scalar, style) = tree.scalarAndStyle(index) {
                if style == .plain { plain.append(index) }
                text += Self.quoted(scalar)
            }
        }

        static func list(_ numbers: [Int]) -> String {
            "[" + numbers.map(String.init).joined(separator: ", ") + "]"
        }

        /// `text` as a JSON string.
        static func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }
}
