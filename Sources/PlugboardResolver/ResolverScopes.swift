import Foundation

/// Resolver's name for Plugboard's scopes: `.scope(.application)`, `.cached`, `.graph`, `.shared`, `.unique`,
/// `.container`, and caches of your own.
public typealias ResolverScope = Scope

/// Resolver's cache scope, for scopes of your own: `static let session = ResolverScopeCache()`. As in Resolver,
/// each is one cache for every resolver that registers with it (one instance per type and name), kept until
/// its `reset()`.
public typealias ResolverScopeCache = Scope.Cached
/// Resolver's graph scope: one instance per resolution graph, objects only.
public typealias ResolverScopeGraph = Scope.Graph
/// Resolver's shared scope: one instance for every resolver while someone else holds it.
public typealias ResolverScopeShare = Scope.Shared
/// Resolver's unique scope: a new instance on every resolution.
public typealias ResolverScopeUnique = Scope.Unique

/// Resolver's protocol of scopes: a scope decides, for each resolution of a registration that uses it, whether
/// to hand out an instance it keeps or to build one (``ResolverRegistration/instantiate(resolver:args:)``), and
/// can be reset, so that a logout can reset a list of them (`let sessionScopes: [any ResolverScopeType]`).
///
/// Plugboard's scopes conform, and a type of your own may too: `register { ... }.scope(PerUserScope())`
/// resolves through its ``resolve(registration:resolver:args:)``. Resolutions run on any thread, so a scope of
/// your own is `Sendable`: guard what it keeps with a lock (`@unchecked Sendable`).
public protocol ResolverScopeType: AnyObject, Sendable {
    /// The instance of `registration` for a resolution that started in `resolver`: one the scope keeps, or a
    /// new one from ``ResolverRegistration/instantiate(resolver:args:)``.
    ///
    /// - Parameters:
    ///   - registration: The registration being resolved.
    ///   - resolver: The resolver where the resolution started.
    ///   - args: The arguments given to `resolve(args:)`.
    /// - Returns: The instance, or nil when the registration's factory returns nil.
    func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?) -> Service?

    /// Drops the instances the scope keeps (nothing, for the scopes that keep none).
    func reset()
}

extension Scope.Cached: ResolverScopeType {
    /// One instance per registration for every resolver, as Resolver's cache scope keeps it (`.container`: per
    /// resolver where the resolution started, in its ``Resolver/cache``).
    ///
    /// - Parameters:
    ///   - registration: The registration being resolved.
    ///   - resolver: The resolver where the resolution started.
    ///   - args: The arguments given to `resolve(args:)`.
    /// - Returns: The instance, or nil when the registration's factory returns nil.
    public func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?)
        -> Service?
    {
        ResolverKeptScopes.Kind(self).resolve(registration, in: resolver, args: args)
    }
}

extension Scope.Shared: ResolverScopeType {
    /// The instance kept while someone else holds it, for every resolver, as Resolver's shared scope keeps it.
    ///
    /// - Parameters:
    ///   - registration: The registration being resolved.
    ///   - resolver: The resolver where the resolution started.
    ///   - args: The arguments given to `resolve(args:)`.
    /// - Returns: The instance, or nil when the registration's factory returns nil.
    public func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?)
        -> Service?
    {
        ResolverKeptScopes.Kind(self).resolve(registration, in: resolver, args: args)
    }
}

extension Scope.Singleton: ResolverScopeType {
    /// One instance per registration for the process, as Resolver's application scope keeps it.
    ///
    /// - Parameters:
    ///   - registration: The registration being resolved.
    ///   - resolver: The resolver where the resolution started.
    ///   - args: The arguments given to `resolve(args:)`.
    /// - Returns: The instance, or nil when the registration's factory returns nil.
    public func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?)
        -> Service?
    {
        // Kept apart from the instances of registrations whose scope is this one (the engine keeps those).
        ResolverInstanceCache.of(self, holding: .strongly).instance(for: registration.factoryKey) {
            registration.instantiate(resolver: resolver, args: args)
        }
    }
}

extension Scope.Graph: ResolverScopeType {
    /// A new instance: a scope of your own that hands a registration to the graph scope gets one per call (the
    /// graph a resolution shares is the engine's, for registrations whose scope is `.graph`).
    ///
    /// - Parameters:
    ///   - registration: The registration being resolved.
    ///   - resolver: The resolver where the resolution started.
    ///   - args: The arguments given to `resolve(args:)`.
    /// - Returns: The instance, or nil when the registration's factory returns nil.
    public func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?)
        -> Service?
    {
        registration.instantiate(resolver: resolver, args: args)
    }

    /// Does nothing: a graph keeps its instances only while one resolution runs.
    public func reset() {}
}

extension Scope.Unique: ResolverScopeType {
    /// A new instance, every time.
    ///
    /// - Parameters:
    ///   - registration: The registration being resolved.
    ///   - resolver: The resolver where the resolution started.
    ///   - args: The arguments given to `resolve(args:)`.
    /// - Returns: The instance, or nil when the registration's factory returns nil.
    public func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?)
        -> Service?
    {
        registration.instantiate(resolver: resolver, args: args)
    }

    /// Does nothing: a unique scope keeps no instance.
    public func reset() {}
}

