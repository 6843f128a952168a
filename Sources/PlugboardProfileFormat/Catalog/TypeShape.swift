import Foundation

/// The JSON shape of a `Decodable` type, as far as decoding it reveals: written into the catalog so that
/// the validator can check `value:` and `with:` without the program. Encoded as a JSON Schema fragment.
@_spi(Tools) public indirect enum TypeShape: Sendable, Equatable, Codable {
    /// Text.
    case string
    /// A whole number of any 64-bit signed value.
    case integer
    /// A whole number the program's type holds only within `range` (`UInt8`, `Int16`, any unsigned type).
    case integerIn(ClosedRange<Int64>)
    /// An ISO 8601 date and time, as `Date` decodes it (`2026-01-01T09:00:00Z`).
    case date
    /// A URL, as `URL` decodes it: one with a scheme, or an absolute path.
    case url
    /// Any number.
    case number
    /// `true` or `false`.
    case boolean
    /// A list of values of one shape.
    case array(TypeShape)
    /// Named fields; `required` lists those that must be present.
    case object(properties: [String: TypeShape], required: [String])
    /// A mapping with any keys (a dictionary).
    case map(TypeShape)
    /// A ``Secret``: a reference (`env:NAME`, `file:PATH`, `config:KEY`), never a literal.
    case secret
    /// Anything (a type that decodes in a way the recorder cannot follow).
    case any
    /// A value of `shape` that the program's own type checks further when it decodes it (an enum's cases, a
    /// range in `init(from:)`, a ``LaunchChecked`` type): the validator checks the shape and says that the
    /// rest is checked only at launch.
    case checkedByProgram(TypeShape)

    /// The shape of `T`, found by decoding it from a recording decoder.
    @_spi(Tools) public static func of<T: Decodable>(_ type: T.Type) -> TypeShape {
        if let textual = TextualTypes.shape(of: type) { return textual }
        let recorder = ShapeRecorder()
        _ = try? recorder.decodeOwn(T.self)
        return recorder.finish()
    }

    private enum Keys: String, CodingKey {
        case type, format, minimum, maximum, items, properties, required, additionalProperties, checkedByProgram
    }

    /// Writes the value (as a JSON Schema fragment, or as its raw code).
    @_spi(Tools) public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .string: try container.encode("string", forKey: .type)
        case .integer: try container.encode("integer", forKey: .type)
        case .integerIn(let range):
            try container.encode("integer", forKey: .type)
            try container.encode(range.lowerBound, forKey: .minimum)
            try container.encode(range.upperBound, forKey: .maximum)
        case .date:
            try container.encode("string", forKey: .type)
            try container.encode("date-time", forKey: .format)
        case .url:
            try container.encode("string", forKey: .type)
            try container.encode("uri", forKey: .format)
        case .secret:
            try container.encode("string", forKey: .type)
            try container.encode("secret-reference", forKey: .format)
        case .number: try container.encode("number", forKey: .type)
        case .boolean: try container.encode("boolean", forKey: .type)
        case .any: break
        case .checkedByProgram(let shape):
            try shape.encode(to: encoder)
            try container.encode(true, forKey: .checkedByProgram)
        case .array(let items):
            try container.encode("array", forKey: .type)
            try container.encode(items, forKey: .items)
        case .map(let values):
            try container.encode("object", forKey: .type)
            try container.encode(values, forKey: .additionalProperties)
        case .object(let properties, let required):
            try container.encode("object", forKey: .type)
            try container.encode(properties, forKey: .properties)
            try container.encode(required.sorted(), forKey: .required)
            try container.encode(false, forKey: .additionalProperties)
        }
    }

    /// Reads a value written by `encode(to:)`.
    @_spi(Tools) public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if try container.decodeIfPresent(Bool.self, forKey: .checkedByProgram) == true {
            self = .checkedByProgram(try TypeShape(fields: container))
        } else {
            self = try TypeShape(fields: container)
        }
    }

    /// The shape the fields describe, leaving out `checkedByProgram`.
    private init(fields container: KeyedDecodingContainer<Keys>) throws {
        switch try container.decodeIfPresent(String.self, forKey: .type) {
        case "string":
            switch try container.decodeIfPresent(String.self, forKey: .format) {
            case "date-time": self = .date
            case "uri": self = .url
            case "secret-reference": self = .secret
            default: self = .string
            }
        case "integer":
            let minimum = try container.decodeIfPresent(Int64.self, forKey: .minimum)
            let maximum = try container.decodeIfPresent(Int64.self, forKey: .maximum)
            if minimum == nil && maximum == nil {
                self = .integer
            } else {
                self = .integerIn((minimum ?? .min)...(maximum ?? .max))
            }
        case "number": self = .number
        case "boolean": self = .boolean
        case "array": self = .array(try container.decode(TypeShape.self, forKey: .items))
        case "object":
            if let properties = try container.decodeIfPresent([String: TypeShape].self, forKey: .properties) {
                self = .object(
                    properties: properties,
                    required: try container.decodeIfPresent([String].self, forKey: .required) ?? [])
            } else {
                self = .map((try? container.decode(TypeShape.self, forKey: .additionalProperties)) ?? .any)
            }
        default: self = .any
        }
    }
}

