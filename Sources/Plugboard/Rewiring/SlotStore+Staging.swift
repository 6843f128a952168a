/// A reload's staged change to a store: this thread's writes held back and published together, made again
/// over other threads' writes that touch them.
extension SlotStore {
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
}
