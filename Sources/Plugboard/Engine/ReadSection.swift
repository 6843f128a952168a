import CPlugboardThread

/// Lets any number of threads read published snapshots without taking a lock while writers replace them, and
/// frees what the writers replace once no reader can reach it. The whole reclamation protocol is in this file;
/// `docs/models/reclamation.pml` is its model, which `.ci/model-check` checks exhaustively with spin, and each
/// step below names the part of the model it stands for.
///
/// The rule. A reader (an outermost resolution, ``ResolutionTracker/enter(_:)``) raises its thread's counter,
/// then reads its thread's copy of the visible wiring epoch, and reads every slot as of that epoch: a state
/// stamped with a newer epoch is read through its `previous` link (``SlotState/asOf(_:)``). A write that is not
/// a reload's leaves no link to what it replaced, so it retires it at once. A reload's writes link each new
/// state to the one it replaced, which readers of the old epoch still reach: those are *held* until the
/// reload's epoch is visible in every thread's copy (``makeVisible(epoch:)``) and retired only then. Each
/// retirement starts an era, and each look at the counters notes every thread whose counter reads zero as
/// seen outside in the current era. An object retired in era *t* is freed once every thread that reads has
/// been seen outside after *t*: such a thread's next section starts after the object left every path a
/// reader can take, links of the visible epoch included. One long resolution holds back only what was
/// retired since its thread was last seen outside. A build that keeps its instance stamps the state with the
/// epoch it read when no reload did (``Slot/publish(_:builtAt:)``), linked to the state it replaces, which is
/// retired at once (that epoch is visible already): a resolution of an earlier epoch never takes an instance
/// built from a later one's wiring.
///
/// Memory ordering. A writer that retires what it replaced at once relies on a store-buffering pattern: the
/// writer publishes the new snapshot (an exchange), then reads every counter; a reader raises its counter,
/// then loads the snapshot. Either the writer sees the counter raised (and holds what it replaced for the
/// reader's era), or the reader loads the new snapshot (and never reaches the replaced one). C11 guarantees
/// that only when all four operations are sequentially consistent: they then lie in one total order, and if
/// the writer's counter load comes before the reader's increment, the writer's exchange comes before the
/// reader's snapshot load, which therefore sees it. So the counter's increment (``read(_:)``,
/// ``ResolutionTracker/enter(_:)``), the snapshot loads (``Published/current``), the exchange
/// (``Published/exchange(with:)``) and the counter loads (``lookAtReaders()``) are all sequentially
/// consistent; acquire loads, or a fence-free relaxed increment, would be correct on x86 and on ARM with LSE
/// atomics only. The model (`docs/models/reclamation.pml`) assumes this sequential consistency, as spin's
/// interleavings do. A reader's decrement only needs release: what it read is before it.
///
/// What is freed is released on the writer's thread once it holds no engine write lock (``writing(under:_:)``)
/// and is between resolutions (``ResolutionTracker/leave()``): a `deinit` that resolves or registers never runs
/// under the lock it would take, nor inside a resolution, whose scoped builds hold their build locks.
@usableFromInline
final class ReadSection: @unchecked Sendable {
    @usableFromInline static let shared = ReadSection()

    /// Guards everything below (the model's `sectionLock`).
    private let lock = PlatformLock()
    /// The read counter of every thread that has a tracker (`reading`), and the era it was last seen at zero in
    /// (`seenOutside`). (Used under `lock` only, so not checked for exclusive access at run time as well.)
    @exclusivity(unchecked) private nonisolated(unsafe) var counters: [UnsafeMutablePointer<UInt64>] = []
    @exclusivity(unchecked) private nonisolated(unsafe) var seenOutside: [UInt64] = []
    /// The era (`era`): advanced by every retirement.
    @exclusivity(unchecked) private nonisolated(unsafe) var era: UInt64 = 0
    /// Retired objects, oldest era first, waiting for the readers of their era to be seen outside (`retired`,
    /// `retiredIn`).
    @exclusivity(unchecked) private nonisolated(unsafe) var retired: [(era: UInt64, objects: [Unmanaged<AnyObject>])] =
        []
    /// What a publishing thread replaced while its publication is open (`held`): linked from the states it
    /// published, so retired only once their epoch is visible.
    @exclusivity(unchecked) private nonisolated(unsafe) var held: [Unmanaged<AnyObject>] = []
    /// How many objects ``retired`` and ``held`` hold.
    @exclusivity(unchecked) private nonisolated(unsafe) var waitingObjects = 0