/// Resolver's container scope as a type, a ``ResolverScope`` as in Resolver: `.scope(ResolverScopeContainer())`
/// is `.scope(.container)`, one instance per resolver where a resolution starts, kept by that resolver's
/// ``Resolver/cache``.
public typealias ResolverScopeContainer = Scope.Delegated

extension Scope.Delegated: ResolverScopeType {
    /// What the ``Resolver/cache`` of `resolver` hands out.
    ///
    /// - Parameters:
    ///   - registration: The registration being resolved.
    ///   - resolver: The resolver where the resolution started.
    ///   - args: The arguments given to `resolve(args:)`.
    /// - Returns: The instance, or nil when the registration's factory returns nil.
    public func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?)
        -> Service?
    {
        resolver.cache.resolve(registration: registration, resolver: resolver, args: args)
    }

    /// Does nothing, as in Resolver: `resolver.cache.reset()` clears one resolver's instances.
    public func reset() {}
}

extension Scope {
    /// Resolver's `.container`: one instance per resolver where a resolution starts (a child's registration
    /// resolved from its parent is kept by the parent), cleared by that resolver's ``Resolver/cache``, and not
    /// by `ResolverScope.cached.reset()`.
    public static let container = Cached()
}

extension Resolver {
    private static let defaultScopeLock = NSLock()
    nonisolated(unsafe) private static var storedDefaultScope: Scope = .graph

    /// The scope of registrations that set none, as in Resolver (`graph` unless changed); read when a
    /// registration is made, so set it before registering.
    public static var defaultScope: Scope {
        get { defaultScopeLock.withLock { storedDefaultScope } }
        set { defaultScopeLock.withLock { storedDefaultScope = newValue } }
    }

    /// Resolves `type` registered under `name` (Resolver's `Resolver.Name`: `resolve(name: .fast)`).
    ///
    /// - Parameters:
    ///   - type: The type asked for; inferred from the context when left out.
    ///   - name: The registration's name.
    ///   - args: Arguments the registration's factory receives; none by default.
    /// - Returns: The instance.
    public func resolve<Service>(_ type: Service.Type = Service.self, name: Name?, args: Any? = nil) -> Service {
        resolve(type, name: name?.rawValue, args: args)
    }

    /// Like `resolve(_:name:args:)`, but nil when nothing is registered.
    ///
    /// - Parameters:
    ///   - type: The type asked for; inferred from the context when left out.
    ///   - name: The registration's name.
    ///   - args: Arguments the registration's factory receives; none by default.
    /// - Returns: The instance, or nil when nothing is registered.
    public func optional<Service>(_ type: Service.Type = Service.self, name: Name?, args: Any? = nil) -> Service? {
        optional(type, name: name?.rawValue, args: args)
    }

    /// Resolves from ``root`` `type` registered under `name`.
    ///
    /// - Parameters:
    ///   - type: The type asked for; inferred from the context when left out.
    ///   - name: The registration's name.
    ///   - args: Arguments the registration's factory receives; none by default.
    /// - Returns: The instance.
    public static func resolve<Service>(_ type: Service.Type = Service.self, name: Name?, args: Any? = nil) -> Service {
        root.resolve(type, name: name?.rawValue, args: args)
    }

    /// Like the static `resolve(_:name:args:)`, but nil when nothing is registered.
    ///
    /// - Parameters:
    ///   - type: The type asked for; inferred from the context when left out.
    ///   - name: The registration's name.
    ///   - args: Arguments the registration's factory receives; none by default.
    /// - Returns: The instance, or nil when nothing is registered.
    public static func optional<Service>(_ type: Service.Type = Service.self, name: Name?, args: Any? = nil) -> Service?
    {
        root.optional(type, name: name?.rawValue, args: args)
    }
}

extension Resolver {
    /// The scope that keeps this resolver's `.container` instances: by default a ``ContainerCache``, one
    /// instance per registration for resolutions that start here. Settable, as in Resolver, to another kind
    /// (`resolver.cache = ResolverScopeShare()`); `resolver.cache.reset()` drops what it keeps here, and leaves
    /// other resolvers' alone.
    public var cache: any ResolverScopeType {
        get { containerScope.withLock { $0 ?? ContainerCache(resolver: self) } }
        set { containerScope.withLock { $0 = newValue } }
    }

    /// What the `.container` scope keeps in one resolver by default (see ``Resolver/cache``).
    public final class ContainerCache: ResolverScopeType {
        /// Not retained: a resolver owns its default cache, and the cache only reaches into it.
        unowned let resolver: Resolver

        init(resolver: Resolver) {
            self.resolver = resolver
        }

        /// The instance this resolver keeps for `registration`, or a new one, kept.
        ///
        /// - Parameters:
        ///   - registration: The registration being resolved.
        ///   - resolver: The resolver where the resolution started (this cache's).
        ///   - args: The arguments given to `resolve(args:)`.
        /// - Returns: The instance, or nil when the registration's factory returns nil.
        public func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?)
            -> Service?
        {
            self.resolver.containerInstances.instance(for: registration.factoryKey) {
                registration.instantiate(resolver: resolver, args: args)
            }
        }

        /// Drops every instance the `.container` scope keeps in this resolver.
        public func reset() {
            resolver.containerInstances.reset()
        }
    }
}
