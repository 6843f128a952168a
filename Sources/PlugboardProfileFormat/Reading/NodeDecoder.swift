import Foundation

/// Decodes a ``ValueNode`` into a `Decodable` type the program declared, typing scalars by what the type
/// asks for (YAML 1.2 core forms) and reporting problems at the node's line and column. Keys the type
/// does not read are errors, so a misspelt setting never passes silently.
package enum NodeDecoder {
    /// Decodes `node` as `T`, or throws the diagnostics that say why it cannot be. Throws rather than returning
    /// a `Result`: code generic over `T` looks up `Result<T, ProfileError>`'s metadata at run time, about 400
    /// instructions each time, on every setting a launch or reload decodes.
    ///
    /// `secrets` resolves the ``Secret`` settings: the launch's resolver; nil resolves them in this process's
    /// environment and files.
    package static func decoded<T: Decodable>(
        _ type: T.Type, from node: ValueNode, code: DiagnosticCode, secrets: SecretResolver? = nil
    ) throws(ProfileError) -> T {
        let state = DecodingState(tree: node.tree, code: code, secrets: secrets)
        let decoder = TreeDecoder(state: state, index: node.index)
        let value: T
        do {
            value = try decoder.decodeValue(T.self)
        } catch let error as NodeDecodingError {
            throw ProfileError([Diagnostic(error.code ?? code, error.message, at: node.tree.position(of: error.index))])
        } catch let error as DecodingError {
            throw ProfileError([state.diagnostic(for: error, root: node.index)])
        } catch {
            throw ProfileError([Diagnostic(code, "\(error)", at: node.position)])
        }
        let unread = state.unreadKeys()
        if !unread.isEmpty { throw ProfileError(unread) }
        return value
    }
}

struct NodeDecodingError: Error {
    let message: String
    let index: Int
    /// A code of its own (a secret's), instead of the one the decoding reports under.
    var code: DiagnosticCode? = nil
}

/// What one decoding shares: the tree, and which keys of which mappings were read. Reads are recorded by
/// key node, in arrays that a settings type of a few fields fills without hashing a single name.
///
/// Its fields are not checked for exclusive access at run time: one decoding, on one thread, reads and writes
/// them, and never while it iterates one of them. The checks cost about 500 instructions per settings type.
final class DecodingState {
    let tree: NodeTree
    let code: DiagnosticCode
    /// What resolves secret references: the launch's, the validator's with `--resolve-secrets`, or nil (the
    /// validator's shape check: the syntax only; a decoding: this process's environment and files).
    let secrets: SecretResolver?
    /// The first mapping the type opened (-1 until it opens one), then the others in order (a mapping opened
    /// twice is listed twice): a flat settings type opens one, which needs no array.
    @exclusivity(unchecked) private var firstMapping = -1
    @exclusivity(unchecked) private var laterMappings: [Int] = []
    /// The key nodes the type read.
    @exclusivity(unchecked) private var readKeyNodes = KeyNodeReads()
    /// Names the type asked for that a mapping does not have (optional settings left out): suggestions for a
    /// misspelt key.
    @exclusivity(unchecked) private var absentNames: [(mapping: Int, name: String)] = []

    init(tree: NodeTree, code: DiagnosticCode, secrets: SecretResolver? = nil) {
        self.tree = tree
        self.code = code
        self.secrets = secrets
    }

    func opened(_ mapping: Int) {
        if firstMapping < 0 { firstMapping = mapping } else { laterMappings.append(mapping) }
    }

    /// Records that the type asked `mapping` for `name`, found at `keyNode` or absent (nil).
    func read(_ name: String, keyNode: Int?, in mapping: Int) {
        if let keyNode { readKeyNodes.append(keyNode) } else { absentNames.append((mapping, name)) }
    }

    /// Whether the type read `keyNode`, in a set when there are enough reads for one to pay.
    private func isRead(_ keyNode: Int, in reads: Set<Int>?) -> Bool {
        reads?.contains(keyNode) ?? readKeyNodes.contains(keyNode)
    }

    private var readSet: Set<Int>? { readKeyNodes.count > 16 ? Set(readKeyNodes.all) : nil }

    /// The names asked of `mapping`: those read, and those asked for but absent.
    private func askedNames(of mapping: Int, reads: Set<Int>?) -> [String] {
        var names = absentNames.filter { $0.mapping == mapping }.map(\.name)
        guard let pairs = tree.pairs(of: mapping) else { return names }
        for (key, _) in pairs where isRead(key, in: reads) { names.append(tree.scalar(key)!) }
        return names
    }