    private init() {}

    // MARK: Readers (the model's `Reader`)

    /// Runs `body` with every snapshot it reads kept alive until it returns. Sections nest.
    @inlinable @inline(__always)
    static func read<R>(_ body: () throws -> R) rethrows -> R {
        try ThreadResolutions.current._withUnsafeGuaranteedRef { tracker in
            let counter = tracker.readCounter
            counter.wrappingAdd(1, ordering: .sequentiallyConsistent)
            defer { counter.wrappingSubtract(1, ordering: .releasing) }
            return try body()
        }
    }

    /// Adds a new thread's counter (see ``ResolutionTracker``), and sets the copy of the visible wiring epoch
    /// that follows it.
    func register(_ counter: AtomicWord<Int>) {
        lock.withLock {
            AtomicWord<UInt64>(counter.address + 1).store(
                WiringEpoch.visible.load(ordering: .relaxed), ordering: .sequentiallyConsistent)
            counters.append(counter.address)
            // A thread that has never read holds nothing retired so far.
            seenOutside.append(era)
        }
    }

    /// Removes the counter of a thread that is ending; it reads zero, since the thread reads nothing more.
    func unregister(_ counter: AtomicWord<Int>) {
        lock.withLock {
            if let index = counters.firstIndex(of: counter.address) {
                counters.swapAt(index, counters.count - 1)
                counters.removeLast()
                seenOutside.swapAt(index, seenOutside.count - 1)
                seenOutside.removeLast()
            }
        }
    }

    // MARK: Writers (the model's `ProgramWrite` and `Publisher`)

    /// Takes over one retained reference to a snapshot that has just been unpublished.
    @usableFromInline
    func retire(_ object: Unmanaged<AnyObject>) {
        retire(CollectionOfOne(object))
    }

    /// Takes over one retained reference to each of `objects`, which the calling thread has just replaced:
    /// retired now (`retire`), or held until the epoch this thread stamps its writes with is visible, when it
    /// is not yet (the `Publisher`'s `held`; a container's catch-up, ``ContainerManager/writing(asOf:_:)``).
    /// Whether it is visible is read under the lock that ``makeVisible(epoch:)`` takes: nothing is held after
    /// its epoch became visible.
    func retire(_ objects: some Collection<Unmanaged<AnyObject>>) {
        guard !objects.isEmpty else { return }
        let stamp = WiringEpoch.writeStamp
        var freeNow = false
        let freeable: [Unmanaged<AnyObject>] = lock.withLock {
            if stamp != 0 && stamp > WiringEpoch.visible.load(ordering: .relaxed) {
                held.append(contentsOf: objects)
                waitingObjects += objects.count
                return []
            }
            return retireLocked(objects, freeingThemNow: &freeNow)
        }
        release(freeable)
        if freeNow { release(objects) }
    }

    /// Makes `epoch` the visible wiring epoch, in ``WiringEpoch/visible`` and in every thread's copy, then
    /// retires what the publication held: from now on a thread seen outside starts in `epoch`, and follows no
    /// link to what was held.
    func makeVisible(epoch: UInt64) {
        let freeable = lock.withLock {
            WiringEpoch.visible.store(epoch, ordering: .sequentiallyConsistent)
            for counter in counters {
                AtomicWord<UInt64>(counter + 1).store(epoch, ordering: .sequentiallyConsistent)
            }
            let objects = held
            held = []
            waitingObjects -= objects.count
            var freeNow = false
            let older = retireLocked(objects, freeingThemNow: &freeNow)
            return freeNow ? older + objects : older
        }
        release(freeable)
    }

    /// Whether a publication holds anything it replaced: it wrote stamped states, and must make its epoch
    /// visible whatever it decided.
    var holdsReplacedStates: Bool {
        lock.withLock { !held.isEmpty }
    }

    /// Frees the retired objects that no reader can hold any more; a later call frees the others (`collect`).
    func collect() {
        release(lock.withLock { retired.isEmpty ? [] : takeRetired(before: lookAtReaders()) })
    }

    /// How many replaced objects wait for readers (the retired-states gauge of the reload metrics).
    var waiting: Int {
        lock.withLock { waitingObjects }
    }

