import CYAML

/// Parses YAML with libyaml's event API into a ``NodeTree``, rejecting what profiles do not allow:
/// anchors and aliases, tags, several documents, duplicate and non-scalar keys, and input past the limits.
public enum YAMLParser {
    /// Parses `bytes` read from `file`.
    public static func parse(_ bytes: [UInt8], file: String, limits: ParseLimits = .default) -> Result<NodeTree, Diagnostic> {
        switch InputCheck.check(bytes, file: file, limits: limits, yaml: true) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let body): return parseChecked(body, file: file, limits: limits)
        }
    }

    private static func parseChecked(_ body: ArraySlice<UInt8>, file: String, limits: ParseLimits) -> Result<NodeTree, Diagnostic> {
        // The parser lives on the heap and is always deleted; every event is deleted after use.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            return .failure(Diagnostic(.unreadable, "libyaml could not start (out of memory)", at: SourcePosition(file: file, line: 1, column: 1)))
        }
        defer {
            yaml_parser_delete(parser)
            parser.deallocate()
        }
        return body.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            var builder = TreeBuilder(file: file, limits: limits, inputBytes: buffer.count)
            var documents = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(parser, &event) == 1 else {
                    return .failure(syntaxError(parser.pointee, body: body, file: file))
                }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    guard documents > 0, let tree = builder.finish() else {
                        return .failure(Diagnostic(.empty, "the file is empty: a profile needs at least `plugboard: 1`", at: SourcePosition(file: file, line: 1, column: 1)))
                    }
                    return .success(tree)
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        return .failure(Diagnostic(.multipleDocuments, "a profile file holds one YAML document; this is a second one", at: position(event.start_mark, file: file)))
                    }
                case YAML_ALIAS_EVENT:
                    return .failure(Diagnostic(.alias, "YAML aliases (*name) are not allowed in profiles; write the value out", at: position(event.start_mark, file: file)))
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    if let problem = anchorOrTag(anchor: scalar.anchor, tag: scalar.tag, at: event.start_mark, file: file) { return .failure(problem) }
                    if scalar.length > limits.maxScalarBytes {
                        return .failure(Diagnostic(.scalarTooLong, "a scalar of \(scalar.length) bytes is over the limit of \(limits.maxScalarBytes) bytes", at: position(event.start_mark, file: file)))
                    }
                    let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    let style: NodeTree.ScalarStyle = scalar.style == YAML_PLAIN_SCALAR_STYLE ? .plain : .text
                    if let problem = builder.add(text, style, line: line, column: column) { return .failure(problem) }
                case YAML_SEQUENCE_START_EVENT:
                    let start = event.data.sequence_start
                    if let problem = anchorOrTag(anchor: start.anchor, tag: start.tag, at: event.start_mark, file: file) { return .failure(problem) }
                    if let problem = builder.open(mapping: false, line: line, column: column) { return .failure(problem) }
                case YAML_MAPPING_START_EVENT:
                    let start = event.data.mapping_start
                    if let problem = anchorOrTag(anchor: start.anchor, tag: start.tag, at: event.start_mark, file: file) { return .failure(problem) }
                    if let problem = builder.open(mapping: true, line: line, column: column) { return .failure(problem) }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let problem = builder.close() { return .failure(problem) }
                default:
                    break
                }
            }
        }
    }

    private static func anchorOrTag(
        anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?, at mark: yaml_mark_t, file: String
    ) -> Diagnostic? {
        if let anchor {
            return Diagnostic(.alias, "YAML anchors (&\(String(cString: anchor))) are not allowed in profiles", at: position(mark, file: file))
        }
        if let tag {
            return Diagnostic(.tag, "YAML tags (\(String(cString: tag))) are not allowed in profiles: a profile cannot name a type", at: position(mark, file: file))
        }
        return nil
    }

    private static func position(_ mark: yaml_mark_t, file: String) -> SourcePosition {
        SourcePosition(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func syntaxError(_ parser: yaml_parser_t, body: ArraySlice<UInt8>, file: String) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            // Reader errors give a byte offset, not a mark.
            let at = InputCheck.position(ofByte: Int(parser.problem_offset), in: body, file: file)
            return Diagnostic(.yamlSyntax, problem, at: at)
        }
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
        }
        return Diagnostic(.yamlSyntax, message, at: position(parser.problem_mark, file: file))
    }
}