    /// A key of `mapping` that was not read and is close to `name`.
    func presentKey(in mapping: Int, closeTo name: String) -> (name: String, index: Int)? {
        guard let pairs = tree.pairs(of: mapping) else { return nil }
        let reads = readSet
        for (key, _) in pairs {
            let present = tree.scalar(key)!
            if present != name, !isRead(key, in: reads), suggestion(for: present, among: [name]) != nil {
                return (present, key)
            }
        }
        return nil
    }

    /// Keys present in a mapping the type decoded but never asked for.
    func unreadKeys() -> [Diagnostic] {
        guard firstMapping >= 0 else { return [] }
        var found: [Diagnostic] = []
        let reads = readSet
        func report(_ mapping: Int) {
            guard let pairs = tree.pairs(of: mapping) else { return }
            for (key, _) in pairs where !isRead(key, in: reads) {
                let name = tree.scalar(key)!
                found.append(
                    Diagnostic(
                        code,
                        withSuggestion(
                            "unknown setting '\(name)'", for: name, among: askedNames(of: mapping, reads: reads)),
                        at: tree.position(of: key)))
            }
        }
        report(firstMapping)
        var reported: Set<Int> = laterMappings.isEmpty ? [] : [firstMapping]
        for mapping in laterMappings where reported.insert(mapping).inserted { report(mapping) }
        return found
    }

    /// A diagnostic for an error thrown by a type's own `init(from:)` (such as `URL`'s), at the deepest node on its path.
    func diagnostic(for error: DecodingError, root: Int) -> Diagnostic {
        let (path, message): ([any CodingKey], String) =
            switch error {
            case .dataCorrupted(let context): (context.codingPath, context.debugDescription)
            case .keyNotFound(let key, let context): (context.codingPath, "missing setting '\(key.stringValue)'")
            case .typeMismatch(_, let context): (context.codingPath, context.debugDescription)
            case .valueNotFound(_, let context): (context.codingPath, context.debugDescription)
            @unknown default: ([], "\(error)")
            }
        var index = root
        for key in path {
            if let pairs = tree.pairs(of: index),
                let pair = pairs.first(where: { tree.scalar($0.key) == key.stringValue })
            {
                index = pair.value
            } else if let items = tree.items(of: index), let position = key.intValue, items.indices.contains(position) {
                index = items[position]
            }
        }
        return Diagnostic(code, message, at: tree.position(of: index))
    }
}

/// Types that JSON and YAML write as strings, decoded from their text as `JSONDecoder` does.
enum TextualTypes {
    /// `T` made from a string node, or nil when `T` is not one of these types.
    static func decode<T>(_ type: T.Type, from decoder: TreeDecoder) throws -> T? {
        if type == URL.self {
            let text = try decoder.decodeString()
            guard let url = URL(string: text), url.scheme != nil || text.hasPrefix("/") else {
                throw decoder.fail("expected a URL, found \"\(text)\"")
            }
            return url as? T
        }
        if type == Secret.self { return try decoder.decodeSecret() as? T }
        if type == Date.self {
            let text = try decoder.decodeString()
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw decoder.fail("expected an ISO 8601 date and time (2026-01-01T09:00:00Z), found \"\(text)\"")
            }
            return date as? T
        }
        return nil
    }

    /// Whether `T` is decoded from a string.
    static func isTextual(_ type: Any.Type) -> Bool {
        shape(of: type) != nil
    }

    /// The catalog's shape of a textual type, which carries the same check as ``decode(_:from:)``.
    static func shape(of type: Any.Type) -> TypeShape? {
        if type == URL.self { return .url }
        if type == Date.self { return .date }
        if type == Secret.self { return .secret }
        return nil
    }
}

/// A coding path as a chain of keys from the innermost out: a nested decoder adds one link, and the array a
/// type may ask for is made only when it asks.
final class CodingPathLink: Sendable {
    let parent: CodingPathLink?
    let key: any CodingKey

    init(parent: CodingPathLink?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// The keys from the outermost in.
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var link: CodingPathLink? = self
        while let current = link {
            keys.append(current.key)
            link = current.parent
        }
        return keys.reversed()
    }
}

/// Three words, so that the `any Decoder` a type's `init(from:)` receives holds it inline instead of in a box
/// allocated for every decoding.
struct TreeDecoder: Decoder {
    let state: DecodingState
    let index: Int
    /// The path to this node (nil at the root).
    private let path: CodingPathLink?

    init(state: DecodingState, index: Int, path: CodingPathLink? = nil) {
        self.state = state
        self.index = index
        self.path = path
    }

    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func fail(_ message: String, at index: Int? = nil, code: DiagnosticCode? = nil) -> NodeDecodingError {
        NodeDecodingError(message: message, index: index ?? self.index, code: code)
    }

