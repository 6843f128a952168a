import Synchronization

/// Lets any number of threads read published snapshots without taking a lock, while writers replace them.
///
/// A reader announces itself on one of sixteen counters, each on its own cache line: a resolution uses the
/// counter its thread's tracker was given, other readers one picked by their thread. So readers on different
/// threads rarely write to the same line. A writer swaps in a new snapshot and hands the old one to
/// ``retire(_:)``; retired snapshots are freed only when every counter reads zero, that is when no reader can
/// still be looking at them. Writers never wait for readers.
@usableFromInline
final class ReadSection: @unchecked Sendable {
    @usableFromInline static let shared = ReadSection()

    @usableFromInline static let stripeShift: UInt = 60  // 64 - log2(16 stripes)
    @usableFromInline static let stripeCount = 16
    @usableFromInline static let stripeBytes = 128  // two cache lines: no false sharing with the prefetched neighbour

    @usableFromInline let counters: UnsafeMutableRawPointer
    private let retiredLock = PlatformLock()
    private nonisolated(unsafe) var retired: [Unmanaged<AnyObject>] = []

    private init() {
        counters = .allocate(byteCount: Self.stripeCount * Self.stripeBytes, alignment: Self.stripeBytes)
        for stripe in 0..<Self.stripeCount {
            (counters + stripe * Self.stripeBytes)
                .bindMemory(to: Atomic<Int>.self, capacity: 1)
                .initialize(to: Atomic(0))
        }
    }

    @inlinable @inline(__always)
    func counter(_ stripe: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (counters + stripe &* Self.stripeBytes).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// Runs `body` with every snapshot it reads kept alive until it returns. Sections nest.
    @inlinable @inline(__always)
    func read<R>(_ body: () throws -> R) rethrows -> R {
        let stripe = Int(truncatingIfNeeded: ThreadIdentity.mixedIdentifier() >> Self.stripeShift)
        let counter = self.counter(stripe)
        counter.pointee.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { counter.pointee.wrappingSubtract(1, ordering: .releasing) }
        return try body()
    }

    private let nextStripe = Atomic<Int>(0)

    /// A counter for one thread's ``ResolutionTracker`` to enter the section with; threads take the stripes in
    /// turn, so the first sixteen never share one.
    func assignCounter() -> UnsafeMutablePointer<Atomic<Int>> {
        counter(nextStripe.wrappingAdd(1, ordering: .relaxed).oldValue & (Self.stripeCount - 1))
    }

    /// Takes over one retained reference to a snapshot that has just been unpublished.
    @usableFromInline
    func retire(_ object: Unmanaged<AnyObject>) {
        var freeable: [Unmanaged<AnyObject>] = []
        let idle = retiredLock.withLock {
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

    private func allIdle() -> Bool {
        for stripe in 0..<Self.stripeCount where counter(stripe).pointee.load(ordering: .sequentiallyConsistent) != 0 {
            return false
        }
        return true
    }
}

/// One immutable snapshot, published for lock-free reads inside a ``ReadSection`` and replaced by writers.
///
/// Kept as the snapshot's address in a plain word: an `Atomic<Unmanaged>` checks for a null address on every
/// load, two instructions on each of the resolution path's reads.
@usableFromInline
struct Published<Value: AnyObject>: ~Copyable, @unchecked Sendable {
    /// The current snapshot's address, retained; never 0.
    @usableFromInline let storage: Atomic<UInt>

    @usableFromInline
    init(_ value: Value) {
        storage = Atomic(Self.retainedAddress(value))
    }

    deinit {
        Self.snapshot(at: storage.load(ordering: .acquiring)).release()
    }

    /// The current snapshot, unretained. Call inside `ReadSection.shared.read`, or while holding the writers' lock.
    @inlinable @inline(__always)
    var current: Unmanaged<Value> {
        Self.snapshot(at: storage.load(ordering: .acquiring))
    }

    /// Borrows the current snapshot. Call inside `ReadSection.shared.read`, or while holding the writers' lock.
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
