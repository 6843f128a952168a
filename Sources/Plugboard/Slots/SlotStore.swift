/// The settings and scope caches of one container (or of one singleton scope), indexed by factory id.
///
/// Reads are lock-free inside a ``ReadSection``; writes take the store's lock, build a new ``SlotState``
/// and publish it. The store owns its slots and every table it published (tables at least double when
/// they grow, so keeping them costs at most as much again), so a table and its slots can be read outside
/// a section.
@usableFromInline
final class SlotStore: InlineAtomicWords, EpochMarked, @unchecked Sendable {
    /// The word behind ``table`` (see ``InlineAtomicWords``): the first stored property.
    private var inlineAtomics: (UInt64) = (0)

    @inlinable var table: Published<SlotTable> { Published(inlineWord(0)) }
    @usableFromInline let writeLock = PlatformLock()
    /// A word outside the store that follows its current table's address (a container manager's, which owns
    /// the store and outlives it), or nil.
    private let tableMirror: AtomicWord<UInt>?
    // The fields below are written under `writeLock` only, so they are not checked for exclusive access at run
    // time as well (two checks per write to a slot).
    @exclusivity(unchecked) nonisolated(unsafe) var owned: [Slot] = []
    @exclusivity(unchecked) nonisolated(unsafe) var idsInUse: [Int] = []
    @exclusivity(unchecked) private nonisolated(unsafe) var oldTables: [SlotTable] = []
    /// Fields written while a change is staged (see ``stage(expecting:_:)``), published together when it commits.
    @exclusivity(unchecked) nonisolated(unsafe) var staged: StagedWrites?
    /// The thread that stages (see ``ThreadIdentity``), or 0 when nothing is staged: only its writes are held
    /// back. Another thread's write is published at once; when it touches a slot already staged, the stage is
    /// `stageConflicted` and its change is made again over it.
    @exclusivity(unchecked) nonisolated(unsafe) var stagingThread: UInt = 0
    /// Whether other threads' writes to staged slots are made over the staged change as well: its last run.
    @exclusivity(unchecked) nonisolated(unsafe) var stagingExclusive = false
    @exclusivity(unchecked) nonisolated(unsafe) var stageConflicted = false
    /// The newest wiring epoch that a profile reload opened over this store (see ``WiringEpoch``); guarded
    /// by the epochs' lock.
    nonisolated(unsafe) var publishedEpoch: UInt64 = 0
    /// This store's number, never reused in the process: what build records name its container by (see
    /// ``ResolvedFactory``).
    let serial = StoreSerials.next()
    /// What each kept instance was built from (see ``ScopedBuilds``), guarded by `buildsLock`.
    let buildsLock = PlatformLock()
    @exclusivity(unchecked) nonisolated(unsafe) var builds: [Int: Set<ResolvedFactory>] = [:]
    /// Whether this store is among the ``RecordingStores``: set once, under `buildsLock`.
    @exclusivity(unchecked) nonisolated(unsafe) var recordsBuilds = false

    /// A store; a container's manager passes its table word as `tableMirror`, to read the current table with
    /// one load fewer than through the store (resolutions read it on every call).
    @usableFromInline init(tableMirror: AtomicWord<UInt>? = nil) {
        self.tableMirror = tableMirror
        checkInlineWords(&inlineAtomics)
        table.publishFirst(SlotTable.empty)
    }

    deinit {
        // Waits for a reload that works over the recording stores: it may be reading this one.
        if recordsBuilds { RecordingStores.shared.remove(self) }
        table.releaseLast()
    }

    /// Borrows the fields of factory `id` (empty fields if none were ever written). Call inside a read section.
    @inlinable @inline(__always)
    func withFields<R>(_ id: Int, _ body: (borrowing SlotFields) throws -> R) rethrows -> R {
        try table.withCurrent { table in
            if let slot = table.slot(id) {
                return try slot._withUnsafeGuaranteedRef { slot in
                    try slot.state.withCurrent { state in try body(state.fields) }
                }
            }
            return try body(SlotState.empty.fields)
        }
    }

    /// Borrows the fields of factory `id` as the resolution under way on this thread reads them: as of the
    /// wiring epoch it started in (see ``WiringEpoch``), with which state they come from.
    @inlinable @inline(__always)
    func withResolvedFields<R>(_ id: Int, _ body: (borrowing SlotFields, ResolvedState) throws -> R) rethrows -> R {
        try table.withCurrent { table in
            guard let state = table.state(id) else { return try body(SlotState.empty.fields, .current) }
            return try state._withUnsafeGuaranteedRef { current in
                guard _slowPath(current.stamp != 0) else { return try body(current.fields, .current) }
                let epoch = ThreadResolutions.epoch
                if current.stamp <= epoch {
                    ThreadResolutions.noteStampRead(current.stamp)
                    let settled = current.stamp <= WiringEpoch.settled.load(ordering: .acquiring)
                    return try body(current.fields, settled ? .settled : .current)
                }
                ThreadResolutions.linksFollowed &+= 1
                return try current.asOf(epoch)._withUnsafeGuaranteedRef { try body($0.fields, .older) }
            }
        }
    }

    /// Publishes factory `id`'s fields again without their settled stamp, so that its hits take the fast path.
    @usableFromInline
    func settle(_ id: Int) {
        update(id) { _ in true }
    }

