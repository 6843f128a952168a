/// A parsed YAML or JSON document: every value with the line and column where it starts.
///
/// Nodes live in flat arrays and refer to their children by index, so neither building nor freeing a document
/// recurses, however deep it is. The tree is one reference to them: copying it, as every `with:` and `value:`
/// of a profile does, costs one reference count.
@_spi(Tools) public struct NodeTree: Sendable {
    /// What a node holds, as a value of its own (built on demand; ``pairs(of:)``, ``items(of:)`` and
    /// ``scalar(_:)`` read the tree without building one).
    package enum Kind: Sendable, Equatable {
        /// A scalar, as written, with how it was written.
        case scalar(String, ScalarStyle)
        /// Key and value pairs, in document order (keys are scalar nodes).
        case mapping([(key: Int, value: Int)])
        /// Values in order.
        case sequence([Int])

        /// Equal kinds hold equal scalars, or the same child indices.
        package static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case let (.scalar(a, s), .scalar(b, t)): a == b && s == t
            case let (.mapping(a), .mapping(b)): a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
            case let (.sequence(a), .sequence(b)): a == b
            default: false
            }
        }
    }

    /// How a scalar was written, which decides what it may mean.
    package enum ScalarStyle: UInt8, Sendable, Equatable {
        /// A YAML plain scalar: its meaning depends on where it stands (YAML 1.2 core rules).
        case plain
        /// A quoted or block YAML scalar, or a JSON string: always text.
        case text
        /// A JSON number.
        case number
        /// A JSON `true` or `false`.
        case boolean
        /// Text from outside any file (an environment variable, a launch argument): a number, a boolean or text,
        /// whichever the type it is decoded into asks for.
        case untyped
        /// A JSON `null`.
        case null
    }

    /// One node: what it holds and where it starts.
    package struct Node: Sendable {
        /// The node's content.
        package var kind: Kind
        /// Where the node starts (1-based line and column; columns count characters).
        package var position: SourcePosition
    }

    /// A mapping's key and value nodes, in document order, read in place from the tree.
    package struct Pairs: RandomAccessCollection, Sendable {
        fileprivate let links: ArraySlice<Int32>

        /// The first pair's position (always 0).
        package var startIndex: Int { 0 }
        /// How many pairs the mapping has.
        package var endIndex: Int { links.count / 2 }

        /// The key and value nodes of pair `position`.
        package subscript(position: Int) -> (key: Int, value: Int) {
            let at = links.startIndex + 2 * position
            return (Int(links[at]), Int(links[at + 1]))
        }
    }

    /// A list's item nodes, in order, read in place from the tree.
    package struct Items: RandomAccessCollection, Sendable {
        fileprivate let links: ArraySlice<Int32>

        /// The first item's position (always 0).
        package var startIndex: Int { 0 }
        /// How many items the list has.
        package var endIndex: Int { links.count }

        /// The node of item `position`.
        package subscript(position: Int) -> Int { Int(links[links.startIndex + position]) }
    }

    /// The nodes, which no one changes once the parser is done: every copy of the tree (each `with:` and
    /// `value:` of a profile holds one) shares them through one reference.
    private final class Storage: Sendable {
        let table: NodeTable
        let root: Int
        let fileNumber: InternedNames.Number
        /// Nodes copied from other files (an override's document carries the settings it keeps), with the
        /// places they were written. Nil for a parsed file.
        let copiedPositions: [Int: SourcePosition]?

        init(table: NodeTable, root: Int, fileNumber: InternedNames.Number, copiedPositions: [Int: SourcePosition]?) {
            self.table = table
            self.root = root
            self.fileNumber = fileNumber
            self.copiedPositions = copiedPositions
        }
    }

    private let storage: Storage

    /// The index of the root node.
    package var root: Int { storage.root }
    /// The file the document came from.
    package var file: String { InternedNames.name(of: storage.fileNumber) }
    /// `file`'s number, which every position in the tree carries.
    var fileNumber: InternedNames.Number { storage.fileNumber }
    private var records: [NodeTable.Record] { storage.table.records }

    /// An empty tree for `file`.
    package init(file: String) {
        self.init(NodeTable(), root: 0, fileNumber: InternedNames.number(of: file))
    }

    /// The tree of the nodes in `table`, from node `root`, read from the file numbered `fileNumber`.
    init(
        _ table: NodeTable, root: Int, fileNumber: InternedNames.Number, copiedPositions: [Int: SourcePosition]? = nil
    ) {
        storage = Storage(table: table, root: root, fileNumber: fileNumber, copiedPositions: copiedPositions)
    }

    /// How many nodes the tree holds.
    package var count: Int { records.count }

    /// This tree read from `file`, with the nodes before `kept` placed at `positions` (a line and a column
    /// each), the nodes in `plain` marked as written plain, and the root's pairs from `kept` on left out: what a
    /// source map restores (see ``ProfileSourceMap``).
    func restoring(file: String, positions: [Int32], plain: [Int], keptRootChildren kept: Int) -> NodeTree {
        var table = storage.table
        for index in 0..<positions.count / 2 {
            table.setPosition(of: index, line: positions[2 * index], column: positions[2 * index + 1])
        }
        for index in plain { table.markPlain(index) }
        table.setChildren(of: root, table.children(of: root).prefix(kept))
        return NodeTree(table, root: root, fileNumber: InternedNames.number(of: file))
    }

    /// The node at `index`.
    package subscript(index: Int) -> Node {
        Node(kind: kind(of: index), position: position(of: index))
    }

    /// What node `index` holds.
    package func kind(of index: Int) -> Kind {
        let record = records[index]
        switch record.tag {
        case .mapping: return .mapping(Array(pairs(of: index)!))
        case .sequence: return .sequence(Array(items(of: index)!))
        default: return .scalar(storage.table.text(record.first), ScalarStyle(rawValue: record.tag.rawValue)!)
        }
    }

    /// Where node `index` starts.
    package func position(of index: Int) -> SourcePosition {
        if let copied = storage.copiedPositions?[index] { return copied }
        return SourcePosition(
            fileNumber: fileNumber, line: Int(records[index].line), column: Int(records[index].column))
    }

    /// The pairs of node `index`, or nil when it is not a mapping.
    package func pairs(of index: Int) -> Pairs? {
        guard records[index].tag == .mapping else { return nil }
        return Pairs(links: storage.table.children(of: index))
    }

    /// The items of node `index`, or nil when it is not a list.
    package func items(of index: Int) -> Items? {
        guard records[index].tag == .sequence else { return nil }
        return Items(links: storage.table.children(of: index))
    }

    /// The scalar text of node `index`, or nil when it is a mapping or sequence.
    package func scalar(_ index: Int) -> String? {
        records[index].isScalar ? storage.table.text(records[index].first) : nil
    }

    /// The hash of node `index`'s scalar text (``FNV1a/hash(words:into:)`` of its UTF-8) and its style, or nil
    /// when it is a mapping or sequence: taken when the text was parsed.
    package func scalarHashAndStyle(_ index: Int) -> (hash: UInt64, style: ScalarStyle)? {
        guard let style = ScalarStyle(rawValue: records[index].tag.rawValue) else { return nil }
        return (storage.table.textHash(records[index].first), style)
    }

    /// The scalar text and style of node `index`, or nil when it is a mapping or sequence.
    package func scalarAndStyle(_ index: Int) -> (text: String, style: ScalarStyle)? {
        guard let style = ScalarStyle(rawValue: records[index].tag.rawValue) else { return nil }
        return (storage.table.text(records[index].first), style)
    }

    /// A short description of what node `index` is, for messages: "a mapping", "the number 3".
    package func describe(_ index: Int) -> String {
        switch records[index].tag {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        default:
            let (text, style) = scalarAndStyle(index)!
            switch style {
            case .number: return "the number \(text)"
            case .boolean: return "the boolean \(text)"
            case .null: return "null"
            case .plain where ScalarRules.isNumber(text): return "the number \(text)"
            case .plain where text == "true" || text == "false": return "the boolean \(text)"
            case .plain, .text, .untyped: return "\"\(text)\""
            }
        }
    }
}

