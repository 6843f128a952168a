/// Lets any number of threads read published snapshots without taking a lock, while writers replace them.
///
/// A reader announces itself on a counter of its own thread's, kept in the thread's ``ResolutionTracker``: a
/// resolution enters once, for every snapshot it and its nested resolutions read, and no two threads write the
/// same counter. A writer swaps in a new snapshot and hands the old one to ``retire(_:)``; retired snapshots
/// are freed only when every thread's counter reads zero, that is when no reader can still be looking at
/// them. Writers never wait for readers.
@usableFromInline
final class ReadSection: @unchecked Sendable {
    @usableFromInline static let shared = ReadSection()

    /// Guards the counters and the retired snapshots.
    private let lock = PlatformLock()
    /// The read counter of every thread that has a tracker. (This and `retired` are used under `lock` only,
    /// so they are not checked for exclusive access at run time as well.)
    @exclusivity(unchecked) private nonisolated(unsafe) var counters: [UnsafeMutablePointer<UInt64>] = []
    @exclusivity(unchecked) private nonisolated(unsafe) var retired: [Unmanaged<AnyObject>] = []

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
            }
        }
    }

    /// Takes over one retained reference to a snapshot that has just been unpublished.
    @usableFromInline
    func retire(_ object: Unmanaged<AnyObject>) {
        retire(CollectionOfOne(object))
    }

    /// Takes over one retained reference to each of `objects`, snapshots that have just been unpublished: one
    /// look at the readers for all of them.
    func retire(_ objects: some Collection<Unmanaged<AnyObject>>) {
        var freeable: [Unmanaged<AnyObject>] = []
        let idle = lock.withLock {
            guard allIdle() else {
                retired.append(contentsOf: objects)
                return false
            }
            // No reader anywhere: these snapshots and any kept earlier go now (the common case needs no array).
            if !retired.isEmpty { swap(&freeable, &retired) }
            return true
        }
        if idle {
            for object in objects { object.release() }
        }
        for object in freeable {
            object.release()
        }
    }

    /// Frees the retired snapshots now if no reader can hold them; else a later ``retire(_:)`` will.
    func collect() {
        var freeable: [Unmanaged<AnyObject>] = []
        lock.withLock {
            if allIdle() && !retired.isEmpty { swap(&freeable, &retired) }
        }
        for object in freeable {
            object.release()
        }
    }

    /// Whether no thread reads. Then no resolution under way started before the wiring epoch visible when
    /// this looked, which it records (see ``WiringEpoch/settled``). Call under `lock`.
    private func allIdle() -> Bool {
        let visible = WiringEpoch.visible.load(ordering: .sequentiallyConsistent)
        for counter in counters where AtomicWord<Int>(counter).load(ordering: .sequentiallyConsistent) != 0 {
            return false
        }
        WiringEpoch.settle(at: visible)
        return true
    }
}