    /// A ``SecretReference``, checked for its syntax only.
    func decodeSecretReference() throws -> SecretReference {
        // A value of the wrong kind is refused with the same words: a message that quoted it could print a secret.
        guard let text = try? decodeString(), let reference = SecretReference(text) else {
            throw fail(SecretReference.notAReference, code: .invalidSecretReference)
        }
        return reference
    }

    /// A ``Secret``: its reference, resolved through the decoding's resolver (this process's environment and
    /// files when it has none).
    func decodeSecret() throws -> Secret {
        let reference = try decodeSecretReference()
        switch (state.secrets ?? SecretResolver()).resolve(reference) {
        case .success(let value): return Secret(reference: reference.description, value: value)
        case .failure(let problem): throw fail(problem.message, code: .secretNotFound)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let pairs = state.tree.pairs(of: index) else {
            throw fail("expected a mapping, found \(state.tree.describe(index))")
        }
        state.opened(index)
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(decoder: self, pairs: pairs))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = state.tree.items(of: index) else {
            throw fail("expected a list, found \(state.tree.describe(index))")
        }
        return UnkeyedNodeContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleNodeContainer(decoder: self)
    }

    func child(_ index: Int, key: any CodingKey) -> TreeDecoder {
        TreeDecoder(state: state, index: index, path: CodingPathLink(parent: path, key: key))
    }

