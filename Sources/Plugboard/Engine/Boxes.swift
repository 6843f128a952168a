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

/// An instance kept by a scope, with the time it was made (for `timeToLive`).
@usableFromInline
final class CachedInstance<T>: @unchecked Sendable {
    @usableFromInline let value: T
    @usableFromInline let created: Double

    @usableFromInline
    init(_ value: T, created: Double) {
        self.value = value
        self.created = created
    }
}

/// An instance the `shared` scope keeps only while someone else holds it.
@usableFromInline
final class WeakCachedInstance: @unchecked Sendable {
    @usableFromInline weak var object: AnyObject?
    @usableFromInline let created: Double

    @usableFromInline
    init(_ object: AnyObject, created: Double) {
        self.object = object
        self.created = created
    }
}
