/// One factory's place in a store: its published state and the lock that makes a scoped build happen once.
@usableFromInline
final class Slot: InlineAtomicWords, @unchecked Sendable {
    /// The words behind ``state`` and ``summary`` (see ``InlineAtomicWords``): the first stored property.
    private var inlineAtomics: (UInt64, UInt64) = (0, 0)

    @inlinable var state: Published<SlotState> { Published(inlineWord(0)) }
    /// The slot's scope's ``Scope/serial`` shifted left by one, with the `once()` seal in bit 0, so a modifier
    /// can see that it would change nothing without a read section. Updated with every new state.
    @inlinable var summary: AtomicWord<UInt> { inlineWord(1) }

    @usableFromInline init() {
        checkInlineWords(&inlineAtomics.0)
        state.publishFirst(SlotState.empty)
    }

    deinit {
        state.releaseLast()
    }

    /// Publishes new fields and their summary, stamped when this thread publishes a wiring epoch, and returns
    /// the state they replace, for ``ReadSection/retire(_:)`` (which holds it while this thread publishes an
    /// epoch: the new state links to it). Call under the store's lock.
    ///
    /// `builtAt` is, for a build's keep, the newest reload stamp among the states the build read
    /// (``ResolutionTracker/Header/newestStampRead``): a state with an older stamp gets that one, linked to the
    /// state it replaces, so that a resolution of an earlier epoch does not take an instance built from a later
    /// one's wiring.
    func publish(_ fields: consuming SlotFields, builtAt: UInt64 = 0) -> Unmanaged<AnyObject> {
        let summary = Slot.summary(of: fields)
        // The fields move into the next state. (Writes hold the store's lock: the current state stays.)
        let next = state.current.takeUnretainedValue().succeeded(
            by: fields, epoch: max(WiringEpoch.writeStamp, builtAt),
            settled: WiringEpoch.settled.load(ordering: .acquiring))
        let replaced = state.exchange(with: next)
        self.summary.store(summary, ordering: .releasing)
        return replaced
    }

    /// Publishes fields a publication staged (see ``SlotStore/stage(expecting:rollback:_:)``): stamped with its
    /// `epoch` and linked to the state they replace, with no condition to test. The epoch is newer than every
    /// stamp and than the settled epoch (it is one past the visible one), so ``SlotState/succeeded(by:epoch:settled:)``
    /// would choose the same. Call under the store's lock.
    func publish(_ fields: consuming SlotFields, stampedWith epoch: UInt64) -> Unmanaged<AnyObject> {
        let summary = Slot.summary(of: fields)
        let current = state.current
        assert(epoch > current._withUnsafeGuaranteedRef(\.stamp), "a publication's epoch is older than a stamp")
        let replaced = state.exchange(with: SlotState(fields, stamp: epoch, previous: current))
        self.summary.store(summary, ordering: .releasing)
        return replaced
    }

