/// What a merged entry sets, hashed without its positions: two entries with the same fingerprint wire their
/// factory the same way, so a reload rewires only the factories whose fingerprint changed. The values of the
/// secret references an entry names are hashed in, so a rotated `file:` secret changes its entry.
extension MergedEntry {
    /// `use` (or a list's members), `with`, `value`, `scope` and the context choices, in a fixed order; `secrets` maps a reference's
    /// text (`file:/run/secrets/key`) to a hash of its value.
    package func fingerprint(secrets: [String: UInt64]) -> UInt64 {
        var hasher = FingerprintHasher(secrets: secrets)
        hasher.add(field: 1, use?.value)
        if let members { hasher.add(field: 9, members: members.value) }
        if let with { hasher.add(field: 2, with.value) }
        if let value { hasher.add(field: 3, value.value) }
        hasher.add(field: 4, scope?.value)
        for context in contexts.keys.sorted() {
            let choice = contexts[context]!.value
            hasher.add(field: 5, context)
            hasher.add(field: 6, choice.use?.value)
            if let members = choice.members { hasher.add(field: 10, members: members) }
            if let with = choice.with { hasher.add(field: 7, with) }
            if let value = choice.value { hasher.add(field: 8, value) }
        }
        return hasher.hash
    }
}

/// FNV-1a over a tagged, length-prefixed stream of an entry's settings: unambiguous without escaping.
/// Lengths and counts are written as LEB128 (one byte below 128), which stays prefix-free.
private struct FingerprintHasher {
    let secrets: [String: UInt64]
    var hash = FNV1a.seed

    mutating func add(byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// One step for the whole word, as ``FNV1a/hash(words:into:)`` takes them.
    mutating func add(word: UInt64) {
        hash = (hash ^ word) &* 0x0000_0100_0000_01B3
    }

    mutating func add(length: Int) {
        var rest = UInt(bitPattern: length)
        while rest >= 0x80 {
            add(byte: UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        add(byte: UInt8(rest))
    }

    mutating func add(text: String) {
        add(length: text.utf8.count)
        hash = FNV1a.hash(text, into: hash)
        if !secrets.isEmpty, let value = secrets[text] { add(word: value) }
    }

    mutating func add(field: UInt8, _ text: String?) {
        guard let text else { return }
        add(byte: field)
        add(text: text)
    }

    /// A list's members, in order: the same names in another order wire another list.
    mutating func add(field: UInt8, members: [Located<String>]) {
        add(byte: field)
        add(length: members.count)
        for member in members { add(text: member.value) }
    }

    mutating func add(field: UInt8, _ node: ValueNode) {
        add(byte: field)
        add(node.index, of: node.tree)
    }

    /// Node `index`: a scalar (most nodes) is looked for first, by the hash its text got when it was parsed.
    mutating func add(_ index: Int, of tree: NodeTree) {
        if let (textHash, style) = tree.scalarHashAndStyle(index) {
            add(byte: style.rawValue)
            add(word: textHash)
            if !secrets.isEmpty, let value = tree.scalar(index).flatMap({ secrets[$0] }) { add(word: value) }
        } else if let pairs = tree.pairs(of: index) {
            add(byte: UInt8(ascii: "{"))
            add(length: pairs.count)
            for pair in pairs {
                add(pair.key, of: tree)
                add(pair.value, of: tree)
            }
        } else if let items = tree.items(of: index) {
            add(byte: UInt8(ascii: "["))
            add(length: items.count)
            for item in items { add(item, of: tree) }
        }
    }
}
