import Plugboard

/// One registration, as a scope of your own sees it (Resolver's `ResolverRegistration`): its keys, and a way to
/// build a new instance. A scope's ``ResolverScopeType/resolve(registration:resolver:args:)`` decides whether
/// to hand out one it keeps or to call ``instantiate(resolver:args:)``.
///
/// ```swift
/// final class PerUserScope: ResolverScopeType {
///     private var kept: [String: Any] = [:]
///     func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?) -> Service? {
///         if let service = kept[registration.cacheKey] as? Service { return service }
///         let service = registration.instantiate(resolver: resolver, args: args)
///         kept[registration.cacheKey] = service
///         return service
///     }
///     func reset() { kept = [:] }
/// }
/// ```
public final class ResolverRegistration<Service>: @unchecked Sendable {
    /// The registration's key as a number, as Resolver's is: the same for the same type and name in every
    /// resolver of the process.
    public let key: Int
    /// The registration's key as a string, for a scope's dictionary: the type's name, with `:name` when named.
    public let cacheKey: String
    /// The key, as the engine and the instance caches know it.
    let factoryKey: FactoryKey
    /// The engine's registration, which builds the instance.
    let factory: FactoryRegistration<Resolver.Call, Service?>

    init(key: FactoryKey, factory: FactoryRegistration<Resolver.Call, Service?>) {
        self.key = key.id
        self.cacheKey = key.name
        self.factoryKey = key
        self.factory = factory
    }

    /// Builds a new instance with the registration's factory, whatever any scope keeps: what a scope calls when
    /// it keeps none for this registration.
    ///
    /// - Parameters:
    ///   - resolver: The resolver where the resolution started; the factory resolves its dependencies there.
    ///   - args: The arguments given to `resolve(args:)`.
    /// - Returns: The new instance, or nil when the factory returns nil.
    public func instantiate(resolver: Resolver, args: Any?) -> Service? {
        factory.resolve(Resolver.Call(resolver: resolver, args: Resolver.Args(args)))
    }
}