/// A decoder that hands out placeholder values and notes what was asked for.
final class ShapeRecorder: Decoder {
    /// Recursive types are followed this deep, then recorded as `any`.
    static let depthLimit = 16
    let depth: Int

    init(depth: Int = 0) {
        self.depth = depth
    }

    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var shape: TypeShape = .any
    /// Set when the type's own decoding refuses values of the right shape, or says it does (``LaunchChecked``).
    private var checkedByProgram = false
    /// Set when the type's decoding stopped part-way: what was recorded of its fields is not all of them.
    private var incomplete = false
    private var properties: [String: ShapeRecorder] = [:]
    private var order: [String] = []
    fileprivate var optional: Set<String> = []
    private var element: ShapeRecorder?
    private var isMap = false

    /// The shape once decoding finished (children included).
    func finish() -> TypeShape {
        if let element {
            shape = .array(element.finish())
        } else if isMap {
            shape = .map(properties.values.first?.finish() ?? .any)
        } else if !order.isEmpty || shape == .object(properties: [:], required: []) {
            var found: [String: TypeShape] = [:]
            for name in order { found[name] = properties[name]!.finish() }
            shape = .object(properties: found, required: order.filter { !optional.contains($0) }.sorted())
        }
        if incomplete { shape = .any }
        if checkedByProgram, case .checkedByProgram = shape {
        } else if checkedByProgram {
            shape = .checkedByProgram(shape)
        }
        return shape
    }

