import Foundation

/// What a merged entry sets, as text without positions: two entries with the same text wire their factory
/// the same way (given the same secret values), so a reload rewires only the factories whose text changed.
extension MergedEntry {
    /// `use`, `with`, `value`, `scope` and the context choices, in a fixed order.
    package var fingerprint: String {
        var text = ""
        if let use { text += "use=\(use.value);" }
        if let with { text += "with=\(with.value.canonicalText);" }
        if let value { text += "value=\(value.value.canonicalText);" }
        if let scope { text += "scope=\(scope.value);" }
        for context in contexts.keys.sorted() {
            let choice = contexts[context]!.value
            text += "context \(context)=\(choice.use?.value ?? "")"
            if let with = choice.with { text += " with=\(with.canonicalText)" }
            if let value = choice.value { text += " value=\(value.canonicalText)" }
            text += ";"
        }
        return text
    }
}

extension ValueNode {
    /// The value as text, keys in document order, each scalar with how it was written.
    package var canonicalText: String {
        var text = ""
        append(index, of: tree, to: &text)
        return text
    }

    private func append(_ index: Int, of tree: NodeTree, to text: inout String) {
        switch tree.kind(of: index) {
        case .scalar(let scalar, let style):
            text += "\(style.rawValue)\"\(scalar.replacingOccurrences(of: "\"", with: "\\\""))\""
        case .mapping(let pairs):
            text += "{"
            for pair in pairs {
                append(pair.key, of: tree, to: &text)
                text += ":"
                append(pair.value, of: tree, to: &text)
                text += ","
            }
            text += "}"
        case .sequence(let items):
            text += "["
            for item in items {
                append(item, of: tree, to: &text)
                text += ","
            }
            text += "]"
        }
    }
}
