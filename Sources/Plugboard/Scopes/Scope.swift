/// How long a resolved instance lives. Set one on a factory with `scope(_:)` or a shortcut (`.cached`, ...).
///
/// Each scope object is its own cache: `extension Scope { static let session = Cached() }` declares a scope
/// that behaves like `cached` but is reset separately with `manager.reset(scope: .session)`.
public class Scope: @unchecked Sendable {
    @usableFromInline
    enum Kind: Sendable {
        case unique, cached, shared, singleton, graph
    }

    @usableFromInline let kind: Kind
    /// A number no other scope has: 1–5 for the five shared scopes below, so that the `.cached`-style
    /// modifiers can see a factory already has their scope without loading the shared scope object.
    @usableFromInline let serial: UInt

    init(kind: Kind, serial: UInt?) {
        self.kind = kind
        self.serial = serial ?? Self.nextSerial.wrappingAdd(1, ordering: .relaxed).oldValue
        ScopeRegistry.shared.add(self)
    }

    /// A scope that keeps nothing: a new instance on every resolution, as ``unique``. Resolver's users make one
    /// as `ResolverScope()`.
    public convenience init() {
        self.init(kind: .unique, serial: nil)
    }

    deinit {
        ScopeRegistry.shared.remove(serial)
    }

    private static let nextSerial = Atomic<UInt>(16)

    @usableFromInline static let uniqueSerial: UInt = 1
    @usableFromInline static let cachedSerial: UInt = 2
    @usableFromInline static let sharedSerial: UInt = 3
    @usableFromInline static let singletonSerial: UInt = 4
    @usableFromInline static let graphSerial: UInt = 5

    /// A new instance on every resolution (the default when no scope and no `defaultScope` is set).
    public static let unique = Unique(serial: uniqueSerial)
    /// One instance per container until that container's cache is reset.
    public static let cached = Cached(serial: cachedSerial)
    /// The same instance while someone else holds a strong reference to it; a new one after that.
    public static let shared = Shared(serial: sharedSerial)
    /// One instance per process, keyed by factory key and type, whatever container resolves it.
    ///
    /// A task-local, as in Factory 3, so that a test trait of your own gives a test singletons of its own:
    /// `Scope.$singleton.withValue(Scope.singleton.clone()) { ... }` runs with a copy of the singletons made so
    /// far, and what is made or reset inside stays inside. Factories declared `.singleton` resolve from that
    /// copy there, and from the process's scope everywhere else.
    @TaskLocal public static var singleton: Singleton = processSingleton
    /// The process's singleton scope, which `.singleton` factories name: ``singleton`` outside any
    /// `withValue`. The modifiers name it directly, so that a getter never reads the task-local.
    @usableFromInline static let processSingleton = Singleton(serial: singletonSerial)
    /// One instance per resolution graph: shared by everything one outermost resolution builds.
    public static let graph = Graph(serial: graphSerial)
}

extension Scope {
    /// See ``Scope/unique``.
    public final class Unique: Scope, @unchecked Sendable {
        /// Creates a scope that never keeps instances.
        public init() { super.init(kind: .unique, serial: nil) }

        init(serial: UInt?) { super.init(kind: .unique, serial: serial) }
    }

    /// A scope whose instances a layer above the engine keeps, so the engine keeps none and builds anew as
    /// ``Unique`` does: `PlugboardResolver`'s container scope (`ResolverScopeContainer`), whose instances each
    /// resolver keeps in its own cache.
    public final class Delegated: Scope, @unchecked Sendable {
        /// Creates a scope the engine keeps nothing for.
        public init() { super.init(kind: .unique, serial: nil) }
    }

    /// See ``Scope/cached``. Create your own instance for a separately resettable cache.
    public final class Cached: Scope, @unchecked Sendable {
        /// Creates a container-level cache scope of its own.
        public init() { super.init(kind: .cached, serial: nil) }

        init(serial: UInt?) { super.init(kind: .cached, serial: serial) }
    }

    /// See ``Scope/shared``.
    public final class Shared: Scope, @unchecked Sendable {
        /// Creates a weak-reference scope of its own.
        public init() { super.init(kind: .shared, serial: nil) }

        init(serial: UInt?) { super.init(kind: .shared, serial: serial) }
    }

    /// See ``Scope/graph``.
    public final class Graph: Scope, @unchecked Sendable {
        /// Creates a per-resolution-graph scope.
        public init() { super.init(kind: .graph, serial: nil) }

        init(serial: UInt?) { super.init(kind: .graph, serial: serial) }

        /// How deep the resolution under way on the calling thread is: 1 inside the outermost factory's closure,
        /// 2 inside one it resolves, 0 outside any. Factory counts one graph for the process; here each thread
        /// resolves a graph of its own, so another thread's resolutions do not count.
        public var depth: Int { ResolutionTracker.currentDepth }
    }

    /// See ``Scope/singleton``. Its instances outlive container resets and `push()`/`pop()`; ``reset()`` clears them.
    public final class Singleton: Scope, @unchecked Sendable {
        @usableFromInline let processStore = SlotStore()
        /// ``SingletonIsolation/activeCount``, reached through the scope: code inlined into other modules reads
        /// a global through a call to its accessor, on every singleton hit.
        @usableFromInline let activeIsolations = SingletonIsolation.activeCount

        /// The scope this one is a ``clone()`` of (the first one, for a clone of a clone), or nil.
        @usableFromInline let origin: Singleton?

        /// Creates a process-wide scope with a store of its own.
        public convenience init() { self.init(serial: nil) }

