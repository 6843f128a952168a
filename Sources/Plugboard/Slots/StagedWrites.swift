/// The writes a store holds back while a change is staged (see `SlotStore.stage(expecting:_:)`), found by slot
/// id through a table of positions instead of a hash: a reload stages one write per factory it rewires, and
/// looks every slot of the container up once more to drop what its scopes keep.
struct StagedWrites {
    /// Per slot id, 1 + its write's position in `writes`; 0 when the slot has none.
    private var positions: [Int32]
    /// The writes, in the order they were first made.
    var writes: [(id: Int, fields: SlotFields)] = []

    /// Room for slot ids below `idLimit` and for `expecting` writes.
    init(idLimit: Int, expecting: Int) {
        positions = [Int32](repeating: 0, count: idLimit)
        writes.reserveCapacity(expecting)
    }

    /// Where slot `id`'s write is in `writes`, if it has one.
    func position(of id: Int) -> Int? {
        guard id < positions.count, positions[id] != 0 else { return nil }
        return Int(positions[id]) - 1
    }

    /// Whether this stage holds any write.
    var isEmpty: Bool { writes.isEmpty }

    /// Adds slot `id`'s first write.
    mutating func add(_ id: Int, _ fields: SlotFields) {
        if id >= positions.count { positions += repeatElement(0, count: id + 1 - positions.count) }
        writes.append((id, fields))
        positions[id] = Int32(writes.count)
    }
}
