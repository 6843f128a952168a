/// Marks a `Decodable` type whose own `init(from:)` refuses some values of the right shape (a range, a pattern,
/// a relation between fields). The catalog records its values as checked by the program, and
/// `plugboard validate` reports them (PB409) as checked only at launch instead of passing them as valid.
///
/// ```swift
/// struct Port: Decodable, Sendable, LaunchChecked {
///     let value: Int
///     init(from decoder: any Decoder) throws {
///         value = try decoder.singleValueContainer().decode(Int.self)
///         guard (1...65535).contains(value) else { throw DecodingError.dataCorrupted(...) }
///     }
/// }
/// ```
///
/// Enums (`CaseIterable` or not) and types whose decoding refuses the catalog's sample values are recognized
/// without it.
public protocol LaunchChecked {}
