@_spi(Tools) import PlugboardProfileFormat

/// One container's merged entries as fingerprints, in the section's order. A reload whose profiles name the
/// same factories in the same order as the running ones (the usual edit) compares them position by position,
/// without hashing a key; any other change compares them by key.
struct SectionFingerprints {
    /// The factory keys, in the order the profiles first name them.
    private(set) var keys: [String] = []
    /// Each key's entry fingerprint (see `MergedEntry.fingerprint(secrets:)`).
    private(set) var values: [UInt64] = []

    /// The fingerprints of `section`'s entries, with `secrets` (a reference's text to its value's hash).
    init(_ section: MergedSection, secrets: [String: UInt64]) {
        keys.reserveCapacity(section.entries.count)
        values.reserveCapacity(section.entries.count)
        // By position: iterating the entries copied each one.
        for position in section.entries.indices {
            keys.append(section.entries[position].key)
            values.append(section.entries[position].fingerprint(secrets: secrets))
        }
    }

    /// No entries: a container the profiles do not name.
    init() {}

    /// The keys whose fingerprints differ between `old` and `new`, or that only one of them names.
    static func changedKeys(from old: SectionFingerprints, to new: SectionFingerprints) -> Set<String> {
        if old.keys == new.keys {
            // Counted first, so the set is made at its size: growing it rehashed every key inserted so far.
            let differing = zip(old.values, new.values).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
            var changed = Set<String>(minimumCapacity: differing)
            for position in new.keys.indices where old.values[position] != new.values[position] {
                changed.insert(new.keys[position])
            }
            return changed
        }
        var changed = Set<String>()
        let before = Dictionary(zip(old.keys, old.values)) { first, _ in first }
        let after = Dictionary(zip(new.keys, new.values)) { first, _ in first }
        for (key, fingerprint) in after where before[key] != fingerprint { changed.insert(key) }
        for key in before.keys where after[key] == nil { changed.insert(key) }
        return changed
    }
}
