import Synchronization

/// One factory's place in a store: its published state and the lock that makes a scoped build happen once.
@usableFromInline
final class Slot: @unchecked Sendable {
    @usableFromInline let state = Published(SlotState.empty)
    /// The slot's scope's ``Scope/serial`` shifted left by one, with the `once()` seal in bit 0, so a modifier
    /// can see that it would change nothing without a read section. Updated with every new state.
    @usableFromInline let summary = Atomic<UInt>(0)

    /// Publishes new fields and their summary. Call under the store's lock.
    func publish(_ fields: SlotFields) {
        state.replace(with: SlotState(fields))
        summary.store(Slot.summary(of: fields), ordering: .releasing)
    }

    @usableFromInline
    static func summary(of fields: SlotFields) -> UInt {
        (fields.scope?.serial ?? 0) << 1 | (fields.onceSealed ? 1 : 0)
    }
    /// Held while a scope builds this factory's instance, so concurrent first resolutions build it once.
    @usableFromInline let buildLock = PlatformLock()
}

/// The published index from factory id to slot; replaced (never mutated) when it grows.
@usableFromInline
final class SlotTable: @unchecked Sendable {
    @usableFromInline let capacity: Int
    @usableFromInline let slots: UnsafeMutablePointer<Unmanaged<Slot>?>

    init(capacity: Int, copying old: SlotTable?) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        if let old {
            slots.update(from: old.slots, count: old.capacity)
        }
    }

    deinit {
        slots.deallocate()
    }

    /// The table of every store that has no slot yet (never written to: a new slot means a new table).
    static let empty = SlotTable(capacity: 0, copying: nil)
}

/// The settings and scope caches of one container (or of one singleton scope), indexed by factory id.
///
/// Reads are lock-free inside a ``ReadSection``; writes take the store's lock, build a new ``SlotState``
/// and publish it. The store owns its slots and every table it published (tables double when they grow,
/// so keeping them costs at most as much again), so a table and its slots can be read outside a section.
@usableFromInline
final class SlotStore: @unchecked Sendable {
    @usableFromInline let table = Published(SlotTable.empty)
    @usableFromInline let writeLock = PlatformLock()
    private nonisolated(unsafe) var owned: [Slot] = []
    private nonisolated(unsafe) var idsInUse: [Int] = []
    private nonisolated(unsafe) var oldTables: [SlotTable] = []

    @usableFromInline init() {}

    /// Borrows the fields of factory `id` (empty fields if none were ever written). Call inside a read section.
    @inlinable @inline(__always)
    func withFields<R>(_ id: Int, _ body: (borrowing SlotFields) throws -> R) rethrows -> R {
        try table.withCurrent { table in
            if id < table.capacity, let slot = table.slots[id] {
                return try slot._withUnsafeGuaranteedRef { slot in
                    try slot.state.withCurrent { state in try body(state.fields) }
                }
            }
            return try body(SlotState.empty.fields)
        }
    }

    /// The published state of factory `id`, or nil when it has no slot (nothing was ever set for it).
    /// Call inside a read section.
    @inlinable @inline(__always)
    func state(_ id: Int) -> Unmanaged<SlotState>? {
        table.withCurrent { table in
            guard id < table.capacity, let slot = table.slots[id] else { return nil }
            return slot._withUnsafeGuaranteedRef { $0.state.storage.load(ordering: .acquiring) }
        }
    }

    /// The summary word of factory `id` (0 when it has no slot); needs no read section.
    @inlinable @inline(__always)
    func summary(_ id: Int) -> UInt {
        table.withCurrent { table in
            guard id < table.capacity, let slot = table.slots[id] else { return 0 }
            return slot._withUnsafeGuaranteedRef { $0.summary.load(ordering: .acquiring) }
        }
    }

    /// The slot of factory `id`, created if needed. Slots live as long as the store.
    @usableFromInline
    func slot(_ id: Int) -> Slot {
        writeLock.withLock { slotLocked(id) }
    }

    private func slotLocked(_ id: Int) -> Slot {
        let existing: Slot? = table.withCurrent { table in
            id < table.capacity ? table.slots[id]?.takeUnretainedValue() : nil
        }
        if let existing { return existing }
        let slot = Slot()
        owned.append(slot)
        idsInUse.append(id)
        // Tables are never changed once published: a new slot means a new table (slots are made rarely).
        let current = table.withCurrent { $0 }
        let capacity = id < current.capacity ? current.capacity : max(16, id + 1, current.capacity * 2)
        let grown = SlotTable(capacity: capacity, copying: current)
        grown.slots[id] = Unmanaged.passUnretained(slot)
        oldTables.append(current)
        table.replaceKeepingOld(with: grown)
        return slot
    }

    /// Changes factory `id`'s fields; `change` returns false to leave them as they were.
    @usableFromInline @discardableResult
    func update(_ id: Int, _ change: (inout SlotFields) throws -> Bool) rethrows -> Bool {
        try writeLock.withLock {
            let slot = slotLocked(id)
            var fields = slot.state.withCurrent { $0.fields }
            guard try change(&fields) else { return false }
            slot.publish(fields)
            return true
        }
    }

    /// Changes every slot's fields in one step under the lock.
    @usableFromInline
    func updateAll(_ change: (Int, inout SlotFields) -> Bool) {
        writeLock.withLock {
            for (index, slot) in owned.enumerated() {
                var fields = slot.state.withCurrent { $0.fields }
                if change(idsInUse[index], &fields) {
                    slot.publish(fields)
                }
            }
        }
    }

    /// Every slot's current state, for `push()`.
    func snapshot() -> [Int: SlotState] {
        writeLock.withLock {
            var states: [Int: SlotState] = [:]
            for (index, slot) in owned.enumerated() {
                states[idsInUse[index]] = slot.state.withCurrent { $0 }
            }
            return states
        }
    }

    /// Puts back the states of a snapshot; slots made since then return to empty (`pop()`).
    func restore(_ states: [Int: SlotState]) {
        writeLock.withLock {
            for (index, slot) in owned.enumerated() {
                let state = states[idsInUse[index]] ?? SlotState.empty
                slot.state.replace(with: state)
                slot.summary.store(Slot.summary(of: state.fields), ordering: .releasing)
            }
        }
    }

    /// The ids of every factory this store has a slot for.
    func ids() -> [Int] {
        writeLock.withLock { idsInUse }
    }
}
