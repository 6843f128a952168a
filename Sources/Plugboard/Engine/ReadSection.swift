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
    /// The read counter of every thread that has a tracker.
    private nonisolated(unsafe) var counters: [UnsafeMutablePointer<UInt64>] = []
    private nonisolated(unsafe) var retired: [Unmanaged<AnyObject>] = []

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

    /// Adds a new thread's counter (see ``ResolutionTracker``).
    func register(_ counter: AtomicWord<Int>) {
        lock.withLock { counters.append(counter.address) }
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
        var freeable: [Unmanaged<AnyObject>] = []
        let idle = lock.withLock {
            guard allIdle() else {
                retired.append(object)
                return false
            }
            // No reader anywhere: this snapshot and any kept earlier go now (the common case needs no array).
            if !retired.isEmpty { swap(&freeable, &retired) }
            return true
        }
        if idle { object.release() }
        for object in freeable {
            object.release()
        }
    }

    /// Call under `lock`.
    private func allIdle() -> Bool {
        for counter in counters where AtomicWord<Int>(counter).load(ordering: .sequentiallyConsistent) != 0 {
            return false
        }
        return true
    }
}

/// One immutable snapshot, published for lock-free reads inside a ``ReadSection`` and replaced by writers.
///
/// A view of the atomic word that holds the current snapshot's address (retained; never 0 once published).
/// The word belongs to the object that owns the snapshot (see ``InlineAtomicWords``): that object publishes
/// the first snapshot with ``publishFirst(_:)`` and drops the last one with ``releaseLast()`` in its deinit.
@usableFromInline
struct Published<Value: AnyObject>: @unchecked Sendable {
    @usableFromInline let storage: AtomicWord<UInt>

    @inlinable @inline(__always)
    init(_ storage: AtomicWord<UInt>) {
        self.storage = storage
    }

    /// A snapshot with a word of its own that lives as long as the process, for a static.
    static func standalone(_ value: Value) -> Published {
        let words = Unmanaged.passRetained(AtomicWords.make(count: 1)).takeUnretainedValue()
        let published = Published(words.word(0))
        published.publishFirst(value)
        return published
    }

    /// Publishes the first snapshot, before the owner is shared.
    func publishFirst(_ value: Value) {
        storage.store(Self.retainedAddress(value), ordering: .releasing)
    }

    /// Drops the owner's reference to the current snapshot; the owner is going away.
    func releaseLast() {
        Self.snapshot(at: storage.load(ordering: .acquiring)).release()
    }

    /// The current snapshot, unretained. Call inside `ReadSection.read`, or while holding the writers' lock.
    @inlinable @inline(__always)
    var current: Unmanaged<Value> {
        Self.snapshot(at: storage.load(ordering: .acquiring))
    }

    /// Borrows the current snapshot. Call inside `ReadSection.read`, or while holding the writers' lock.
    @inlinable @inline(__always)
    func withCurrent<R>(_ body: (Value) throws -> R) rethrows -> R {
        try current._withUnsafeGuaranteedRef(body)
    }

    /// Publishes `value` and drops this holder's reference to the old snapshot, which the caller keeps alive.
    @usableFromInline
    func replaceKeepingOld(with value: Value) {
        Self.snapshot(at: storage.exchange(Self.retainedAddress(value), ordering: .sequentiallyConsistent)).release()
    }

    /// Publishes `value`; the replaced snapshot is freed once no reader can hold it. Call under the writers' lock.
    @usableFromInline
    func replace(with value: Value) {
        let old = storage.exchange(Self.retainedAddress(value), ordering: .sequentiallyConsistent)
        ReadSection.shared.retire(Unmanaged<AnyObject>.fromOpaque(Self.snapshot(at: old).toOpaque()))
    }

    @inlinable @inline(__always)
    static func snapshot(at address: UInt) -> Unmanaged<Value> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    static func retainedAddress(_ value: Value) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(value).toOpaque())
    }
}
