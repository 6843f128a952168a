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

/// Resolver's protocol of scopes, as its users name them: every scope can be reset, so that a logout can
/// reset a list of them (`let sessionScopes: [any ResolverScopeType]`).
///
/// Plugboard's scopes are resolved by its engine, so a type of your own that conforms is not a scope a
/// registration can use: declare scopes of your own as instances of ``ResolverScopeCache``,
/// ``ResolverScopeShare`` or ``ResolverScopeGraph`` (in Resolver, too, `scope(_:)` takes its own class).
public protocol ResolverScopeType: AnyObject, Sendable {
    /// Drops the instances the scope keeps (nothing, for the scopes that keep none).
    func reset()
}

extension Scope.Cached: ResolverScopeType {}
extension Scope.Shared: ResolverScopeType {}
extension Scope.Singleton: ResolverScopeType {}

extension Scope.Graph: ResolverScopeType {
    /// Does nothing: a graph keeps its instances only while one resolution runs.
    public func reset() {}
}

extension Scope.Unique: ResolverScopeType {
    /// Does nothing: a unique scope keeps no instance.
    public func reset() {}
}

/// Resolver's container scope as a type: `.scope(ResolverScopeContainer())` is `.scope(.container)`, one
/// instance per resolver where a resolution starts, cleared by that resolver's ``Resolver/cache``.
public final class ResolverScopeContainer: ResolverScopeType {
    /// A container scope; every one proxies to the resolver's own cache, as in Resolver.
    public init() {}

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
    /// The cache of the `.container` scope in this resolver: `resolver.cache.reset()` drops what that scope
    /// keeps here, and leaves other resolvers' alone.
    public var cache: ContainerCache { ContainerCache(resolver: self) }

    /// What the `.container` scope keeps in one resolver (see ``Resolver/cache``).
    public struct ContainerCache: Sendable {
        let resolver: Resolver

        /// Drops every instance the `.container` scope keeps in this resolver.
        public func reset() {
            resolver.containerInstances.reset()
        }
    }
}