    /// Starts an era for `objects` and returns what earlier retirements can free now; `freeingThemNow` says
    /// whether `objects` can be freed now too (no reader can hold them), else they wait. Call under `lock`.
    private func retireLocked(_ objects: some Collection<Unmanaged<AnyObject>>, freeingThemNow: inout Bool)
        -> [Unmanaged<AnyObject>]
    {
        let tag = era
        era = tag &+ 1
        let oldest = lookAtReaders()
        let freeable = takeRetired(before: oldest)
        freeingThemNow = tag < oldest
        if !freeingThemNow && !objects.isEmpty {
            retired.append((tag, Array(objects)))
            waitingObjects += objects.count
        }
        return freeable
    }

    /// Removes and returns the objects retired in eras before `oldest` (`freeRetiredBefore`). Call under `lock`.
    private func takeRetired(before oldest: UInt64) -> [Unmanaged<AnyObject>] {
        guard let first = retired.first, first.era < oldest else { return [] }
        let count = retired.firstIndex { $0.era >= oldest } ?? retired.count
        let taken = retired[..<count].flatMap(\.objects)
        retired.removeFirst(count)
        waitingObjects -= taken.count
        return taken
    }

    /// Notes the era for every thread seen outside its section, and returns the earliest era a thread that
    /// reads was last seen outside in (`UInt64.max` when none reads): what was retired before it can be freed
    /// (`lookAtReaders`). When no thread reads, no resolution under way started before the wiring epoch visible
    /// when this looked, which it records (see ``WiringEpoch/settled``). Call under `lock`.
    private func lookAtReaders() -> UInt64 {
        let visible = WiringEpoch.visible.load(ordering: .sequentiallyConsistent)
        var oldest = UInt64.max
        for index in counters.indices {
            if AtomicWord<Int>(counters[index]).load(ordering: .sequentiallyConsistent) == 0 {
                seenOutside[index] = era
            } else {
                oldest = min(oldest, seenOutside[index])
            }
        }
        if oldest == .max { WiringEpoch.settle(at: visible) }
        return oldest
    }

    // MARK: Releasing outside the engine's write locks

    /// Runs `body` holding `lock`, one of the engine's write locks; what `body` frees is released once this
    /// thread holds none of them, so no `deinit` runs under a lock it may need.
    @inlinable
    static func writing<R>(under lock: PlatformLock, _ body: () throws -> R) rethrows -> R {
        beginWriting()
        defer { endWriting() }
        return try lock.withLock(body)
    }

    /// Notes that this thread takes one of the engine's write locks (see ``writing(under:_:)``); pair it with
    /// ``endWriting()`` after the lock is released.
    @inlinable @inline(__always)
    static func beginWriting() {
        _ = plugboard_thread_write_locks_enter()
    }

    /// Notes that this thread let go of a write lock, and releases what it held back once it holds none and
    /// is between resolutions (else the outermost resolution's end releases it).
    @inlinable @inline(__always)
    static func endWriting() {
        if plugboard_thread_write_locks_leave() == 0, let tracker = plugboard_thread_tracker_get() {
            let held = Unmanaged<ResolutionTracker>.fromOpaque(tracker)
            if _slowPath(
                held._withUnsafeGuaranteedRef {
                    !$0.state.pointee.freesHeldBack.isEmpty && $0.state.pointee.depthInBytes == 0
                })
            {
                releaseHeldBack(held)
            }
        }
    }

    /// Releases what this thread held back while it held write locks; a `deinit` that writes again adds to it.
    @usableFromInline
    static func releaseHeldBack(_ tracker: Unmanaged<ResolutionTracker>) {
        tracker._withUnsafeGuaranteedRef { tracker in
            while let object = tracker.state.pointee.freesHeldBack.popLast() {
                object.release()
            }
        }
    }

    /// Releases `object`, which its owner let go of as it went away: now, or once this thread leaves its write
    /// locks and its resolutions (see ``Published/releaseLast()``).
    static func releaseOutsideResolutions(_ object: Unmanaged<AnyObject>) {
        shared.release(CollectionOfOne(object))
    }

    /// Releases `objects` now, or once this thread leaves its write locks and its resolutions.
    private func release(_ objects: some Collection<Unmanaged<AnyObject>>) {
        guard !objects.isEmpty else { return }
        let inResolution = plugboard_thread_tracker_get().map {
            Unmanaged<ResolutionTracker>.fromOpaque($0)._withUnsafeGuaranteedRef { $0.state.pointee.depthInBytes != 0 }
        }
        if plugboard_thread_write_locks_held() > 0 || inResolution == true {
            ThreadResolutions.current._withUnsafeGuaranteedRef {
                $0.state.pointee.freesHeldBack.append(contentsOf: objects)
            }
        } else {
            for object in objects { object.release() }
        }
    }
}
