/// The published index from factory id to slot. A new slot whose id fits is set in place (each entry is
/// set once, from empty, with release ordering, so a reader that sees a slot sees it whole); a slot beyond
/// the capacity means a new, larger table. The entries follow the capacity in the table's own allocation,
/// so finding a slot takes no load of an entries pointer.
@usableFromInline
final class SlotTable: ManagedBuffer<Int, UInt64> {
    /// Makes a table of `capacity` entries, with the slots of `old` copied in.
    static func make(capacity: Int, copying old: SlotTable?) -> SlotTable {
        let table = unsafeDowncast(create(minimumCapacity: capacity) { _ in capacity }, to: SlotTable.self)
        table.withUnsafeMutablePointerToElements { entries in
            for index in 0..<capacity {
                let copied = old.map { index < $0.slotCapacity ? $0.entry(index).load(ordering: .relaxed) : 0 } ?? 0
                (entries + index).initialize(to: copied.atomicWord)
            }
        }
        return table
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: slotCapacity) }
    }

    /// The number of entries (the header; `capacity` is the allocation's, which costs a library call).
    @inlinable @inline(__always)
    var slotCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// Entry `index`: a slot's address, or 0 for none.
    @inlinable @inline(__always)
    func entry(_ index: Int) -> AtomicWord<UInt> {
        AtomicWord(withUnsafeMutablePointerToElements { $0 + index })
    }

    /// The slot of factory `id`, if it has one.
    @inlinable @inline(__always)
    func slot(_ id: Int) -> Unmanaged<Slot>? {
        guard id < slotCapacity else { return nil }
        let address = entry(id).load(ordering: .acquiring)
        guard address != 0 else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    /// The published state of factory `id`, or nil when it has no slot. Call inside a read section.
    @inlinable @inline(__always)
    func state(_ id: Int) -> Unmanaged<SlotState>? {
        guard let slot = slot(id) else { return nil }
        return slot._withUnsafeGuaranteedRef { $0.state.current }
    }

    /// The summary word of factory `id` (0 when it has no slot); needs no read section.
    @inlinable @inline(__always)
    func summary(_ id: Int) -> UInt {
        guard let slot = slot(id) else { return 0 }
        return slot._withUnsafeGuaranteedRef { $0.summary.load(ordering: .acquiring) }
    }

    /// This table's address, for a word that mirrors a store's current table (see ``SlotStore/init(tableMirror:)``).
    var address: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    /// Publishes `slot` as factory `id`'s (an id below the capacity, with no slot yet). Call under the store's lock.
    func set(_ slot: Slot, at id: Int) {
        entry(id).store(UInt(bitPattern: Unmanaged.passUnretained(slot).toOpaque()), ordering: .releasing)
    }

    /// The table of every store that has no slot yet. Never written to (a new slot means a new table), so safe
    /// to share, which a `ManagedBuffer` subclass cannot declare.
    nonisolated(unsafe) static let empty = SlotTable.make(capacity: 0, copying: nil)
}
