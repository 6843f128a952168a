/// One field a set of profiles gives a factory, as text, with where it was set and what it overrode: a row of
/// `plugboard explain`, what `diff` compares, and a line of a wiring picture's node (`plugboard graph`, and a
/// running program's ``WiringGraph``).
@_spi(Tools) public struct ExplainedField: Encodable, Equatable, Sendable {
    public let container: String
    public let key: String
    /// `use`, `with` (or `with.FIELD` when an override set one field), `value`, `scope` or `contexts.NAME`.
    public let field: String
    /// The value as compact text: `file`, `[console, amplitude]`, `{url: "https://x", retries: 2}`.
    public let value: String
    public let file: String
    public let line: Int
    public let column: Int
    /// Where the values it replaced were set, `file:line` each.
    public let overrides: [String]

    /// Every field `merged` sets, by container, key and field, in the order each entry gives them.
    public static func all(in merged: MergedProfile) -> [ExplainedField] {
        var rows: [ExplainedField] = []
        for (container, section) in merged.containers.sorted(by: { $0.key < $1.key }) {
            for entry in section.entries.sorted(by: { $0.key < $1.key }) {
                for field in fields(of: entry, replaced: merged.replacedFields) {
                    rows.append(
                        ExplainedField(
                            container: container, key: entry.key, field: field.name, value: field.value,
                            file: field.origin.file, line: field.origin.line, column: field.origin.column,
                            overrides: field.overridden.map(Self.place)))
                }
            }
        }
        return rows
    }

    /// `file:line`.
    public static func place(_ position: SourcePosition) -> String {
        "\(position.file):\(position.line)"
    }

    private typealias Field = (name: String, value: String, origin: SourcePosition, overridden: [SourcePosition])

    /// The fields of `entry`; `replaced` says what overrides of single fields replaced (see
    /// `MergedProfile.replacedFields`).
    private static func fields(of entry: MergedEntry, replaced: [SourcePosition: [SourcePosition]]) -> [Field] {
        var rows: [Field] = []
        if let use = entry.use { rows.append(("use", use.value, use.origin, use.overridden)) }
        if let members = entry.members {
            rows.append(("use", text(of: members.value), members.origin, members.overridden))
        }
        if let with = entry.with { rows += settingRows("with", with, replaced: replaced) }
        if let value = entry.value { rows += settingRows("value", value, replaced: replaced) }
        if let scope = entry.scope { rows.append(("scope", scope.value, scope.origin, scope.overridden)) }
        for (context, choice) in entry.contexts.sorted(by: { $0.key < $1.key }) {
            rows.append(("contexts.\(context)", text(of: choice.value), choice.origin, choice.overridden))
        }
        return rows
    }

    /// One row for a `with` or `value`, or one per field when its fields come from different places (an
    /// override changed one field of a file's settings): each field then shows its own origin.
    private static func settingRows(
        _ name: String, _ setting: Setting<ValueNode>, replaced: [SourcePosition: [SourcePosition]]
    ) -> [Field] {
        let tree = setting.value.tree
        guard let pairs = tree.pairs(of: setting.value.index),
            Set(pairs.map { tree.position(of: $0.key).file }).count > 1
        else {
            return [(name, text(of: setting.value), setting.origin, setting.overridden)]
        }
        return pairs.map { pair in
            let field = ValueNode(tree: tree, index: pair.value)
            let position = tree.position(of: pair.key)
            return ("\(name).\(tree.scalar(pair.key)!)", text(of: field), position, replaced[position] ?? [])
        }
    }

    /// A value as compact text (`{url: "https://x", retries: 2}`). Parsed documents are at most the
    /// parser's depth limit deep, so the recursion is bounded.
    private static func text(of node: ValueNode) -> String {
        text(node.tree, node.index)
    }

    private static func text(_ tree: NodeTree, _ index: Int) -> String {
        switch tree.kind(of: index) {
        case .scalar(let text, let style): style == .text ? "\"\(text)\"" : text
        case .sequence(let items): "[" + items.map { text(tree, $0) }.joined(separator: ", ") + "]"
        case .mapping(let pairs):
            "{" + pairs.map { "\(tree.scalar($0.key)!): \(text(tree, $0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A list's members as text, in order: `[console, amplitude]`.
    private static func text(of members: [Located<String>]) -> String {
        "[" + members.map(\.value).joined(separator: ", ") + "]"
    }

    /// A context's choice as text.
    private static func text(of choice: ContextChoice) -> String {
        if let use = choice.use?.value ?? choice.members.map(text(of:)) {
            return choice.with.map { "\(use) with \(text(of: $0))" } ?? use
        }
        return choice.value.map { "value \(text(of: $0))" } ?? ""
    }
}
