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

    /// Drops the owner's reference to the current snapshot; the owner is going away. Released once this thread
    /// is outside its resolutions and write locks: a container dropped inside a factory (one made per request)
    /// takes its kept instances with it, and their `deinit`s must not run inside the resolution.
    func releaseLast() {
        var snapshot = Self.snapshot(at: storage.load(ordering: .acquiring)).takeRetainedValue()
        // A snapshot others hold too (the shared default settings) is not freed here: no need to look further.
        guard isKnownUniquelyReferenced(&snapshot) else { return }
        ReadSection.releaseOutsideResolutions(Unmanaged<AnyObject>.passRetained(snapshot))
    }

    /// The current snapshot, unretained. Call inside `ReadSection.read`, or while holding the writers' lock.
    ///
    /// Sequentially consistent, not acquire, because the read section's argument needs it (see
    /// ``ReadSection``, "Memory ordering"): a reader's counter increment and this load, and a writer's
    /// ``exchange(with:)`` and its look at the counters, are all in the one total order of such operations. On
    /// x86-64 and ARMv8 a sequentially consistent load is the same instruction as an acquire one.
    @inlinable @inline(__always)
    var current: Unmanaged<Value> {
        Self.snapshot(at: storage.load(ordering: .sequentiallyConsistent))
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
        ReadSection.shared.retire(exchange(with: value))
    }

    /// Publishes `value` and returns the replaced snapshot, still retained, for ``ReadSection/retire(_:)``: a
    /// writer that replaces many snapshots retires them together. Call under the writers' lock.
    func exchange(with value: Value) -> Unmanaged<AnyObject> {
        let old = storage.exchange(Self.retainedAddress(value), ordering: .sequentiallyConsistent)
        return Unmanaged<AnyObject>.fromOpaque(Self.snapshot(at: old).toOpaque())
    }

    @inlinable @inline(__always)
    static func snapshot(at address: UInt) -> Unmanaged<Value> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    static func retainedAddress(_ value: Value) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(value).toOpaque())
    }
}
