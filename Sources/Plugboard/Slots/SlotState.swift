/// Everything a container knows about one factory: what was registered, how it is scoped, its context
/// overrides and decorator, and the instance its scope keeps. Published as an immutable ``SlotState``.
@usableFromInline
struct SlotFields: @unchecked Sendable {
    /// Changes whenever a cached instance stops being valid (register, scope change, reset). Globally unique,
    /// so an instance built from an older state is never stored into a newer one.
    @usableFromInline var cacheVersion: UInt64 = 0
    /// A `ClosureBox<P, T>` set by `register`, or nil for the factory's own definition.
    @usableFromInline var registration: AnyObject? { didSet { rewiredByProfile.remove(.registration) } }
    /// The scope set on this factory; nil means the container's `defaultScope`.
    @usableFromInline var scope: Scope? { didSet { rewiredByProfile.remove(.scope) } }
    @usableFromInline var timeToLive: Double?
    /// A `ParameterKey<P>` when the factory caches per parameter value.
    @usableFromInline var parameterKey: AnyObject?
    /// Context overrides (`ClosureBox<P, T>` values).
    @usableFromInline var contexts = ContextOverrides() { didSet { rewiredByProfile.remove(.contexts) } }
    @usableFromInline var hasArgumentContexts = false
    /// The wiring fields that still hold what a profile's rewiring wrote: any other write to one (a
    /// `register`, a modifier, a reset) clears it, and the next rewiring takes that field as the program's
    /// (see ``FactoryWiring/takeProgramWrites(in:)``).
    @usableFromInline var rewiredByProfile: WiringFields = []
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
    /// What the factory's own definition set besides scope and parameter key (see ``DefinitionRecord``).
    @usableFromInline var definition: DefinitionRecord?
    /// Whether these settings hold ``definition``: false after a reset, or after a `pop()` to a state from before it.
    @usableFromInline var definitionApplied = false
    /// Set by a `reset()` that cleared what the container's `autoRegister()` registered, until it runs again: a
    /// resolution that reads these fields runs (or waits for) `autoRegister()` first, so that no resolution is
    /// handed the code's wiring between the reset and the re-registration (see
    /// ``ContainerManager/reset(options:)``).
    @usableFromInline var awaitingAutoRegister = false

    @usableFromInline init() {}

    /// The fields a profile rewires.
    @usableFromInline
    struct WiringFields: OptionSet, Sendable {
        @usableFromInline let rawValue: UInt8
        @usableFromInline init(rawValue: UInt8) { self.rawValue = rawValue }

        @usableFromInline static let registration = WiringFields(rawValue: 1)
        @usableFromInline static let scope = WiringFields(rawValue: 2)
        /// The context overrides, with whether any matches on arguments.
        @usableFromInline static let contexts = WiringFields(rawValue: 4)
        static let all: WiringFields = [.registration, .scope, .contexts]
    }

    /// Whether any setting is present (as opposed to only a cache).
    var hasSettings: Bool {
        registration != nil || scope != nil || timeToLive != nil || parameterKey != nil || !contexts.isEmpty
            || decorator != nil || onceSealed
    }

    /// Whether the slot keeps an instance (or a copy of a singleton's).
    var keepsInstances: Bool { cached != nil || !cachedByParameter.isEmpty }

    /// The boxes of the instances this slot's scope keeps strongly (not the `shared` scope's weak ones), for
    /// a disposal action: a reload that drops them hands them over.
    var strongKeptBoxes: [AnyObject] {
        var boxes: [AnyObject] = []
        if let cached, !(cached is WeakCachedInstance) { boxes.append(cached) }
        for box in cachedByParameter.values where !(box is WeakCachedInstance) { boxes.append(box) }
        return boxes
    }

    /// ``clearCache()`` when the slot keeps an instance; false when there is nothing to clear (or publish).
    mutating func clearKeptInstances() -> Bool {
        guard keepsInstances else { return false }
        clearCache()
        return true
    }

    /// ``clearCache()``, for a profile's rewiring: the boxes are marked, so that `pop()` never puts back an
    /// instance the rewiring dropped (and may have handed to a disposal action). Call under the store's lock.
    mutating func dropKeptInstancesForRewiring() {
        if let box = cached as? any RewiringDroppable { box.droppedByRewiring = true }
        for box in cachedByParameter.values { (box as? any RewiringDroppable)?.droppedByRewiring = true }
        clearCache()
    }

    /// Whether a profile's rewiring dropped any instance these fields keep. Call under the store's lock.
    var keepsInstancesDroppedByRewiring: Bool {
        if let box = cached as? any RewiringDroppable, box.droppedByRewiring { return true }
        return cachedByParameter.values.contains { ($0 as? any RewiringDroppable)?.droppedByRewiring == true }
    }

    /// Drops the instance the scope keeps and invalidates builds that started before.
    @usableFromInline
    mutating func clearCache() {
        cached = nil
        cacheScope = nil
        cachedByParameter = [:]
        cacheVersion = CacheVersion.next()
    }
}

/// The source of unique cache versions.
@usableFromInline
enum CacheVersion {
    private static let counter = Atomic<UInt64>(1)