    /// A value of `T`: strings for the textual types, otherwise `T`'s own decoding.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let textual = try TextualTypes.decode(type, from: self) { return textual }
        return try T(from: self)
    }

    // MARK: Scalars, typed by what is asked for

    func scalar(_ what: String) throws -> (String, NodeTree.ScalarStyle) {
        guard let (text, style) = state.tree.scalarAndStyle(index) else {
            throw fail("expected \(what), found \(state.tree.describe(index))")
        }
        return (text, style)
    }

    func isNull() -> Bool {
        guard let (text, style) = state.tree.scalarAndStyle(index) else { return false }
        return style == .null || (style == .plain && ["null", "Null", "NULL", "~", ""].contains(text))
    }

    func decodeBool() throws -> Bool {
        let (text, style) = try scalar("true or false")
        guard style == .boolean || style == .plain || style == .untyped, text == "true" || text == "false" else {
            throw fail("expected true or false, found \(state.tree.describe(index))")
        }
        return text == "true"
    }

    func decodeString() throws -> String {
        let (text, style) = try scalar("text")
        switch style {
        case .text, .untyped: return text
        case .plain:
            // `yes`, `no`, `on`, `off` are text by YAML 1.2 (the reader warns about them); `true`, `null` and
            // numbers are not, and must be quoted to be text.
            if !DocumentReader.yaml11Booleans.contains(text)
                && (DocumentReader.ambiguousPlainScalars.contains(text) || ScalarRules.isNumber(text))
            {
                throw fail("expected text, found \(state.tree.describe(index)) unquoted; quote it (\"\(text)\")")
            }
            return text
        default:
            throw fail("expected text, found \(state.tree.describe(index))")
        }
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let (text, style) = try scalar("a whole number")
        guard style == .number || style == .plain || style == .untyped, ScalarRules.isInteger(text) else {
            throw fail(
                "expected a whole number, found \(state.tree.describe(index)) (010, 0x1F, 1_000 and quoted numbers are not whole numbers here)"
            )
        }
        // The range as the catalog records it (see `ShapeRecorder.integer(_:)`), so that both sides say the same.
        guard let value = I(text) else {
            throw fail(Self.outOfRange(text, Int64(clamping: I.min), Int64(clamping: I.max)))
        }
        return value
    }

    /// A whole number within `range`: what the validator checks for a narrower integer type (see
    /// ``TypeShape/integerIn(_:)``), with the message the program's own decoding gives.
    func decodeInteger(in range: ClosedRange<Int64>) throws {
        let (text, _) = try scalar("a whole number")
        let value = try decodeInteger(Int64.self)
        guard range.contains(value) else { throw fail(Self.outOfRange(text, range.lowerBound, range.upperBound)) }
    }

    static func outOfRange(_ text: String, _ minimum: some BinaryInteger, _ maximum: some BinaryInteger) -> String {
        "\(text) is out of range (\(minimum) to \(maximum))"
    }

    /// A `Double`: a short decimal (most settings' numbers) is computed exactly here, anything else is parsed
    /// as ``decodeFloat(_:)`` parses it. Both give the correctly rounded value.
    func decodeDouble() throws -> Double {
        if let (text, style) = state.tree.scalarAndStyle(index),
            style == .number || style == .plain || style == .untyped,
            let value = ShortDecimal.value(of: text)
        {
            return value
        }
        return try decodeFloat(Double.self)
    }

    func decodeFloat<F: LosslessStringConvertible>(_ type: F.Type) throws -> F {
        let (text, style) = try scalar("a number")
        guard style == .number || style == .plain || style == .untyped, ScalarRules.isNumber(text), let value = F(text)
        else {
            throw fail("expected a number, found \(state.tree.describe(index))")
        }
        return value
    }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder
    let pairs: NodeTree.Pairs
    /// The pairs by key, for a mapping large enough that scanning it for every key would cost more.
    private let byName: [String: (key: Int, value: Int)]?

    init(decoder: TreeDecoder, pairs: NodeTree.Pairs) {
        self.decoder = decoder
        self.pairs = pairs
        if pairs.count > 12 {
            var byName: [String: (key: Int, value: Int)] = [:]
            for pair in pairs { byName[decoder.state.tree.scalar(pair.key)!] = pair }
            self.byName = byName
        } else {
            byName = nil
        }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] {
        pairs.compactMap { pair in
            let name = decoder.state.tree.scalar(pair.key)!
            decoder.state.read(name, keyNode: pair.key, in: decoder.index)
            return Key(stringValue: name)
        }
    }

    /// The pair named `name` (the last, as a dictionary would keep, if a key were written twice), recorded as read.
    private func pair(named name: String) -> (key: Int, value: Int)? {
        var found: (key: Int, value: Int)?
        if let byName {
            found = byName[name]
        } else {
            let tree = decoder.state.tree
            for pair in pairs.reversed() where tree.scalar(pair.key)! == name {
                found = pair
                break
            }
        }
        decoder.state.read(name, keyNode: found?.key, in: decoder.index)
        return found
    }

    func contains(_ key: Key) -> Bool {
        pair(named: key.stringValue) != nil
    }

    func child(_ key: Key) throws -> TreeDecoder {
        decoder.child(try value(key), key: key)
    }

    /// A decoder for the scalar at `key`, without the coding path a type's own `init(from:)` could ask for: a
    /// scalar's errors point at its node, and building the path cost an allocation per setting.
    func leaf(_ key: Key) throws -> TreeDecoder {
        TreeDecoder(state: decoder.state, index: try value(key))
    }

    /// The value node at `key`, or the error that says it is missing (or misspelt).
    private func value(_ key: Key) throws -> Int {
        guard let index = pair(named: key.stringValue)?.value else {
            // A required key that is missing is most often a misspelt one that is present: say so there.
            if let misspelt = decoder.state.presentKey(in: decoder.index, closeTo: key.stringValue) {
                throw NodeDecodingError(
                    message: "unknown setting '\(misspelt.name)'; did you mean '\(key.stringValue)'?",
                    index: misspelt.index)
            }
            throw decoder.fail("missing setting '\(key.stringValue)'")
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { try leaf(key).isNull() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try leaf(key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try leaf(key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try leaf(key).decodeDouble() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try leaf(key).decodeFloat(Float.self) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try leaf(key).decodeInteger(Int.self) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try leaf(key).decodeInteger(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try leaf(key).decodeInteger(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try leaf(key).decodeInteger(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try leaf(key).decodeInteger(Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try leaf(key).decodeInteger(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try leaf(key).decodeInteger(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try leaf(key).decodeInteger(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try leaf(key).decodeInteger(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try leaf(key).decodeInteger(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let decoder: TreeDecoder
    let items: NodeTree.Items
    var currentIndex = 0

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    struct IndexKey: CodingKey {
        let intValue: Int?
        let stringValue: String
        init(_ index: Int) {
            intValue = index
            stringValue = "\(index)"
        }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.init(intValue) }
    }

    mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else { throw decoder.fail("the list has only \(items.count) items") }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], key: IndexKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.child(items[currentIndex], key: IndexKey(currentIndex)).isNull() else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeDouble() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeFloat(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInteger(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeInteger(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeInteger(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeInteger(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeInteger(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeInteger(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeInteger(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeInteger(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeInteger(UInt64.self) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct SingleNodeContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.isNull() }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloat(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}

extension ValueNode {
    /// `{}`, for settings that a profile left out.
    package static let emptyMapping: ValueNode = {
        var table = NodeTable()
        let root = table.appendCollection(mapping: true, line: 1, column: 1)
        return ValueNode(
            tree: NodeTree(table, root: root, fileNumber: InternedNames.number(of: "<no settings>")), index: root)
    }()
}