        /// A singleton scope with a fixed serial (the shared one) or a fresh one (nil).
        init(serial: UInt?, origin: Singleton? = nil) {
            self.origin = origin
            super.init(kind: .singleton, serial: serial)
        }

        deinit {
            if origin != nil { SingletonIsolation.end() }
        }

        /// A copy of this scope with the instances it keeps now, for a test: bound with
        /// `Scope.$singleton.withValue(Scope.singleton.clone()) { ... }`, the copy serves this scope's factories
        /// inside `withValue`, and what is made or reset there stays in the copy. While a copy lives, singleton
        /// hits take the general route, which looks for it.
        ///
        /// - Returns: The copy.
        public func clone() -> Singleton {
            let copy = Singleton(serial: nil, origin: origin ?? self)
            let kept = withStore { $0.snapshot() }
            for (id, saved) in kept where saved.keepsInstances {
                copy.processStore.update(id) { fields in
                    fields.cached = saved.cached
                    fields.cacheScope = saved.cacheScope
                    fields.cachedByParameter = saved.cachedByParameter
                    return true
                }
            }
            SingletonIsolation.begin()
            return copy
        }

        /// Drops every instance this scope keeps (in the current test's isolated store when one is active).
        public func reset() {
            withStore { store in
                store.updateAll(where: \.keepsInstances) { $0.clearCache() }
            }
            SingletonMirrors.shared.drop(nil, of: self)
        }

        /// Copies this scope's instance of factory `id` into `container`'s slot, so that later hits there are
        /// served like cached ones (see ``SingletonMirrors``); `cacheVersion` is the slot's when the caller read it.
        @usableFromInline
        func mirror(_ id: Int, into container: SlotStore, cacheVersion: UInt64) {
            SingletonMirrors.shared.mirror(id, of: self, into: container, cacheVersion: cacheVersion)
        }

        /// Drops the containers' copies of this scope's instance of factory `id`, after the store changed it.
        @usableFromInline
        func dropMirrors(of id: Int) {
            SingletonMirrors.shared.drop(id, of: self)
        }

        /// Drops this scope's instance of factory `id` (in the current test's isolated store when one is active).
        func reset(_ id: Int) {
            withStore { store in
                store.update(id) { fields in fields.clearKeptInstances() }
            }
            dropMirrors(of: id)
        }

        /// Runs `body` with the store of the current task: the process store, or a test's isolated one.
        @inlinable @inline(__always) @discardableResult
        func withStore<R>(_ body: (SlotStore) throws -> R) rethrows -> R {
            if activeIsolations.load(ordering: .relaxed) > 0, let store = isolatedStore() {
                return try body(store)
            }
            return try body(processStore)
        }

        /// The store a test gave the current task in place of this scope's: a ``clone()`` of it bound to
        /// ``Scope/singleton``, or the store of ``Scope/withIsolatedSingletons(operation:)``; nil for none.
        @usableFromInline
        func isolatedStore() -> SlotStore? {
            let bound = Scope.singleton
            if bound !== self {
                if bound.origin === self { return bound.processStore }
            } else if origin != nil {
                return nil  // a clone, bound: its own store
            }
            return SingletonIsolation.current?.store(for: self)
        }
    }
}

extension Scope {
    /// Runs `operation` with singletons of its own: every singleton scope starts empty inside it, and
    /// instances made inside are not seen outside. `PlugboardTesting`'s traits use this to isolate tests.
    ///
    /// - Parameters:
    ///   - operation: What runs with singletons of its own.
    ///   - isolation: The caller's actor, where `operation` runs; leave it out.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withIsolatedSingletons<R>(
        operation: () async throws -> R,
        isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> R {
        SingletonIsolation.begin()
        defer { SingletonIsolation.end() }
        return try await SingletonIsolation.$current.withValue(SingletonIsolation(), operation: operation)
    }

    /// The synchronous form of ``withIsolatedSingletons(operation:isolation:)``.
    ///
    /// - Parameter operation: What runs with singletons of its own.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withIsolatedSingletons<R>(operation: () throws -> R) rethrows -> R {
        SingletonIsolation.begin()
        defer { SingletonIsolation.end() }
        return try SingletonIsolation.$current.withValue(SingletonIsolation(), operation: operation)
    }
}

/// Singleton stores private to one task tree (a test); consulted only while at least one is active.
@usableFromInline
final class SingletonIsolation: @unchecked Sendable {
    /// How many isolations are under way, in any task; allocated once and never freed.
    @usableFromInline static let activeCount: AtomicWord<Int> = {
        let counter = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        counter.initialize(to: 0)
        return AtomicWord(counter)
    }()
    @TaskLocal @usableFromInline static var current: SingletonIsolation?

    /// Counts an isolation in; containers stop serving singletons from their copies (see ``SingletonMirrors``).
    static func begin() {
        activeCount.wrappingAdd(1, ordering: .relaxed)
        SingletonMirrors.shared.dropAll()
    }

    /// Counts an isolation out.
    static func end() {
        activeCount.wrappingSubtract(1, ordering: .relaxed)
    }

    private let lock = PlatformLock()
    private var stores: [ObjectIdentifier: SlotStore] = [:]

    @usableFromInline
    func store(for scope: Scope.Singleton) -> SlotStore {
        lock.withLock {
            if let store = stores[ObjectIdentifier(scope)] { return store }
            let store = SlotStore()
            stores[ObjectIdentifier(scope)] = store
            return store
        }
    }
}
