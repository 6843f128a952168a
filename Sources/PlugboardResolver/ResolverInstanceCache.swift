import Foundation

/// Where Resolver's caching scopes keep instances, by registration key (type and name), as Resolver 1.5 keeps
/// them: each cache or shared scope object (`.cached`, `.shared`, `static let session = ResolverScopeCache()`)
/// once per process, whatever resolver registered the service, and `.container` in the resolver where a
/// resolution started. The engine resolves these registrations as unique; the resolver asks the cache first
/// (see ``Resolver/optional(_:name:args:)``).
final class ResolverInstanceCache: @unchecked Sendable {
    /// Whether instances are kept strongly, or (`.shared`) only while someone else holds them.
    enum Holding {
        case strongly, weakly
    }

    /// An instance the `.shared` scope keeps while someone else holds it.
    private struct WeakInstance {
        weak var object: AnyObject?
    }

    private static let scopesLock = NSLock()
    nonisolated(unsafe) private static var scopes: [ObjectIdentifier: ResolverInstanceCache] = [:]

    /// The instances `scope` keeps for every resolver in the process: strongly for a cache scope, weakly for a
    /// shared one. Scope objects are static and live as long as the program, so their caches are never dropped.
    static func of(_ scope: Scope, holding: Holding) -> ResolverInstanceCache {
        scopesLock.withLock {
            if let cache = scopes[ObjectIdentifier(scope)] { return cache }
            let cache = ResolverInstanceCache(holding: holding)
            scopes[ObjectIdentifier(scope)] = cache
            return cache
        }
    }

    let holding: Holding
    /// Guards the tables, never held while a factory runs.
    private let lock = NSLock()
    private var strong: [FactoryKey: Any] = [:]
    private var weak: [FactoryKey: WeakInstance] = [:]
    /// One build lock per key, so that two threads build a key's instance once, and only a real dependency
    /// cycle (which the engine reports) could make two builds wait on each other.
    private var buildLocks: [FactoryKey: NSRecursiveLock] = [:]

    init(holding: Holding) {
        self.holding = holding
    }

    /// The instance kept for `key`, or the one `make` returns, kept when it is not nil (and, held weakly, only
    /// when it is an object, as Resolver's shared scope keeps only objects).
    func instance<Service>(for key: FactoryKey, make: () -> Service?) -> Service? {
        if let kept: Service = kept(key) { return kept }
        let buildLock = lock.withLock {
            if let existing = buildLocks[key] { return existing }
            let made = NSRecursiveLock()
            buildLocks[key] = made
            return made
        }
        buildLock.lock()
        defer { buildLock.unlock() }
        if let kept: Service = kept(key) { return kept }
        guard let made = make() else { return nil }
        lock.withLock {
            switch holding {
            case .strongly:
                strong[key] = made
            case .weakly:
                if type(of: made as Any) is AnyClass { weak[key] = WeakInstance(object: made as AnyObject) }
            }
        }
        return made
    }

    private func kept<Service>(_ key: FactoryKey) -> Service? {
        lock.withLock {
            switch holding {
            case .strongly: strong[key] as? Service
            case .weakly: weak[key]?.object as? Service
            }
        }
    }

    /// Drops every kept instance.
    func reset() {
        lock.withLock {
            strong = [:]
            weak = [:]
        }
    }
}

/// Which registrations of one resolver use one of Resolver's caching scopes, whose instances a
/// ``ResolverInstanceCache`` keeps instead of the engine: recorded when a registration or its options set a scope.
final class ResolverKeptScopes: @unchecked Sendable {
    /// Which of Resolver's caching scopes a registration uses.
    enum Kind {
        /// A cache or shared scope object: its instances, for every resolver.
        case process(ResolverInstanceCache)
        /// `.container`: the resolver's own (its ``Resolver/cache``).
        case container
        /// A scope of the program's own, which decides each resolution itself.
        case custom(any ResolverScopeType)

        /// Resolver's scope objects that are kept here; any other scope is the engine's.
        init?(_ scope: Scope) {
            if scope === Scope.container || scope is Scope.Delegated {
                self = .container
            } else if scope is Scope.Cached {
                self = .process(.of(scope, holding: .strongly))
            } else if scope is Scope.Shared {
                self = .process(.of(scope, holding: .weakly))
            } else {
                return nil
            }
        }

        /// The kind of a caching scope object, for its own `resolve(registration:resolver:args:)`.
        init(_ scope: Scope.Cached) {
            self = scope === Scope.container ? .container : .process(.of(scope, holding: .strongly))
        }

        /// The kind of a shared scope object.
        init(_ scope: Scope.Shared) {
            self = .process(.of(scope, holding: .weakly))
        }

        /// Resolves `registration` as this kind keeps it, for a resolution that started in `resolver`.
        func resolve<Service>(_ registration: ResolverRegistration<Service>, in resolver: Resolver, args: Any?)
            -> Service?
        {
            switch self {
            case .process(let cache):
                cache.instance(for: registration.factoryKey) {
                    registration.instantiate(resolver: resolver, args: args)
                }
            case .container:
                resolver.cache.resolve(registration: registration, resolver: resolver, args: args)
            case .custom(let scope):
                scope.resolve(registration: registration, resolver: resolver, args: args)
            }
        }
    }

    private let lock = NSLock()
    private var kinds: [FactoryKey: Kind] = [:]

    /// The kind of registration `key`, if it uses one of Resolver's caching scopes.
    func kind(of key: FactoryKey) -> Kind? {
        lock.withLock { kinds[key] }
    }

    /// Records the scope of registration `key`.
    func set(_ kind: Kind?, for key: FactoryKey) {
        lock.withLock { kinds[key] = kind }
    }
}

/// The scope a program set as a resolver's ``Resolver/cache``, if any, behind a lock: read on every `.container`
/// resolution, set rarely.
final class ContainerScopeSetting: @unchecked Sendable {
    private let lock = NSLock()
    private var scope: (any ResolverScopeType)?

    func withLock<R>(_ body: (inout (any ResolverScopeType)?) -> R) -> R {
        lock.withLock { body(&scope) }
    }
}
