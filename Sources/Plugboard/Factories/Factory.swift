/// Makes instances of `T` for a container. Factories are lightweight values made on each access of a
/// container's computed property; the container keeps what is registered, scoped or cached for them.
///
/// ```swift
/// extension Container {
///     var service: Factory<ServiceType> { self { MyService() } }
/// }
/// let service = Container.shared.service()
/// ```
public struct Factory<T>: FactoryModifying, Sendable {
    /// The factory's container, key and own definition.
    public var registration: FactoryRegistration<Void, T>

    /// The formal spelling of `self { ... }`: a factory of `container` keyed by the enclosing property's name.
    ///
    /// - Parameters:
    ///   - container: The container the factory belongs to (`self` in a container's property).
    ///   - key: The factory's key: the enclosing property's name, by default; leave it out.
    ///   - factory: Builds the instance.
    @inlinable @inline(__always)
    public init(
        _ container: any ManagedContainer, key: StaticString = #function,
        _ factory: @escaping FactoryClosure<T>
    ) {
        registration = FactoryRegistration(container: container, key: key, plain: factory)
    }

    /// A factory with a scope: `Factory(self, scope: .cached) { ... }`.
    ///
    /// - Parameters:
    ///   - container: The container the factory belongs to (`self` in a container's property).
    ///   - scope: How long its instances live.
    ///   - key: The factory's key: the enclosing property's name, by default; leave it out.
    ///   - factory: Builds the instance.
    @inlinable @inline(__always)
    public init(
        _ container: any ManagedContainer, scope: Scope, key: StaticString = #function,
        _ factory: @escaping FactoryClosure<T>
    ) {
        registration = FactoryRegistration(container: container, key: key, plain: factory).scoped(scope)
    }

    /// A factory for a registration made at run time (type-keyed registrations).
    init(registration: FactoryRegistration<Void, T>) {
        self.registration = registration
    }

    /// Resolves an instance: from the scope's cache, a context override, a registration, or the definition.
    ///
    /// - Returns: The instance, as the factory's scope gives it.
    @inlinable @inline(__always)
    public func callAsFunction() -> T {
        registration.resolve(())
    }

    /// The same as calling the factory.
    ///
    /// - Returns: The instance, as the factory's scope gives it.
    @inlinable @inline(__always)
    public func resolve() -> T {
        registration.resolve(())
    }

    /// Replaces the factory's closure in this container and clears its cached instance (except inside
    /// `autoRegister()`, where nothing is cleared).
    ///
    /// - Parameter factory: Builds the instance, replacing the definition until a reset.
    /// - Returns: The factory, for a modifier.
    @inlinable @discardableResult
    public func register(factory: @escaping FactoryClosure<T>) -> Self {
        registration.register(IsolatedFactoryClosure.plain(factory, site: "register(factory:)"))
        return self
    }
}

/// Makes instances of `T` from a parameter of type `P`:
///
/// ```swift
/// var parameterService: ParameterFactory<Int, ParameterService> { self { ParameterService(value: $0) } }
/// let service = Container.shared.parameterService(42)
/// ```
public struct ParameterFactory<P, T>: FactoryModifying, Sendable {
    /// The factory's container, key and own definition.
    public var registration: FactoryRegistration<P, T>

    /// The formal spelling of `self { ... }` for a parameter factory.
    ///
    /// - Parameters:
    ///   - container: The container the factory belongs to (`self` in a container's property).
    ///   - key: The factory's key: the enclosing property's name, by default; leave it out.
    ///   - factory: Builds the instance from the parameter.
    @inlinable @inline(__always)
    public init(
        _ container: any ManagedContainer, key: StaticString = #function,
        _ factory: @escaping ParameterFactoryClosure<P, T>
    ) {
        registration = FactoryRegistration(container: container, key: key, factory: factory)
    }

    /// A parameter factory with a scope.
    ///
    /// - Parameters:
    ///   - container: The container the factory belongs to (`self` in a container's property).
    ///   - scope: How long its instances live.
    ///   - key: The factory's key: the enclosing property's name, by default; leave it out.
    ///   - factory: Builds the instance from the parameter.
    @inlinable @inline(__always)
    public init(
        _ container: any ManagedContainer, scope: Scope, key: StaticString = #function,
        _ factory: @escaping ParameterFactoryClosure<P, T>
    ) {
        registration = FactoryRegistration(container: container, key: key, factory: factory).scoped(scope)
    }

    /// Resolves an instance for `parameters`.
    ///
    /// - Parameter parameters: What the factory's closure is given.
    /// - Returns: The instance, as the factory's scope gives it.
    @inlinable @inline(__always)
    public func callAsFunction(_ parameters: P) -> T {
        registration.resolve(parameters)
    }

    /// The same as calling the factory.
    ///
    /// - Parameter parameters: What the factory's closure is given.
    /// - Returns: The instance, as the factory's scope gives it.
    @inlinable @inline(__always)
    public func resolve(_ parameters: P) -> T {
        registration.resolve(parameters)
    }

    /// Replaces the factory's closure in this container and clears its cached instances.
    ///
    /// - Parameter factory: Builds the instance from the parameter, replacing the definition until a reset.
    /// - Returns: The factory, for a modifier.
    @inlinable @discardableResult
    public func register(factory: @escaping ParameterFactoryClosure<P, T>) -> Self {
        registration.register(IsolatedFactoryClosure.taking(factory, site: "register(factory:)"))
        return self
    }
}

extension ParameterFactory where P: Hashable {
    /// Keeps one scoped instance per distinct parameter value instead of one for all.
    @inlinable public var scopeOnParameters: Self {
        registration.setParameterKey { AnyHashable($0) }
        var keyed = self
        keyed.registration.carryParameterKey()  // kept per parameter even where the slot lost its key
        return keyed
    }
}