    func child(_ key: String, optional isOptional: Bool) -> ShapeRecorder {
        if let existing = properties[key] { return existing }
        let child = ShapeRecorder(depth: depth + 1)
        properties[key] = child
        order.append(key)
        if isOptional { optional.insert(key) }
        return child
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if shape == .any { shape = .object(properties: [:], required: []) }
        return KeyedDecodingContainer(RecordingKeyed<Key>(recorder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let element = self.element ?? ShapeRecorder(depth: depth + 1)
        self.element = element
        return RecordingUnkeyed(element: element)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { RecordingSingle(recorder: self) }

    /// A placeholder for a scalar of type `T`, noting the scalar's shape.
    func placeholder<T>(_ type: T.Type) -> T? {
        switch type {
        case is String.Type:
            shape = .string
            return "a" as? T
        case is Bool.Type:
            shape = .boolean
            return false as? T
        case is Double.Type:
            shape = .number
            return 0.0 as? T
        case is Float.Type:
            shape = .number
            return Float(0) as? T
        case is Int.Type:
            shape = Self.integer(Int.self)
            return 0 as? T
        case is Int8.Type:
            shape = Self.integer(Int8.self)
            return Int8(0) as? T
        case is Int16.Type:
            shape = Self.integer(Int16.self)
            return Int16(0) as? T
        case is Int32.Type:
            shape = Self.integer(Int32.self)
            return Int32(0) as? T
        case is Int64.Type:
            shape = Self.integer(Int64.self)
            return Int64(0) as? T
        case is UInt.Type:
            shape = Self.integer(UInt.self)
            return UInt(0) as? T
        case is UInt8.Type:
            shape = Self.integer(UInt8.self)
            return UInt8(0) as? T
        case is UInt16.Type:
            shape = Self.integer(UInt16.self)
            return UInt16(0) as? T
        case is UInt32.Type:
            shape = Self.integer(UInt32.self)
            return UInt32(0) as? T
        case is UInt64.Type:
            shape = Self.integer(UInt64.self)
            return UInt64(0) as? T
        default: return nil
        }
    }

    /// An integer type's shape: its range where that is narrower than `Int64`'s. The unsigned 64-bit types
    /// are recorded up to `Int64.max`, so the validator refuses what a catalog cannot carry instead of passing it.
    static func integer<I: FixedWidthInteger>(_ type: I.Type) -> TypeShape {
        let lower = Int64(clamping: I.min), upper = Int64(clamping: I.max)
        return lower == .min && upper == .max ? .integer : .integerIn(lower...upper)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = placeholder(type) { return value }
        if let textual = TextualTypes.shape(of: type) {
            shape = textual
            if let url = URL(string: "https://placeholder.invalid") as? T { return url }
            if let date = Date(timeIntervalSince1970: 0) as? T { return date }
            if let secret = Secret(reference: "env:PLACEHOLDER", value: "") as? T { return secret }
        }
        if depth >= Self.depthLimit {
            shape = .any
            throw Stop()
        }
        return try decodeOwn(type)
    }

    /// Runs `T`'s own `init(from:)` against this recorder. A type that refuses the placeholders (an enum's raw
    /// value) leaves its shape behind, marked as checked by the program; a `CaseIterable` one hands back its
    /// first case, so that the fields after it are recorded too.
    func decodeOwn<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self is any LaunchChecked.Type { checkedByProgram = true }
        if let cases = T.self as? any CaseIterable.Type {
            checkedByProgram = true
            _ = try? T(from: self)
            if let first = Self.firstCase(of: cases) as? T { return first }
        }
        do {
            return try T(from: self)
        } catch let stop as Stop {
            throw stop
        } catch {
            checkedByProgram = true
            if !order.isEmpty || element != nil || isMap { incomplete = true }
            throw error
        }
    }

    private static func firstCase<C: CaseIterable>(of type: C.Type) -> Any? {
        type.allCases.first
    }

    struct Stop: Error {}
}

private struct RecordingKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: ShapeRecorder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
        recorder.markMap()
        return []
    }

    func contains(_ key: Key) -> Bool { true }
    /// Only optional properties ask whether a key holds null: that is how the recorder tells them apart.
    func decodeNil(forKey key: Key) throws -> Bool {
        recorder.markOptional(key.stringValue)
        return false
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let child = recorder.child(key.stringValue, optional: false)
        defer { _ = child.finish() }
        return try child.decode(type)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let child = recorder.child(key.stringValue, optional: true)
        defer { _ = child.finish() }
        return try? child.decode(type)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try recorder.child(key.stringValue, optional: false).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try recorder.child(key.stringValue, optional: false).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { recorder }
    func superDecoder(forKey key: Key) throws -> any Decoder { recorder.child(key.stringValue, optional: false) }
}

private struct RecordingUnkeyed: UnkeyedDecodingContainer {
    let element: ShapeRecorder
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try element.decode(type)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        currentIndex += 1
        return try element.container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return try element.unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder { element }
}

private struct RecordingSingle: SingleValueDecodingContainer {
    let recorder: ShapeRecorder
    var codingPath: [any CodingKey] { [] }
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try recorder.decode(type) }
}

extension ShapeRecorder {
    func markOptional(_ key: String) {
        _ = child(key, optional: true)
        optional.insert(key)
    }

    func markMap() {
        isMap = true
        _ = child("*", optional: true)
    }
}