    /// The published state of factory `id`, or nil when it has no slot (nothing was ever set for it).
    /// Call inside a read section.
    @inlinable @inline(__always)
    func state(_ id: Int) -> Unmanaged<SlotState>? {
        table.withCurrent { $0.state(id) }
    }

    /// The slot of factory `id`, created if needed. Slots live as long as the store.
    @usableFromInline
    func slot(_ id: Int) -> Slot {
        ReadSection.writing(under: writeLock) { slotLocked(id) }
    }

    func slotLocked(_ id: Int) -> Slot {
        let current = table.withCurrent { $0 }
        if let existing = current.slot(id) { return existing.takeUnretainedValue() }
        let slot = Slot()
        owned.append(slot)
        idsInUse.append(id)
        if id < current.slotCapacity {
            current.set(slot, at: id)
        } else {
            // Readers may hold the current table: it is replaced, not changed, and kept as long as the store.
            let grown = SlotTable.make(capacity: max(16, id + 1, current.slotCapacity * 2), copying: current)
            grown.set(slot, at: id)
            oldTables.append(current)
            table.replaceKeepingOld(with: grown)
            tableMirror?.store(grown.address, ordering: .releasing)
        }
        return slot
    }

    /// Changes factory `id`'s fields; `change` returns false to leave them as they were. While a change is
    /// staged on another thread, the write is published at once all the same (see ``stage(expecting:_:)``).
    ///
    /// `builtAt`: the newest reload stamp a build that keeps its instance read (see ``Slot/publish(_:builtAt:)``).
    @usableFromInline @discardableResult
    func update(_ id: Int, builtAt: UInt64 = 0, _ change: (inout SlotFields) throws -> Bool) rethrows -> Bool {
        // What this write replaces is retired once the lock is let go: a `deinit` it runs may write here again.
        var replaced: Unmanaged<AnyObject>?
        defer { if let replaced { ReadSection.shared.retire(replaced) } }
        return try writeLock.withLock {
            let slot = slotLocked(id)
            if _slowPath(stagingThread != 0) {
                if stagingThread == ThreadIdentity.current {
                    if let position = staged!.position(of: id) {
                        var fields = staged!.writes[position].fields
                        guard try change(&fields) else { return false }
                        staged!.writes[position].fields = fields
                        return true
                    }
                    var fields = slot.state.withCurrent { $0.fields }
                    guard try change(&fields) else { return false }
                    staged!.add(id, fields)
                    return true
                }
                if let position = staged!.position(of: id) {
                    if stagingExclusive {
                        _ = try change(&staged!.writes[position].fields)
                    } else {
                        stageConflicted = true
                    }
                }
            }
            var fields = slot.state.withCurrent { $0.fields }
            guard try change(&fields) else { return false }
            replaced = slot.publish(fields, builtAt: builtAt)
            return true
        }
    }

    /// Changes the fields of every slot that `matches`, in one step under the lock. The others are neither
    /// copied nor published again: a reload asks this of every slot of a container.
    @usableFromInline
    func updateAll(
        ids includes: (Int) -> Bool = { _ in true }, where matches: (borrowing SlotFields) -> Bool,
        _ change: (inout SlotFields) -> Void
    ) {
        updateAll(ids: includes, where: matches) { _, fields in change(&fields) }
    }

    /// ``updateAll(ids:where:_:)``, with each slot's id handed to `change`.
    func updateAll(
        ids includes: (Int) -> Bool = { _ in true }, where matches: (borrowing SlotFields) -> Bool,
        _ change: (Int, inout SlotFields) -> Void
    ) {
        ReadSection.writing(under: writeLock) {
            // Another thread's change while one is staged is published at once (see `stage(expecting:_:)`).
            let staging = stagingThread != 0 && stagingThread == ThreadIdentity.current
            var replaced: [Unmanaged<AnyObject>] = []
            for (index, slot) in owned.enumerated() {
                let id = idsInUse[index]
                // A staged value is matched and changed where it is: no lookup copies it.
                if staging, let position = staged!.position(of: id) {
                    if includes(id) {
                        Self.change(&staged!.writes[position].fields, of: id, ifItMatches: matches, change)
                    }
                } else if slot.state.withCurrent({ matches($0.fields) }), includes(id) {
                    var fields = slot.state.withCurrent { $0.fields }
                    change(id, &fields)
                    if staging {
                        staged!.add(id, fields)
                    } else {
                        if let position = staged?.position(of: id) {
                            if stagingExclusive {
                                Self.change(&staged!.writes[position].fields, of: id, ifItMatches: matches, change)
                            } else {
                                stageConflicted = true
                            }
                        }
                        replaced.append(slot.publish(fields))
                    }
                }
            }
            if !replaced.isEmpty { ReadSection.shared.retire(replaced) }
        }
    }

    /// `change` made to `fields` in place when they match.
    private static func change(
        _ fields: inout SlotFields, of id: Int, ifItMatches matches: (borrowing SlotFields) -> Bool,
        _ change: (Int, inout SlotFields) -> Void
    ) {
        if matches(fields) { change(id, &fields) }
    }

    /// The ids of every factory this store has a slot for.
    func ids() -> [Int] {
        ReadSection.writing(under: writeLock) { idsInUse }
    }
}