/// Builds a ``NodeTree`` from parse events without recursion, checking depth and keys as it goes.
///
/// The children of every open mapping and list wait in one shared array (a mapping's as key, value, key,
/// value), so an open collection costs no allocation of its own; each gets its exact child list when it closes.
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

    private var tree: NodeTree
    private var stack: [Frame] = []
    /// The children of the open collections, innermost last (key, value, key, value... for a mapping).
    private var children: [Int32] = []
    private let limits: ParseLimits
    private var rootSet = false

    /// A builder for a document of `inputBytes` bytes, with room reserved for one node per 32 bytes. A dense
    /// profile has one per 8 to 10 bytes and grows the arrays twice from there; a profile with comments and
    /// long values reserves no memory it will not use. Either way the estimate costs copies, never a failure.
    init(file: String, limits: ParseLimits, inputBytes: Int) {
        tree = NodeTree(file: file)
        tree.reserveCapacity(inputBytes / 32)
        self.limits = limits
    }

    private func position(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(file: tree.file, line: line, column: column)
    }

    /// Adds a scalar (inlined into the parsers' loops: it runs for every scalar).
    @inline(__always)
    mutating func add(_ text: consuming String, _ style: NodeTree.ScalarStyle, line: Int, column: Int) -> Diagnostic? {
        let index = tree.appendScalar(text, style, line: line, column: column)
        return attach(index)
    }

    /// Starts a mapping or a list.
    mutating func open(mapping isMapping: Bool, line: Int, column: Int) -> Diagnostic? {
        if stack.count >= limits.maxDepth {
            return Diagnostic(.tooDeep, "nesting is deeper than the limit of \(limits.maxDepth) levels", at: position(line, column))
        }
        if let frame = stack.last, frame.isMapping, (children.count - frame.start) % 2 == 0 {
            return Diagnostic(.complexKey, "a mapping key must be a plain name, not a mapping or list", at: position(line, column))
        }
        let index = tree.appendCollection(mapping: isMapping, line: line, column: column)
        stack.append(Frame(node: index, isMapping: isMapping, start: children.count))
        return nil
    }

    /// Ends the innermost mapping or list.
    mutating func close() -> Diagnostic? {
        guard let frame = stack.popLast() else { return nil }
        tree.setChildren(of: frame.node, children[frame.start...])
        children.removeSubrange(frame.start...)
        return attach(frame.node)
    }

    @inline(__always)
    private mutating func attach(_ index: Int) -> Diagnostic? {
        guard let last = stack.indices.last else {
            tree.root = index
            rootSet = true
            return nil
        }
        let start = stack[last].start
        if stack[last].isMapping && (children.count - start) % 2 == 0 {
            guard let text = tree.scalar(index) else {
                return Diagnostic(.complexKey, "a mapping key must be a plain name, not a mapping or list", at: tree.position(of: index))
            }
            if let first = earlierKey(text, index: index, inFrame: last) {
                let earlier = tree.position(of: first)
                return Diagnostic(.duplicateKey, "duplicate key '\(text)' (first at line \(earlier.line), column \(earlier.column))", at: tree.position(of: index))
            }
        }
        children.append(Int32(truncatingIfNeeded: index))
        return nil
    }

    /// The key node with the same text as `text` in the mapping of stack frame `frame`, if any; else, once the
    /// mapping is indexed, records `index` as that text's key (one hash lookup for both).
    private mutating func earlierKey(_ text: String, index: Int, inFrame frame: Int) -> Int? {
        let start = stack[frame].start
        if (children.count - start) / 2 <= Self.linearKeyLimit {
            for key in stride(from: start, to: children.count, by: 2) where tree.scalar(Int(children[key])) == text {
                return Int(children[key])
            }
            return nil
        }
        if stack[frame].keys == nil {
            // The mapping just outgrew the linear search: index the keys it has so far.
            var keys = NameIndex(capacity: 64)
            for key in stride(from: start, to: children.count, by: 2) {
                _ = keys.valueOrInsert(tree.scalar(Int(children[key])) ?? "", Int(children[key]))
            }
            stack[frame].keys = keys
        }
        return stack[frame].keys!.valueOrInsert(text, index)
    }

    /// The finished tree, or nil when nothing was parsed.
    func finish() -> NodeTree? {
        rootSet ? tree : nil
    }
}
