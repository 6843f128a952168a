/// The nodes of a ``NodeTree`` while a parser adds them: records, texts and children in three arrays.
///
/// A node is a record of five numbers and no reference: a scalar names its text in `texts` (a profile repeats
/// its field and implementation names thousands of times, and the parser stores each short spelling once),
/// and a collection its run of children in `links`. Freeing the nodes does not visit them.
struct NodeTable: Sendable {
    /// A node: a scalar's style and text, or a collection's run of children in `links`.
    struct Record {
        enum Tag: UInt8 {
            case plain, text, number, boolean, untyped, null, mapping, sequence
        }

        var line: Int32
        var column: Int32
        /// A scalar's text in `texts`, or where a collection's children start in `links`.
        var first: Int32
        /// How many entries of `links` a collection has (two per mapping pair).
        var count: Int32
        var tag: Tag

        /// Whether the node is a scalar (scalar tags share their raw values with ``ScalarStyle``).
        var isScalar: Bool { tag.rawValue <= Tag.null.rawValue }
    }

    /// Every node, by index.
    private(set) var records: [Record] = []
    /// The scalars' texts, each distinct short text once.
    private var texts: [String] = []
    /// Each text's hash (``FNV1a/hash(words:into:)`` of its UTF-8), taken from the bytes as it is added: what a
    /// reload's fingerprints read instead of hashing every occurrence's text again.
    private var textHashes: [UInt64] = []
    /// Each collection's children, one run per collection: key, value, key, value... for a mapping.
    private var links: [Int32] = []

    /// How many nodes the table holds.
    var count: Int { records.count }

    /// Text number `number`.
    func text(_ number: Int32) -> String {
        texts[Int(number)]
    }

    /// The hash of text number `number`'s UTF-8.
    func textHash(_ number: Int32) -> UInt64 {
        textHashes[Int(number)]
    }

    /// The text number of scalar node `index`.
    func textNumber(of index: Int) -> Int32 {
        records[index].first
    }

    /// The children of collection node `index`.
    func children(of index: Int) -> ArraySlice<Int32> {
        let first = Int(records[index].first)
        return links[first..<first + Int(records[index].count)]
    }

    /// Makes room for `count` nodes, and texts for a distinct one in every eighth (a profile's keys).
    mutating func reserveCapacity(_ count: Int) {
        records.reserveCapacity(count)
        links.reserveCapacity(count)
        texts.reserveCapacity(count / 8)
        textHashes.reserveCapacity(count / 8)
    }

    /// Adds `text`, spelled `bytes`, and returns its number, for ``appendScalar(text:_:line:column:)``.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        texts.append(String(decoding: bytes, as: UTF8.self))
        textHashes.append(FNV1a.hash(words: UnsafeRawBufferPointer(bytes)))
        return Int32(truncatingIfNeeded: texts.count - 1)
    }

    /// Adds `text` and returns its number, for ``appendScalar(text:_:line:column:)``.
    mutating func appendText(_ text: String) -> Int32 {
        texts.append(text)
        textHashes.append(FNV1a.hash(text))
        return Int32(truncatingIfNeeded: texts.count - 1)
    }

    /// Adds a scalar node whose text is number `text`, and returns its index.
    mutating func appendScalar(text: Int32, _ style: NodeTree.ScalarStyle, line: Int, column: Int) -> Int {
        records.append(
            Record(
                line: Int32(clamping: line), column: Int32(clamping: column), first: text, count: 0,
                tag: Record.Tag(rawValue: style.rawValue)!))
        return records.count - 1
    }

    /// Adds an empty mapping or list node, whose children ``setChildren(of:_:)`` sets once they are parsed.
    mutating func appendCollection(mapping isMapping: Bool, line: Int, column: Int) -> Int {
        records.append(
            Record(
                line: Int32(clamping: line), column: Int32(clamping: column),
                first: Int32(truncatingIfNeeded: links.count), count: 0, tag: isMapping ? .mapping : .sequence))
        return records.count - 1
    }

    /// Moves node `index` to another line and column (a source map's; see ``ProfileSourceMap``).
    mutating func setPosition(of index: Int, line: Int32, column: Int32) {
        records[index].line = line
        records[index].column = column
    }

    /// Marks scalar node `index` as written plain (a source map's; see ``ProfileSourceMap``).
    mutating func markPlain(_ index: Int) {
        records[index].tag = .plain
    }

    /// Sets the children of collection node `index` (key, value, key, value... for a mapping).
    mutating func setChildren(of index: Int, _ children: ArraySlice<Int32>) {
        records[index].first = Int32(truncatingIfNeeded: links.count)
        records[index].count = Int32(truncatingIfNeeded: children.count)
        links.append(contentsOf: children)
    }
}
