/// A container: a class that owns a ``ContainerManager`` and defines factories as computed properties.
///
/// ```swift
/// extension Container {
///     var service: Factory<ServiceType> { self { MyService() } }
/// }
/// ```
public protocol ManagedContainer: AnyObject, Sendable {
    /// Keeps the container's registrations, scope caches and settings. Declare it with `let`: every factory
    /// holds the manager it was made with (not the container), so it must stay the same object.
    var manager: ContainerManager { get }
    /// The container's name in profiles and catalogs; its type's name unless it says otherwise. Messages about
    /// a factory (traces, cycles, promises) name its container by type, or a `Resolver` (PlugboardResolver) by its own name: a
    /// factory holds the manager, which outlives a temporary container.
    var containerName: String { get }
}

/// A container type with one shared instance, which `@Injected` and the other property wrappers use.
public protocol SharedContainer: ManagedContainer {
    /// The instance used when none is passed explicitly.
    static var shared: Self { get }
}

extension ManagedContainer {
    /// Makes a factory keyed by the enclosing property's name: `var service: Factory<S> { self { S() } }`.
    ///
    /// - Parameters:
    ///   - key: The factory's key: the enclosing property's name, by default; leave it out.
    ///   - factory: Builds the instance.
    /// - Returns: The factory.
    @inlinable @inline(__always)
    public func callAsFunction<T>(
        key: StaticString = #function, _ factory: @escaping FactoryClosure<T>
    ) -> Factory<T> {
        Factory(self, key: key, factory)
    }

    /// Makes a parameter factory keyed by the enclosing property's name: `self { Service(id: $0) }`.
    ///
    /// - Parameters:
    ///   - key: The factory's key: the enclosing property's name, by default; leave it out.
    ///   - factory: Builds the instance from the parameter.
    /// - Returns: The parameter factory.
    @inlinable @inline(__always)
    public func callAsFunction<P, T>(
        key: StaticString = #function,
        _ factory: @escaping ParameterFactoryClosure<P, T>
    ) -> ParameterFactory<P, T> {
        ParameterFactory(self, key: key, factory)
    }

    /// A factory whose implementation another module registers; it resolves to nil until then, and stops the
    /// program instead when `manager.promiseTriggersError` is set.
    ///
    /// - Parameter key: The factory's key: the enclosing property's name, by default; leave it out.
    /// - Returns: The factory, resolving to nil until an implementation is registered.
    @inlinable
    public func promised<T>(key: StaticString = #function) -> Factory<T?> {
        var factory = Factory<T?>(self, key: key) { nil }
        factory.registration.isPromise = true
        return factory
    }

    /// The parameter form of ``promised(key:)``.
    ///
    /// - Parameter key: The factory's key: the enclosing property's name, by default; leave it out.
    /// - Returns: The parameter factory, resolving to nil until an implementation is registered.
    @inlinable
    public func promised<P, T>(key: StaticString = #function) -> ParameterFactory<P, T?> {
        var factory = ParameterFactory<P, T?>(self, key: key) { _ in nil }
        factory.registration.isPromise = true
        return factory
    }

    /// Resets this container: `Container.shared.reset()` is `Container.shared.manager.reset()`.
    ///
    /// - Parameter options: What to reset: registrations, scopes' instances, context overrides; everything by default.
    public func reset(options: FactoryResetOptions = .all) {
        manager.reset(options: options)
    }

    /// Runs `transform` with this container and returns it, for setting one up where it is made:
    /// `Container.shared.with { $0.api.register { MockAPI() } }` (Factory's spelling, used in tests).
    ///
    /// - Parameter transform: Sets the container up.
    /// - Returns: This container.
    /// - Throws: What `transform` throws.
    @discardableResult
    public func with(_ transform: (Self) throws -> Void) rethrows -> Self {
        try transform(self)
        return self
    }

    /// The `async` form of ``with(_:)``, as Factory 3.2 spells it: the closure keeps its own isolation
    /// (`@isolated(any)`), so a `@MainActor` test sets its container up with main-actor code and the closure runs
    /// there.
    ///
    /// - Parameter transform: Sets the container up, on the closure's own actor.
    /// - Returns: This container.
    /// - Throws: What `transform` throws.
    @discardableResult
    public func with(_ transform: @Sendable @isolated(any) (Self) async throws -> Void) async rethrows -> Self {
        try await transform(self)
        return self
    }

    /// Runs `transform` with this container and returns it: `Container.shared { $0.api.register { MockAPI() } }`
    /// (Factory 3's spelling of `with(_:)`, used to set up a test's container).
    ///
    /// - Parameter transform: Sets the container up.
    /// - Returns: This container.
    /// - Throws: What `transform` throws.
    @discardableResult
    public func callAsFunction(_ transform: (Self) throws -> Void) rethrows -> Self {
        try with(transform)
    }

    /// The `async` form of ``callAsFunction(_:)``: `await Container.shared { @MainActor in ... }` runs its
    /// closure on the closure's own actor, as Factory 3.2's does.
    ///
    /// - Parameter transform: Sets the container up, on the closure's own actor.
    /// - Returns: This container.
    /// - Throws: What `transform` throws.
    @discardableResult
    public func callAsFunction(_ transform: @Sendable @isolated(any) (Self) async throws -> Void) async rethrows -> Self
    {
        try await with(transform)
    }

    /// Sets the container-wide decorator, which sees every instance this container resolves (nil removes it):
    /// the same as setting `manager.decorator`.
    ///
    /// - Parameter decorator: Run with every instance this container resolves; nil removes it.
    public func decorator(_ decorator: ((Any) -> Void)?) {
        manager.decorator = decorator
    }

    /// The container's type's name: the default ``containerName``.
    public var containerName: String {
        TypeNameCache.containers.name(of: type(of: self))
    }
}
