/// Lets any number of threads read published snapshots without taking a lock, while writers replace them.
///
/// A reader announces itself on a counter of its own thread's, kept in the thread's ``ResolutionTracker``: a
/// resolution enters once, for every snapshot it and its nested resolutions read, and no two threads write the
/// same counter. A writer swaps in a new snapshot and hands the old one to ``retire(_:)``. Readers pay for
/// nothing more than their counter.
///
/// Retired snapshots are freed per *era*: each retirement starts a new one, and every look at the counters
/// notes, for each thread whose counter reads zero, the era it was seen outside its section in. A snapshot
/// retired before a thread was last seen outside cannot be held by it (its sections since began after the
/// swap), so a snapshot is freed once every thread that reads now has been seen outside since it was retired.
/// One long resolution (a singleton opening a pool) holds back only what was retired after its thread was last
/// seen outside, not what every other thread retires meanwhile; no moment with every thread outside at once is
/// needed.
@usableFromInline
final class ReadSection: @unchecked Sendable {
    @usableFromInline static let shared = ReadSection()

    /// Guards everything below.
    private let lock = PlatformLock()
    /// The read counter of every thread that has a tracker, and the era it was last seen at zero in. (These
    /// are used under `lock` only, so they are not checked for exclusive access at run time as well.)
    @exclusivity(unchecked) private nonisolated(unsafe) var counters: [UnsafeMutablePointer<UInt64>] = []
    @exclusivity(unchecked) private nonisolated(unsafe) var seenOutside: [UInt64] = []
    /// The era: advanced by every ``retire(_:)``.
    @exclusivity(unchecked) private nonisolated(unsafe) var era: UInt64 = 0
    /// Retired snapshots, oldest era first, waiting for the readers of their era to be seen outside.
    @exclusivity(unchecked) private nonisolated(unsafe) var retired: [(era: UInt64, objects: [Unmanaged<AnyObject>])] =
        []
    /// How many snapshots ``retired`` holds.
    @exclusivity(unchecked) private nonisolated(unsafe) var retiredObjects = 0

    private init() {}

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

    /// Makes `epoch` the visible wiring epoch, in ``WiringEpoch/visible`` and in every thread's copy. Call
    /// inside a read section, so that what the epoch replaced outlives every reader of the one before.
    func makeVisible(epoch: UInt64) {
        lock.withLock {
            WiringEpoch.visible.store(epoch, ordering: .sequentiallyConsistent)
            for counter in counters {
                AtomicWord<UInt64>(counter + 1).store(epoch, ordering: .sequentiallyConsistent)
            }
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

    /// Takes over one retained reference to a snapshot that has just been unpublished.
    @usableFromInline
    func retire(_ object: Unmanaged<AnyObject>) {
        retire(CollectionOfOne(object))
    }

    /// Takes over one retained reference to each of `objects`, snapshots that have just been unpublished: one
    /// look at the readers for all of them, and for what earlier writers retired.
    func retire(_ objects: some Collection<Unmanaged<AnyObject>>) {
        var freeable: [Unmanaged<AnyObject>] = []
        let now = lock.withLock {
            let tag = era
            era = tag &+ 1
            let oldest = lookAtReaders()
            freeable = takeRetired(before: oldest)
            guard tag < oldest else {
                retired.append((tag, Array(objects)))
                retiredObjects += objects.count
                return false
            }
            return true
        }
        if now {
            for object in objects { object.release() }
        }
        for object in freeable {
            object.release()
        }
    }

    /// Frees the retired snapshots that no reader can hold any more; a later call frees the others.
    func collect() {
        let freeable = lock.withLock { retired.isEmpty ? [] : takeRetired(before: lookAtReaders()) }
        for object in freeable {
            object.release()
        }
    }

    /// How many retired snapshots wait for readers (the retired-states gauge of the reload metrics).
    var waiting: Int {
        lock.withLock { retiredObjects }
    }

    /// Removes and returns the snapshots retired in eras before `oldest`. Call under `lock`.
    private func takeRetired(before oldest: UInt64) -> [Unmanaged<AnyObject>] {
        guard let first = retired.first, first.era < oldest else { return [] }
        let count = retired.firstIndex { $0.era >= oldest } ?? retired.count
        let taken = retired[..<count].flatMap(\.objects)
        retired.removeFirst(count)
        retiredObjects -= taken.count
        return taken
    }

    /// Notes the era for every thread seen outside its section, and returns the earliest era a thread that
    /// reads was last seen outside in (`UInt64.max` when none reads): what was retired before it can be freed.
    /// When no thread reads, no resolution under way started before the wiring epoch visible when this looked,
    /// which it records (see ``WiringEpoch/settled``). Call under `lock`, after unpublishing what is retired.
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
}
