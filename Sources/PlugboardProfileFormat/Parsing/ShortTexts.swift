/// The numbers of a document's short texts in its ``NodeTree``, so that each spelling is stored once.
///
/// A profile repeats its field names and implementation names thousands of times, and making a `String`
/// from bytes checks them as UTF-8 again every time (about 200 instructions for a short one). Texts of up to
/// 15 bytes are remembered in a small table keyed by their bytes, read as two machine words: a repeated
/// spelling costs a hash and two comparisons, and the tree keeps one string for all its uses.
struct ShortTexts {
    /// A short text's bytes as a key, and the slot it belongs in.
    struct Key {
        fileprivate let low: UInt64
        fileprivate let high: UInt64
        fileprivate let count: Int
        fileprivate let slot: Int
    }

    /// What the table knows of a text.
    enum Lookup {
        /// The text's number.
        case found(Int32)
        /// Not known yet: ``remember(_:as:)`` it under `key` once it has a number.
        case missing(Key)
        /// Longer than the table keeps.
        case long
    }

    private struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = -1
        var number: Int32 = 0
    }

    /// A power of two: a slot is chosen by the top bits of a hash.
    private static let slotCount = 256
    private var slots = [Slot](repeating: Slot(), count: slotCount)

    /// The number of the text spelled `bytes`, if it is remembered.
    @inline(__always)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Lookup {
        let count = bytes.count
        guard count <= 15, let base = bytes.baseAddress else { return .long }
        let words = Self.words(base, count)
        let hash = (words.low ^ (words.high &+ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: hash >> 56) & (Self.slotCount - 1)
        if slots[slot].count == count && slots[slot].low == words.low && slots[slot].high == words.high {
            return .found(slots[slot].number)
        }
        return .missing(Key(low: words.low, high: words.high, count: count, slot: slot))
    }

    /// Remembers `number` for the text of `key` (in place of whatever text had its slot).
    mutating func remember(_ key: Key, as number: Int32) {
        slots[key.slot] = Slot(low: key.low, high: key.high, count: key.count, number: number)
    }

    /// The bytes as a key: two words that, with the count, tell apart any two texts of up to 15 bytes. Eight
    /// or more are read as two overlapping words; fewer, byte by byte (a word could reach past the buffer).
    @inline(__always)
    private static func words(_ base: UnsafePointer<UInt8>, _ count: Int) -> (low: UInt64, high: UInt64) {
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        var low: UInt64 = 0
        for offset in 0..<count { low |= UInt64(base[offset]) << (8 * offset) }
        return (low, 0)
    }
}
