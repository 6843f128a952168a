import Synchronization

/// Everything a container knows about one factory: what was registered, how it is scoped, its context
/// overrides and decorator, and the instance its scope keeps. Published as an immutable ``SlotState``.
@usableFromInline
struct SlotFields: @unchecked Sendable {
    /// Changes whenever a cached instance stops being valid (register, scope change, reset). Globally unique,
    /// so an instance built from an older state is never stored into a newer one.
    @usableFromInline var generation: UInt64 = 0
    /// A `FactoryClosure<P, T>` set by `register`, or nil for the factory's own definition.
    @usableFromInline var registration: AnyObject?
    /// The scope set on this factory; nil means the container's `defaultScope`.
    @usableFromInline var scope: Scope?
    @usableFromInline var timeToLive: Double?
    /// A `ParameterKey<P>` when the factory caches per parameter value.
    @usableFromInline var parameterKey: AnyObject?
    /// Context overrides (`FactoryClosure<P, T>` values).
    @usableFromInline var contexts: [FactoryContextType: AnyObject] = [:]
    @usableFromInline var hasArgumentContexts = false
    /// A `DecoratorClosure<T>`.
    @usableFromInline var decorator: AnyObject?
    /// Set by `once()`: modifiers that come before `once()` in a definition are no longer applied.
    @usableFromInline var onceSealed = false
    /// The scope that made `cached`, so `reset(scope:)` and a scope change can tell instances apart.
    @usableFromInline var cacheScope: ObjectIdentifier?
    /// A `CachedInstance<T>` or `WeakCachedInstance`.
    @usableFromInline var cached: AnyObject?
    /// Instances per parameter value, for `scopeOnParameters`.
    @usableFromInline var cachedByParameter: [AnyHashable: AnyObject] = [:]

    @usableFromInline init() {}

    /// Whether any setting is present (as opposed to only a cache).
    var hasSettings: Bool {
        registration != nil || scope != nil || timeToLive != nil || parameterKey != nil || !contexts.isEmpty
            || decorator != nil || onceSealed
    }

    /// Drops the instance the scope keeps and invalidates builds that started before.
    @usableFromInline
    mutating func clearCache() {
        cached = nil
        cacheScope = nil
        cachedByParameter = [:]
        generation = Generation.next()
    }
}

/// The source of unique cache generations.
@usableFromInline
enum Generation {
    private static let counter = Atomic<UInt64>(1)

    @usableFromInline
    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

/// An immutable published version of a slot's fields.
@usableFromInline
final class SlotState: @unchecked Sendable {
    @usableFromInline let fields: SlotFields

    @usableFromInline
    init(_ fields: SlotFields) {
        self.fields = fields
    }

    @usableFromInline static let empty = SlotState(SlotFields())
}
