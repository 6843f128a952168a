import CPlugboardThread

/// What a publication marks: a container's store of slot states, whose builds it invalidates.
protocol EpochMarked: AnyObject {
    /// The newest wiring epoch a publication opened over it; guarded by ``WiringEpoch``'s lock.
    var publishedEpoch: UInt64 { get set }
}

/// The wiring epochs that profile reloads publish, so that one outermost resolution reads one epoch's
/// wiring across every container, however long it runs and whatever a reload publishes meanwhile.
///
/// A reload publishes all its slot states stamped with the next epoch, each linked to the state it replaced
/// (see ``SlotState``), and only then makes that epoch ``visible``. An outermost resolution notes the visible
/// epoch when it starts (``ResolutionTracker/enter(_:)``); each slot it reads that carries a newer stamp is
/// read through its links, as it was before. ``ReadSection`` holds the replaced states until the epoch is
/// visible and frees them only once every thread that was reading then has been seen outside its section.
///
/// A scoped instance built by a resolution that read an older epoch's state, or whose container a reload
/// has published since the resolution started, is returned to it but never kept
/// (``keepingIfCurrent(_:owner:linksFollowed:_:)``): later resolutions build from the new wiring.
@usableFromInline
enum WiringEpoch {
    /// The newest epoch whose states are all published: what an outermost resolution starting now reads
    /// (from its thread's copy, ``ResolutionTracker/visibleEpoch``).
    @inlinable static var visible: AtomicWord<UInt64> { AtomicWord(plugboard_static_word(1)) }
    /// The newest epoch that no resolution under way started before (see ``ReadSection``): states of that
    /// epoch or older need no link, and may be read by the fast path.
    @inlinable static var settled: AtomicWord<UInt64> { AtomicWord(plugboard_static_word(2)) }

    /// Serializes publications process-wide (a process may run several profile systems, in tests).
    private static let publicationLock = PlatformLock()
    /// Guards ``EpochMarked/publishedEpoch`` and the moves of ``visible``, against the check-and-keep of a build.
    private static let keepLock = PlatformLock()

    /// Opens the next epoch over the containers whose stores are `stores` and runs `body`, whose writes on this
    /// thread make up that epoch: every slot state it publishes is stamped with it, and resolutions that
    /// started earlier keep reading the states those replaced. `body` returns false when it decided to publish
    /// nothing (a refused reload, having written nothing): the epoch is then abandoned, and its number is the
    /// next publication's.
    ///
    /// The stores are marked before `body` runs, so that a build in one of those containers that started
    /// earlier and ends after this point is not kept, whichever side of `body`'s checks it lands.
    static func publish(marking stores: [any EpochMarked], _ body: () -> Bool) {
        // What the publication replaces is released once the lock is let go (see `ReadSection`).
        ReadSection.writing(under: publicationLock) {
            ReadSection.read {
                let (epoch, marked) = keepLock.withLock {
                    let epoch = visible.load(ordering: .relaxed) &+ 1
                    let marked = stores.map { store in
                        defer { store.publishedEpoch = epoch }
                        return store.publishedEpoch
                    }
                    return (epoch, marked)
                }
                ThreadResolutions.current._withUnsafeGuaranteedRef { $0.state.pointee.writeStamp = epoch }
                // A body that wrote stamped states publishes them, whatever it returns: they link to what it held.
                let published = body() || ReadSection.shared.holdsReplacedStates
                ThreadResolutions.current._withUnsafeGuaranteedRef { $0.state.pointee.writeStamp = 0 }
                ReadSection.writing(under: keepLock) {
                    if published {
                        ReadSection.shared.makeVisible(epoch: epoch)
                    } else {
                        // Backwards, so that a store listed twice gets back what it had before the first.
                        for (store, earlier) in zip(stores, marked).reversed() { store.publishedEpoch = earlier }
                    }
                }
            }
        }
        // Frees what the publication replaced, unless a reader of the previous epoch is still running.
        ReadSection.shared.collect()
    }

    /// Runs `body` while no publication is under way: what it writes lands before an epoch opens or after
    /// one is visible, never in between. A reset takes this, so that a reload never publishes over a slot
    /// the reset marked as awaiting `autoRegister()` (see ``ContainerManager/publishingEpoch(of:_:)``).
    /// Call outside every write lock but `autoRegister()`'s, which no publication takes.
    static func excludingPublications<R>(_ body: () throws -> R) rethrows -> R {
        try publicationLock.withLock(body)
    }

    /// The stamp for a slot state published now on this thread: the epoch a publication makes, or 0. A thread
    /// that never resolved has no tracker, and publishes none.
    static var writeStamp: UInt64 {
        guard let tracker = plugboard_thread_tracker_get() else { return 0 }
        return Unmanaged<ResolutionTracker>.fromOpaque(tracker)._withUnsafeGuaranteedRef { $0.state.pointee.writeStamp }
    }

    /// Runs `body` with this thread's writes published unstamped, as any program's writes are: for changes a
    /// publication makes outside the containers it marks.
    static func withoutStamp(_ body: () -> Void) {
        ThreadResolutions.current._withUnsafeGuaranteedRef { tracker in
            let stamp = tracker.state.pointee.writeStamp
            tracker.state.pointee.writeStamp = 0
            body()
            tracker.state.pointee.writeStamp = stamp
        }
    }

    /// Runs `keep` (the store of a scoped instance that a resolution which started in `epoch` built in the
    /// container whose store is `owner`) unless the build read an older epoch's state (this thread followed a
    /// link since it counted `linksFollowed`), or a publication marked `owner` since `epoch`, or `marked` says
    /// that it marked a container the build resolved from. `marked` reads ``EpochMarked/publishedEpoch``,
    /// which this lock guards. False when `keep` did not run.
    static func keepingIfCurrent(
        _ epoch: UInt64, owner: any EpochMarked, linksFollowed: UInt64, unless marked: () -> Bool,
        _ keep: () -> Bool
    ) -> Bool {
        guard ThreadResolutions.linksFollowed == linksFollowed else { return false }
        // `keep` may replace an instance (an expired one): its `deinit` runs once this lock is let go.
        return ReadSection.writing(under: keepLock) {
            guard owner.publishedEpoch <= epoch, !marked() else { return false }
            return keep()
        }
    }

    /// Marks `store` with the epoch that the publication under way on this thread makes, as
    /// ``publish(marking:_:)`` marks the stores it names: for a container found while it publishes (one a
    /// reload drops kept instances from). A build under way that resolved from it is not kept. Returns what
    /// the store had before, for ``unmark(_:to:)`` when the publication publishes nothing, or nil when it was
    /// marked already.
    static func mark(_ store: some EpochMarked) -> UInt64? {
        let epoch = visible.load(ordering: .relaxed) &+ 1
        return keepLock.withLock {
            guard store.publishedEpoch < epoch else { return nil }
            defer { store.publishedEpoch = epoch }
            return store.publishedEpoch
        }
    }

    /// Gives `store` back the mark it had before ``mark(_:)``: the publication is abandoned.
    static func unmark(_ store: some EpochMarked, to earlier: UInt64) {
        keepLock.withLock { store.publishedEpoch = earlier }
    }

    /// Records that every resolution under way started at `visible` or later, as ``ReadSection`` finds when
    /// no thread reads: `visible` was loaded before it looked.
    static func settle(at visible: UInt64) {
        if settled.load(ordering: .relaxed) < visible {
            settled.store(visible, ordering: .releasing)
        }
    }
}