    @usableFromInline
    static func summary(of fields: SlotFields) -> UInt {
        (fields.scope?.serial ?? 0) << 1 | (fields.onceSealed ? 1 : 0)
    }
    /// Held while a scope builds this factory's instance, so concurrent first resolutions build it once.
    /// Recursive: a cached parameter factory that resolves itself with other parameters (memoized recursion)
    /// builds inside its own build, and a cycle through a scoped factory nests like any other until the cycle
    /// search finds it, instead of waiting for itself.
    @usableFromInline let buildLock = PlatformLock(recursive: true)
}

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
    @exclusivity(unchecked) private nonisolated(unsafe) var owned: [Slot] = []
    @exclusivity(unchecked) private nonisolated(unsafe) var idsInUse: [Int] = []
    @exclusivity(unchecked) private nonisolated(unsafe) var oldTables: [SlotTable] = []
    /// Fields written while a change is staged (see ``stage(expecting:_:)``), published together when it commits.
    @exclusivity(unchecked) private nonisolated(unsafe) var staged: StagedWrites?
    /// The thread that stages (see ``ThreadIdentity``), or 0 when nothing is staged: only its writes are held
    /// back. Another thread's write is published at once; when it touches a slot already staged, the stage is
    /// `stageConflicted` and its change is made again over it.
    @exclusivity(unchecked) private nonisolated(unsafe) var stagingThread: UInt = 0
    /// Whether other threads' writes to staged slots are made over the staged change as well: its last run.
    @exclusivity(unchecked) private nonisolated(unsafe) var stagingExclusive = false
    @exclusivity(unchecked) private nonisolated(unsafe) var stageConflicted = false
    /// The newest wiring epoch that a profile reload opened over this store (see ``WiringEpoch``); guarded
    /// by the epochs' lock.
    nonisolated(unsafe) var publishedEpoch: UInt64 = 0
    /// This store's number, never reused in the process: what build records name its container by (see
    /// ``ResolvedFactory``).
    let serial = StoreSerials.next()
    /// What each kept instance was built from (see ``ScopedBuilds``), guarded by `buildsLock`.
    private let buildsLock = PlatformLock()
    @exclusivity(unchecked) private nonisolated(unsafe) var builds: [Int: Set<ResolvedFactory>] = [:]
    /// Whether this store is among the ``RecordingStores``: set once, under `buildsLock`.
    @exclusivity(unchecked) private nonisolated(unsafe) var recordsBuilds = false

    /// Records that factory `id`'s instance was built from `dependencies`, beside what its earlier builds were
    /// built from: an instance cached per parameter, or one rebuilt after a reset, may have read other
    /// factories, and the instances kept may be any of them.
    func recordBuild(_ id: Int, from dependencies: [ResolvedFactory]) {
        let first = buildsLock.withLock {
            builds[id, default: []].formUnion(dependencies)
            defer { recordsBuilds = true }
            return !recordsBuilds
        }
        // Outside `buildsLock`: a reload reads the records under the registry's lock.
        if first { RecordingStores.shared.add(self) }
    }

    /// Puts this store among the ``RecordingStores`` with no record: the container built a singleton, so a
    /// reload that reaches it marks the container (see ``WiringEpoch/mark(_:)``).
    func joinRecordingStores() {
        let first = buildsLock.withLock {
            defer { recordsBuilds = true }
            return !recordsBuilds
        }
        if first { RecordingStores.shared.add(self) }
    }

    /// Runs `body` with what each instance built here was built from, by factory id, under the records' lock:
    /// `body` copies what it needs, and lets no part of them out (a record shared with another thread would
    /// be changed in place by the next build).
    func withRecordedBuilds<R>(_ body: (borrowing [Int: Set<ResolvedFactory>]) -> R) -> R {
        buildsLock.withLock { body(builds) }
    }

    /// Whether any build here was recorded.
    var hasRecordedBuilds: Bool {
        buildsLock.withLock { !builds.isEmpty }
    }

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

    private func slotLocked(_ id: Int) -> Slot {
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

    /// How many times ``stage(expecting:_:)`` runs its change when other threads' writes keep touching it.
    static let stagingAttempts = 4

    /// Runs `body` with this thread's writes to the store held back, then publishes what it wrote, slot by
    /// slot, under the lock: readers see each slot go from its state before `body` to its state after, never a
    /// state in between (a reset followed by a registration). `writes` is how many slots `body` is expected
    /// to write: room made at once instead of growing.
    ///
    /// Other threads' writes meanwhile (a `register`, a reset, a modifier, a `pop()`) are published at once, as
    /// ever, and never stamped with this change's epoch. When one touches a slot `body` already wrote, the
    /// held-back writes are dropped, `rollback` undoes what `body` noted elsewhere, and `body` runs again over
    /// the states published since: its change lands after theirs, whatever the order they came in. On the last
    /// of ``stagingAttempts`` runs, such a write is made over the staged change as well, and lands after it.
    /// Returns how many times `body` ran.
    @discardableResult
    func stage(expecting writes: Int, rollback: () -> Void = {}, _ body: () -> Void) -> Int {
        for attempt in 1...Self.stagingAttempts {
            ReadSection.writing(under: writeLock) {
                staged = StagedWrites(idLimit: table.withCurrent { $0.slotCapacity }, expecting: writes)
                stagingThread = ThreadIdentity.current
                stagingExclusive = attempt == Self.stagingAttempts
                stageConflicted = false
            }
            body()
            Self.whileStaged?()
            let committed: Bool = ReadSection.writing(under: writeLock) {
                var made = staged.take()!
                stagingThread = 0
                if stageConflicted && !stagingExclusive { return false }
                // Each staged value is moved out of the list into its state, not copied; the states they replace
                // are retired together.
                var replaced: [Unmanaged<AnyObject>] = []
                replaced.reserveCapacity(made.writes.count)
                // Inside a publication every state is stamped with its epoch (read once, not per slot).
                let epoch = WiringEpoch.writeStamp
                while let (id, fields) = made.writes.popLast() {
                    let slot = slotLocked(id)
                    replaced.append(
                        epoch == 0 ? slot.publish(consume fields) : slot.publish(consume fields, stampedWith: epoch))
                }
                ReadSection.shared.retire(replaced)
                return true
            }
            if committed { return attempt }
            rollback()
        }
        return Self.stagingAttempts
    }

    /// Runs on the staging thread after each run of a staged change's `body`, before its commit: for tests
    /// that write from another thread while a reload stages.
    nonisolated(unsafe) static var whileStaged: (() -> Void)?

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

    /// Every slot's current state, for `push()`. Singleton mirrors are left out: the scope may drop its
    /// instance before `pop()`, and a saved copy would bring it back.
    func snapshot() -> [Int: SlotState] {
        ReadSection.writing(under: writeLock) {
            var states: [Int: SlotState] = [:]
            for (index, slot) in owned.enumerated() {
                states[idsInUse[index]] = slot.state.withCurrent { $0.withoutMirror }
            }
            return states
        }
    }

    /// Puts back the states of a snapshot; slots made since then return to empty (`pop()`).
    func restore(_ states: [Int: SlotState]) {
        ReadSection.writing(under: writeLock) {
            // While a change is staged on another thread: at once, and the staged change is made again over it.
            // On its last run the staged writes stay as they are and land over the restored states: a restored
            // state would bring back instances the change dropped (and its disposal shuts down), and lose the
            // change for good.
            if stagingThread != 0 && stagingThread != ThreadIdentity.current && !staged!.isEmpty
                && !stagingExclusive
            {
                stageConflicted = true
            }
            restoreLocked(states)
        }
    }

    private func restoreLocked(_ states: [Int: SlotState]) {
        for (index, slot) in owned.enumerated() {
            var state = states[idsInUse[index]] ?? SlotState.empty
            // A state saved before the factory's getter ran (or while it ran) lacks some of its definition: keep
            // the current record, to be put back whole on the next resolution (see `DefinitionRecord`).
            if let record = slot.state.withCurrent({ $0.fields.definition }), record !== state.fields.definition {
                var fields = state.fields
                fields.definition = record
                fields.definitionApplied = false
                state = SlotState(fields)
            }
            slot.state.replace(with: state)
            slot.summary.store(Slot.summary(of: state.fields), ordering: .releasing)
        }
    }

    /// The ids of every factory this store has a slot for.
    func ids() -> [Int] {
        ReadSection.writing(under: writeLock) { idsInUse }
    }
}
