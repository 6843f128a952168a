/// Options of one Resolver registration, returned by `register` so that they chain:
/// `register { Session() }.scope(.application)`.
public struct ResolverOptions<Service>: Sendable {
    let registration: FactoryRegistration<Resolver.Call, Service?>
    let resolver: Resolver
    let name: Resolver.Name?
    /// The registered factory, which ``resolveProperties(_:)`` wraps.
    let factory: @Sendable (Resolver.Call) -> Service?

    /// Runs `block` with every new instance, after the factory made it (property injection), with the resolver
    /// where the resolution started. Several blocks run in the order given; instances a scope keeps are not
    /// injected again.
    ///
    /// - Parameter block: Run with the resolver and each new instance.
    /// - Returns: These options, for the next.
    @discardableResult
    public func resolveProperties(_ block: @escaping @Sendable (_ resolver: Resolver, _ service: Service) -> Void)
        -> Self
    {
        resolveProperties { resolver, service, _ in block(resolver, service) }
    }

    /// The same, with the arguments the resolution was given (`resolve(args:)`).
    ///
    /// - Parameter block: Run with the resolver, each new instance and the resolution's arguments.
    /// - Returns: These options, for the next.
    @discardableResult
    public func resolveProperties(
        _ block: @escaping @Sendable (_ resolver: Resolver, _ service: Service, _ args: Resolver.Args) -> Void
    ) -> Self {
        let make = factory
        let injecting: @Sendable (Resolver.Call) -> Service? = { call in
            let service = make(call)
            if let service { block(call.resolver, service, call.args) }
            return service
        }
        registration.registerKeepingInstances(injecting, scope: nil)
        return ResolverOptions(registration: registration, resolver: resolver, name: name, factory: injecting)
    }

    /// The registration's scope. Resolver registrations start with ``Resolver/defaultScope`` (`graph` unless
    /// changed). As in Resolver, an instance a scope holds for this type and name survives a change of scope.
    ///
    /// - Parameter scope: The scope: `.graph`, `.application`, `.cached`, `.shared`, `.unique` or your own.
    /// - Returns: These options, for the next.
    @discardableResult
    public func scope(_ scope: Scope) -> Self {
        resolver.applyScope(scope, to: registration)
        return self
    }

    /// A scope of your own (see ``ResolverScopeType``): each resolution of this registration asks it for the
    /// instance, and it builds one with ``ResolverRegistration/instantiate(resolver:args:)`` when it keeps none.
    /// One of Plugboard's scopes given this way is that scope.
    ///
    /// - Parameter scope: The scope.
    /// - Returns: These options, for the next.
    @discardableResult
    public func scope(_ scope: some ResolverScopeType) -> Self {
        if let builtin = scope as? Scope { return self.scope(builtin) }
        resolver.applyScope(ownScope: scope, to: registration)
        return self
    }

    /// The `.container` scope, given as Resolver's type: `.scope(ResolverScopeContainer())`.
    ///
    /// - Parameter scope: Resolver's container scope.
    /// - Returns: These options, for the next.
    @discardableResult
    public func scope(_ scope: ResolverScopeContainer) -> Self {
        self.scope(Scope.container)
    }

    /// Also registers this service as `type` (usually a protocol it conforms to), optionally under `name`.
    ///
    /// As in Resolver, `type` resolves the service's unnamed registration, even when this one has a name:
    /// `register(name: .fast) { FastStore() }.implements(Store.self)` makes `Store` the unnamed service's.
    ///
    /// - Parameters:
    ///   - type: The other type it resolves as.
    ///   - name: The name it is registered under as `type`; none by default.
    /// - Returns: These options, for the next.
    @discardableResult
    public func implements<Protocol>(_ type: Protocol.Type, name: Resolver.Name? = nil) -> Self {
        resolver.register(type, name: name) { (resolver: Resolver, args: Resolver.Args) -> Protocol? in
            resolver.resolve(Service.self, args: args) as? Protocol
        }
        return self
    }

    /// Runs `decorator` with every instance this registration resolves.
    ///
    /// - Parameter decorator: Run with each instance.
    /// - Returns: These options, for the next.
    @discardableResult
    public func decorator(_ decorator: @escaping @Sendable (Service) -> Void) -> Self {
        registration.setDecorator { instance in
            if let instance { decorator(instance) }
        }
        return self
    }

    /// The registration's key, which profiles and messages use: the type's name, with `:name` when named.
    public var key: FactoryKey { registration.key }
}