    @usableFromInline
    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

/// Which state a resolution read a slot's fields from (see ``SlotStore/withResolvedFields(_:_:)``).
@usableFromInline
enum ResolvedState {
    /// The current state.
    case current
    /// The current state, carrying a reload's stamp that no resolution under way needs any more: publishing
    /// its fields again drops it, and gives the fast path back its hit.
    case settled
    /// A state that a reload replaced after the resolution started, which it reads instead of the current one.
    case older
}

/// An immutable published version of a slot's fields, with what the resolution fast path needs worked out
/// once when it is published instead of on every resolve.
@usableFromInline
final class SlotState: @unchecked Sendable {
    @usableFromInline let fields: SlotFields
    /// Which fast path can serve a resolution of this slot, if the container's settings allow it: the general
    /// route while the state carries a reload's stamp.
    @usableFromInline let route: Route
    /// The instance to hand out as is, served on this field alone before the route is looked at: a
    /// `cached`-kind scope's strong instance in this slot, or the copy of a singleton scope's (see
    /// ``SingletonMirrors``). Nil for every other route, when nothing is kept, and while a resolution that
    /// started before the reload that stamped this state may still be running (``stamp`` is not 0): every
    /// resolution may then take the hit without comparing epochs.
    @usableFromInline let hit: AnyObject?
    /// The wiring epoch of the profile reload that published this state or the one it was made from; 0 when
    /// none did (see ``WiringEpoch``). A resolution that started in an earlier epoch reads ``previous``.
    @usableFromInline let stamp: UInt64
    /// The state a reload's write replaced, for resolutions that started before its epoch; unretained: the
    /// ``ReadSection`` holds it until the epoch is visible, and frees it once no such resolution runs. Nil when
    /// ``stamp`` is 0.
    @usableFromInline let previous: Unmanaged<SlotState>?

    @usableFromInline
    init(_ fields: consuming SlotFields, stamp: UInt64 = 0, previous: Unmanaged<SlotState>? = nil) {
        // Everything is read from `fields` before they move into the state: reading them after the move, or
        // passing them on, copied them (a retain of every reference they hold).
        self.stamp = stamp
        self.previous = previous
        // A stamped state takes the general route, which reads it as of the resolution's epoch and notes its
        // stamp for a build that keeps an instance (``ResolutionTracker/Header/newestStampRead``); settling
        // publishes it again unstamped, with its fast route.
        let own = Route(fields)
        route = stamp == 0 ? own : .general
        switch own {
        case .ownCache where stamp == 0, .singleton where stamp == 0:
            let current = fields.cacheScope != nil && fields.cacheScope == fields.scope.map(ObjectIdentifier.init)
            hit = current ? fields.cached.flatMap { $0 is WeakCachedInstance ? nil : $0 } : nil
        default:
            hit = nil
        }
        self.fields = fields
    }

    /// The state that follows this one: `fields`, stamped with `epoch` when that is newer than this state's
    /// stamp and not settled (a reload publishes it, or a build of that epoch keeps an instance in it): this
    /// state is what earlier readers keep reading. Else it carries this state's stamp and link while a
    /// resolution that started before that stamp may run, and neither once the stamp is `settled`.
    func succeeded(by fields: consuming SlotFields, epoch: UInt64, settled: UInt64) -> SlotState {
        if epoch > stamp && epoch > settled {
            return SlotState(fields, stamp: epoch, previous: Unmanaged.passUnretained(self))
        }
        return stamp > settled ? SlotState(fields, stamp: stamp, previous: previous) : SlotState(fields)
    }

    /// The state a resolution that started in `epoch` reads in place of this one, which a later reload
    /// published. Call inside that resolution.
    @usableFromInline
    func asOf(_ epoch: UInt64) -> Unmanaged<SlotState> {
        var state = Unmanaged.passUnretained(self)
        while let previous = state._withUnsafeGuaranteedRef({ $0.stamp > epoch ? $0.previous : nil }) {
            state = previous
        }
        return state
    }

    /// These fields with no singleton mirror (see ``SingletonMirrors``), for states saved by `push()`.
    var withoutMirror: SlotState {
        guard Route(fields) == .singleton, fields.cached != nil else { return self }
        var unmirrored = fields
        unmirrored.clearCache()
        return SlotState(unmirrored)
    }

    @usableFromInline static let empty = SlotState(SlotFields())

    /// The resolution a slot's settings allow without reading them field by field.
    @usableFromInline
    enum Route: UInt8, Sendable {
        /// The factory's own definition, unless the container has a default scope, decorator or trace.
        case definition
        /// The registered closure, under the same conditions.
        case registration
        /// The definition with `.unique` set explicitly: the container's default scope does not apply.
        case uniqueDefinition
        /// The registration with `.unique` set explicitly.
        case uniqueRegistration
        /// A `cached`-kind scope whose instance is kept in this slot: ``SlotState/hit`` when present.
        case ownCache
        /// A singleton scope: the instance is in the scope's store, and copied to ``SlotState/hit`` once resolved.
        case singleton
        /// Anything else (contexts, decorators, time to live, per-parameter caches, shared and graph scopes,
        /// fields a reset cleared until `autoRegister()` runs again).
        case general

        @usableFromInline
        init(_ fields: borrowing SlotFields) {
            // A definition not yet applied is put back by a resolution first, which the general route does.
            guard fields.decorator == nil, fields.timeToLive == nil, fields.parameterKey == nil,
                fields.definitionApplied || fields.definition == nil, !fields.awaitingAutoRegister
            else {
                self = .general
                return
            }
            let registered = fields.registration != nil
            switch fields.scope?.kind {
            case nil:
                self = !fields.contexts.isEmpty ? .general : registered ? .registration : .definition
            case .unique:
                self = !fields.contexts.isEmpty ? .general : registered ? .uniqueRegistration : .uniqueDefinition
            case .cached:
                self = .ownCache
            case .singleton:
                self = .singleton
            case .shared, .graph:
                self = .general
            }
        }
    }
}
