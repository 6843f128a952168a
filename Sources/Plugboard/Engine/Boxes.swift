/// Type-erased holders that let the engine store typed closures and instances in one slot layout and get
/// them back with `unsafeDowncast` (the slot's key includes the types, so the cast cannot be wrong).

/// A factory closure: a registration, a context override, or a profile's implementation.
@usableFromInline
final class ClosureBox<P, T>: @unchecked Sendable {
    @usableFromInline let body: @Sendable (P) -> T

    @usableFromInline
    init(_ body: @escaping @Sendable (P) -> T) {
        self.body = body
    }
}

/// A per-factory decorator: called with the instance and whether it was made by this resolution (false when
/// a scope handed out one it kept).
@usableFromInline
final class DecoratorClosure<T>: @unchecked Sendable {
    /// Not `@Sendable`: a decorator takes the isolation of the code it is written in, as a factory's closure does.
    @usableFromInline let body: (T, Bool) -> Void
    /// The closure's words, so that a getter applying the same decorator on every access is not written again.
    let identity: DecoratorIdentity

    @usableFromInline
    init(_ body: @escaping (T, Bool) -> Void, identity: DecoratorIdentity) {
        self.body = body
        self.identity = identity
    }
}

/// Turns a `ParameterFactory`'s parameter into a cache key (`scopeOnParameters`).
@usableFromInline
final class ParameterKey<P>: @unchecked Sendable {
    @usableFromInline let key: (P) -> AnyHashable

    @usableFromInline
    init(_ key: @escaping (P) -> AnyHashable) {
        self.key = key
    }
}

/// When a kept instance was made or last handed out, for a sliding `timeToLive` (Factory's: every hit
/// before the time runs out starts it again). An atomic word with a `Double`'s bits, as resolutions that hit
/// the same instance on several threads each write it.
@usableFromInline
protocol LastUsedTime: InlineAtomicWords {}

extension LastUsedTime {
    /// Whether the instance may still be handed out under `timeToLive`; when it may, its time starts again.
    @inlinable @inline(__always)
    func isFresh(_ timeToLive: Double?) -> Bool {
        guard let timeToLive else { return true }
        let word: AtomicWord<UInt64> = inlineWord(0)
        let now = TimeToLiveClock.now()
        guard now - Double(bitPattern: word.load(ordering: .relaxed)) < timeToLive else { return false }
        word.store(now.bitPattern, ordering: .relaxed)
        return true
    }
}

/// A box a scope keeps an instance in, which a profile's rewiring may drop for good: `pop()` never puts such
/// a box back.
protocol RewiringDroppable: AnyObject {
    var droppedByRewiring: Bool { get set }
}

extension CachedInstance: RewiringDroppable {}
extension WeakCachedInstance: RewiringDroppable {}

/// An instance kept by a scope, with the time it was last used (for `timeToLive`).
@usableFromInline
final class CachedInstance<T>: LastUsedTime, @unchecked Sendable {
    /// The bits of the time it was made or last handed out (see ``LastUsedTime``): the first stored property.
    private var lastUsed: UInt64
    @usableFromInline let value: T
    /// Set when a profile's rewiring dropped this instance (and may have handed it to a disposal action), under
    /// the lock of the store that kept it: `pop()` never puts it back.
    var droppedByRewiring = false

    @usableFromInline
    init(_ value: T, created: Double) {
        self.lastUsed = created.bitPattern
        self.value = value
        checkInlineWords(&lastUsed)
    }
}

/// An instance the `shared` scope keeps only while someone else holds it.
@usableFromInline
final class WeakCachedInstance: LastUsedTime, @unchecked Sendable {
    /// The bits of the time it was made or last handed out (see ``LastUsedTime``): the first stored property.
    private var lastUsed: UInt64
    @usableFromInline weak var object: AnyObject?
    /// See ``CachedInstance/droppedByRewiring``.
    var droppedByRewiring = false

    @usableFromInline
    init(_ object: AnyObject, created: Double) {
        self.lastUsed = created.bitPattern
        self.object = object
        checkInlineWords(&lastUsed)
    }
}
