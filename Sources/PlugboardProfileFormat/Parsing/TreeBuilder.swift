/// Builds a ``NodeTree`` from parse events without recursion, checking depth and keys as it goes.
///
/// The children of every open mapping and list wait in one shared stack (a mapping's as key, value, key,
/// value), so an open collection costs no allocation of its own; each moves its children into the tree when
/// it closes. Both parsers build through it, so they check depth, keys and duplicates the same way.
struct TreeBuilder {
    private struct Frame {
        let node: Int
        let isMapping: Bool
        /// Where this collection's children start in `children`.
        let start: Int
        /// Key text to key node, once a mapping outgrows comparing its keys one by one.
        var keys: NameIndex?
    }

    /// Mappings with more keys than this look duplicates up in a `NameIndex` instead of comparing them all.
    private static let linearKeyLimit = 8

    /// The nodes so far, and the root's index once it is known.
    private var table = NodeTable()
    private var root = 0
    private let fileNumber: InternedNames.Number
    private var stack: [Frame] = []
    /// The children of the open collections, innermost last (key, value, key, value... for a mapping), in
    /// `children[..<childCount]`: closing a collection lowers the count instead of removing elements.
    private var children: [Int32] = []
    private var childCount = 0
    /// The numbers of the short texts in `table`, so that each spelling is stored once.
    private var texts = ShortTexts()
    private let limits: ParseLimits
    private var rootSet = false
    /// Where nodes copied from other trees were written (see ``place(next:)``).
    private var copiedPositions: [Int: SourcePosition] = [:]

    /// A builder for a document of `inputBytes` bytes, with room reserved for one node per 8 bytes, what a
    /// dense profile has (`key: { use: x, scope: cached }` is six nodes in 48 to 64 bytes). Growing the arrays
    /// from a smaller guess copied them twice at 10 MB, into memory the kernel had to map afresh each time;
    /// room a sparser profile leaves unused is only address space, as the allocator maps large blocks on
    /// first touch. Either way the estimate costs copies or room, never a failure.
    init(file: String, limits: ParseLimits, inputBytes: Int) {
        fileNumber = InternedNames.number(of: file)
        table.reserveCapacity(inputBytes / 8)
        self.limits = limits
    }

    /// The file the tree's own positions are in.
    var file: String { InternedNames.name(of: fileNumber) }

    private func position(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(fileNumber: fileNumber, line: line, column: column)
    }

    /// Adds a scalar whose text is number `text` (from one of the `text(_:)` methods); inlined
    /// into the parsers' loops, as it runs for every scalar. A mapping's key is checked against the mapping's
    /// earlier keys before it is stored.
    @inline(__always)
    mutating func add(text: Int32, _ style: NodeTree.ScalarStyle, line: Int, column: Int) -> Diagnostic? {
        let index = table.count
        if let last = stack.indices.last, stack[last].isMapping, (childCount - stack[last].start) % 2 == 0,
            let first = earlierKey(text, index: index, inFrame: last)
        {
            let earlier = table.records[first]
            return Diagnostic(
                .duplicateKey,
                "duplicate key '\(table.text(text))' (first at line \(earlier.line), column \(earlier.column))",
                at: position(line, column))
        }
        _ = table.appendScalar(text: text, style, line: line, column: column)
        attach(index)
        return nil
    }

    /// Adds a scalar whose text is `bytes`, already checked to be UTF-8.
    @inline(__always)
    mutating func add(bytes: UnsafeBufferPointer<UInt8>, _ style: NodeTree.ScalarStyle, line: Int, column: Int)
        -> Diagnostic?
    {
        add(text: text(bytes), style, line: line, column: column)
    }

    /// The number of the text spelled `bytes`, already checked to be UTF-8: a short spelling is stored once.
    @inline(__always)
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        switch texts.lookup(bytes) {
        case .found(let number):
            return number
        case .missing(let key):
            let number = table.appendText(bytes)
            texts.remember(key, as: number)
            return number
        case .long:
            return table.appendText(bytes)
        }
    }

    /// The number of a text the parser assembled (a JSON string with escapes).
    mutating func text(_ assembled: String) -> Int32 {
        table.appendText(assembled)
    }

    /// Starts a mapping or a list.
    mutating func open(mapping isMapping: Bool, line: Int, column: Int) -> Diagnostic? {
        if stack.count >= limits.maxDepth {
            return Diagnostic(
                .tooDeep, "nesting is deeper than the limit of \(limits.maxDepth) levels", at: position(line, column))
        }
        if let frame = stack.last, frame.isMapping, (childCount - frame.start) % 2 == 0 {
            return Diagnostic(
                .complexKey, "a mapping key must be a plain name, not a mapping or list", at: position(line, column))
        }
        let index = table.appendCollection(mapping: isMapping, line: line, column: column)
        stack.append(Frame(node: index, isMapping: isMapping, start: childCount))
        return nil
    }

    /// Ends the innermost mapping or list. (It is a value: ``open(mapping:line:column:)`` refused it as a key.)
    mutating func close() {
        guard let frame = stack.popLast() else { return }
        table.setChildren(of: frame.node, children[frame.start..<childCount])
        childCount = frame.start
        attach(frame.node)
    }

    /// Makes node `index` the next child of the innermost open collection, or the root.
    @inline(__always)
    private mutating func attach(_ index: Int) {
        guard !stack.isEmpty else {
            root = index
            rootSet = true
            return
        }
        if childCount < children.count {
            children[childCount] = Int32(truncatingIfNeeded: index)
        } else {
            children.append(Int32(truncatingIfNeeded: index))
        }
        childCount += 1
    }

    /// The key node with the same text as text number `text` in the mapping of stack frame `frame`, if any;
    /// else, once the mapping is indexed, records `index` as that text's key (one hash lookup for both).
    private mutating func earlierKey(_ text: Int32, index: Int, inFrame frame: Int) -> Int? {
        let start = stack[frame].start
        if (childCount - start) / 2 <= Self.linearKeyLimit {
            // The same number is the same text; different numbers can be too (a long text, or a short one
            // stored again after another took its slot in `texts`), so their strings are compared, lengths first.
            let string = table.text(text)
            let length = string.utf8.count
            var key = start
            while key < childCount {
                let earlier = table.textNumber(of: Int(children[key]))
                if earlier == text { return Int(children[key]) }
                let earlierString = table.text(earlier)
                if earlierString.utf8.count == length, earlierString == string { return Int(children[key]) }
                key += 2
            }
            return nil
        }
        if stack[frame].keys == nil {
            // The mapping just outgrew the linear search: index the keys it has so far.
            var keys = NameIndex(capacity: 64)
            for key in stride(from: start, to: childCount, by: 2) {
                _ = keys.valueOrInsert(table.text(table.textNumber(of: Int(children[key]))), Int(children[key]))
            }
            stack[frame].keys = keys
        }
        return stack[frame].keys!.valueOrInsert(table.text(text), index)
    }

    /// Gives the next node added the position `position` instead of a line and column of this builder's file:
    /// for a node copied from another tree (an override's document keeps the settings it does not change).
    mutating func place(next position: SourcePosition) {
        copiedPositions[table.count] = position
    }

    /// The finished tree, or nil when nothing was parsed.
    func finish() -> NodeTree? {
        guard rootSet else { return nil }
        return NodeTree(
            table, root: root, fileNumber: fileNumber, copiedPositions: copiedPositions.isEmpty ? nil : copiedPositions)
    }
}