/// Limits that keep hostile input from costing more than a moment. Programs change them from the defaults,
/// through the launch's options: `options.limits.maxDepth = 32`.
public struct ParseLimits: Sendable, Equatable {
    /// The largest file read, checked before parsing (default 16 MiB; at most ``inputCeiling``).
    public var maxInputBytes: Int {
        didSet { maxInputBytes = min(maxInputBytes, Self.inputCeiling) }
    }
    /// The deepest nesting of mappings and lists (default 128), checked as the parser goes.
    public var maxDepth: Int
    /// The longest scalar, in bytes (default 1 MiB).
    public var maxScalarBytes: Int
    /// The longest `extends` chain, in profiles (default 64): a profile deeper than that is an error.
    public var maxExtendsDepth: Int

    /// Limits with the given values, the defaults unless told otherwise: a tool that reads profiles itself
    /// (a linter, a generator) sets them for its own inputs; a program's launch takes them from
    /// `ProfileOptions`.
    ///
    /// - Parameters:
    ///   - maxInputBytes: The largest file read, in bytes (capped at 2 GiB).
    ///   - maxDepth: The deepest nesting of mappings and lists.
    ///   - maxScalarBytes: The longest scalar, in bytes.
    ///   - maxExtendsDepth: The longest `extends` chain, in profiles.
    public init(
        maxInputBytes: Int = 16 << 20, maxDepth: Int = 128, maxScalarBytes: Int = 1 << 20, maxExtendsDepth: Int = 64
    ) {
        self.maxInputBytes = min(maxInputBytes, Self.inputCeiling)
        self.maxDepth = maxDepth
        self.maxScalarBytes = maxScalarBytes
        self.maxExtendsDepth = maxExtendsDepth
    }

    /// The default limits.
    public static let `default` = ParseLimits()

    /// The most that ``maxInputBytes`` can be (2 GiB less a byte): a ``NodeTree`` numbers its nodes with
    /// 32 bits, and a document has fewer nodes than bytes.
    package static let inputCeiling = Int(Int32.max)
}
