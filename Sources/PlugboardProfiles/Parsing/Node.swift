/// A parsed YAML or JSON document: every value with the line and column where it starts.
///
/// Nodes live in one flat array and refer to their children by index, so neither building nor freeing a
/// document recurses, however deep it is.
public struct NodeTree: Sendable {
    /// What a node holds.
    public enum Kind: Sendable, Equatable {
        /// A scalar, as written, with how it was written.
        case scalar(String, ScalarStyle)
        /// Key and value pairs, in document order (keys are scalar nodes).
        case mapping([(key: Int, value: Int)])
        /// Values in order.
        case sequence([Int])

        /// Equal kinds hold equal scalars, or the same child indices.
        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case let (.scalar(a, s), .scalar(b, t)): a == b && s == t
            case let (.mapping(a), .mapping(b)): a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
            case let (.sequence(a), .sequence(b)): a == b
            default: false
            }
        }
    }

    /// How a scalar was written, which decides what it may mean.
    public enum ScalarStyle: Sendable, Equatable {
        /// A YAML plain scalar: its meaning depends on where it stands (YAML 1.2 core rules).
        case plain
        /// A quoted or block YAML scalar, or a JSON string: always text.
        case text
        /// A JSON number.
        case number
        /// A JSON `true` or `false`.
        case boolean
        /// A JSON `null`.
        case null
    }

    /// One node: what it holds and where it starts.
    public struct Node: Sendable {
        /// The node's content.
        public var kind: Kind
        /// Where the node starts (1-based line and column; columns count characters).
        public var position: SourcePosition
    }

    /// A node's line and column, without the file name (kept once per tree, not copied per node).
    struct Place {
        var line: Int32
        var column: Int32
    }

    /// What each node holds, by index.
    private(set) var kinds: [Kind] = []
    /// Where each node starts, by index.
    private var places: [Place] = []
    /// The index of the root node.
    public internal(set) var root = 0
    /// The file the document came from.
    public let file: String

    /// An empty tree for `file`, filled by a parser.
    public init(file: String) {
        self.file = file
    }

    /// How many nodes the tree holds.
    public var count: Int { kinds.count }

    /// The node at `index`.
    public subscript(index: Int) -> Node {
        Node(kind: kinds[index], position: position(of: index))
    }

    /// What node `index` holds.
    public func kind(of index: Int) -> Kind { kinds[index] }

    /// Where node `index` starts.
    public func position(of index: Int) -> SourcePosition {
        let place = places[index]
        return SourcePosition(file: file, line: Int(place.line), column: Int(place.column))
    }

    /// Makes room for `count` nodes.
    mutating func reserveCapacity(_ count: Int) {
        kinds.reserveCapacity(count)
        places.reserveCapacity(count)
    }

    mutating func append(_ kind: consuming Kind, line: Int, column: Int) -> Int {
        kinds.append(kind)
        places.append(Place(line: Int32(clamping: line), column: Int32(clamping: column)))
        return kinds.count - 1
    }

    /// Sets the children of a collection node once they are all parsed.
    mutating func setKind(_ kind: consuming Kind, of index: Int) {
        kinds[index] = kind
    }

    /// The scalar text of node `index`, or nil when it is a mapping or sequence.
    public func scalar(_ index: Int) -> String? {
        if case .scalar(let text, _) = kinds[index] { return text }
        return nil
    }

    /// A short description of what node `index` is, for messages: "a mapping", "the number 3".
    public func describe(_ index: Int) -> String {
        switch kinds[index] {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar(let text, let style):
            switch style {
            case .number: "the number \(text)"
            case .boolean: "the boolean \(text)"
            case .null: "null"
            case .plain where ScalarRules.isNumber(text): "the number \(text)"
            case .plain where text == "true" || text == "false": "the boolean \(text)"
            case .plain, .text: "\"\(text)\""
            }
        }
    }
}

/// A place in a file.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int

    /// A position.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// File order: by file, then line, then column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// Limits that keep hostile input from costing more than a moment. Programs can change them.
public struct ParseLimits: Sendable, Equatable {
    /// The largest file read, checked before parsing (default 16 MiB).
    public var maxInputBytes: Int
    /// The deepest nesting of mappings and lists (default 128), checked as the parser goes.
    public var maxDepth: Int
    /// The longest scalar, in bytes (default 1 MiB).
    public var maxScalarBytes: Int

    /// Limits with the given values (the defaults unless told otherwise).
    public init(maxInputBytes: Int = 16 << 20, maxDepth: Int = 128, maxScalarBytes: Int = 1 << 20) {
        self.maxInputBytes = maxInputBytes
        self.maxDepth = maxDepth
        self.maxScalarBytes = maxScalarBytes
    }

    /// The default limits.
    public static let `default` = ParseLimits()
}
