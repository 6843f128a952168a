import Foundation

/// Resolver's name for Plugboard's scopes: `.scope(.application)`, `.cached`, `.graph`, `.shared`, `.unique`,
/// `.container`, and caches of your own.
public typealias ResolverScope = Scope

/// Resolver's cache scope, for scopes of your own: `static let session = ResolverScopeCache()`, reset with
/// `resolver.manager.reset(scope: .session)`.
public typealias ResolverScopeCache = Scope.Cached

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
    public func resolve<Service>(_ type: Service.Type = Service.self, name: Name?, args: Any? = nil) -> Service {
        resolve(type, name: name?.rawValue, args: args)
    }

    /// Like `resolve(_:name:args:)`, but nil when nothing is registered.
    public func optional<Service>(_ type: Service.Type = Service.self, name: Name?, args: Any? = nil) -> Service? {
        optional(type, name: name?.rawValue, args: args)
    }

    /// Resolves from ``root`` `type` registered under `name`.
    public static func resolve<Service>(_ type: Service.Type = Service.self, name: Name?, args: Any? = nil) -> Service {
        root.resolve(type, name: name?.rawValue, args: args)
    }

    /// Like the static `resolve(_:name:args:)`, but nil when nothing is registered.
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
