/// Positions by name for the large mappings of a profile (thousands of factory keys): an open-addressing
/// table hashed with seeded FNV-1a over the names' UTF-8 bytes.
///
/// `Dictionary<String, Int>` hashes each name with SipHash and hashes every name again each time its table
/// grows; for a short factory key that was more than the rest of reading the key. The seed is random per
/// process, so the slots a profile's names fall into cannot be planned ahead by whoever writes the profile.
///
/// Each slot keeps 32 bits of its name's hash beside the name's position, so a probe passes over the slots of
/// other names without reading their entries: in a mapping of 100,000 keys the entries fill megabytes, and
/// reading one for every slot passed (about four for a new name) missed the cache each time.
struct NameIndex: Sendable {
    private struct Entry: Sendable {
        let name: String
        let hash: UInt64
        let value: Int
    }

    private var entries: [Entry] = []
    /// A slot: the hash's high 32 bits, then the position in `entries` plus one (zero marks an empty slot).
    /// The count is a power of two.
    private var slots: [UInt64] = []
    private let seed: UInt64

    /// An empty index; `capacity` names fit before the table first grows.
    init(capacity: Int = 0) {
        seed = Self.processSeed
        if capacity > 0 { grow(to: capacity) }
    }

    private static let processSeed = UInt64.random(in: 1...UInt64.max)

    /// How many names the index holds.
    var count: Int { entries.count }

    /// The value stored for `name`, if any.
    func value(for name: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        return probe(name, hash: hash(name)).value
    }

    /// The value already stored for `name`; or nil, after storing `value` for it. One probe for both.
    mutating func valueOrInsert(_ name: String, _ value: Int) -> Int? {
        if (entries.count + 1) * 4 > slots.count * 3 { grow(to: max(16, entries.count * 2)) }
        let hash = hash(name)
        let found = probe(name, hash: hash)
        if let stored = found.value { return stored }
        entries.append(Entry(name: name, hash: hash, value: value))
        slots[found.slot] = Self.slot(hash: hash, position: entries.count - 1)
        return nil
    }

    /// The value stored for `name`, or the empty slot where it would go (the table is never full).
    private func probe(_ name: String, hash: UInt64) -> (slot: Int, value: Int?) {
        let mask = slots.count - 1
        let tag = hash & Self.tagMask
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return (slot, nil) }
            if stored & Self.tagMask == tag {
                let entry = entries[Int(truncatingIfNeeded: stored & ~Self.tagMask) - 1]
                if entry.hash == hash && entry.name == name { return (slot, entry.value) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The high half of a slot: the high half of its name's hash (the slot's place comes from the low bits).
    private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

    private static func slot(hash: UInt64, position: Int) -> UInt64 {
        hash & tagMask | UInt64(truncatingIfNeeded: position + 1)
    }

    /// Makes room for `capacity` names.
    mutating func reserveCapacity(_ capacity: Int) {
        grow(to: capacity)
    }

    /// Rebuilds the slots for at least `capacity` names from the hashes kept with the entries.
    private mutating func grow(to capacity: Int) {
        var size = 16
        while size * 3 < capacity * 4 { size *= 2 }
        guard size > slots.count else { return }
        entries.reserveCapacity(capacity)
        var slots = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for (position, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Self.slot(hash: entry.hash, position: position)
        }
        self.slots = slots
    }

    private func hash(_ name: String) -> UInt64 {
        // Native strings (nearly all) lend their bytes; iterating the UTF-8 view costs several times more.
        let hash =
            name.utf8.withContiguousStorageIfAvailable { Self.hash($0, seed: seed) }
            ?? Self.hash(Array(name.utf8), seed: seed)
        // Fold the high bits in: the slot is taken from the low ones.
        return hash ^ (hash >> 29)
    }

    private static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes, seed: UInt64) -> UInt64 {
        var hash = seed ^ 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
