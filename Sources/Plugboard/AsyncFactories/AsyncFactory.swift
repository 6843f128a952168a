/// Makes instances of `T` whose build is `async` and may throw: a client whose `init` is `async`, a pool that
/// connects, an actor set up by an `await`. Resolved with `try await`.
///
/// ```swift
/// extension Container {
///     var database: AsyncFactory<Database> { self { try await Database.connect() }.singleton }
/// }
/// let database = try await Container.shared.database()
/// ```
///
/// A scope keeps the instance as it keeps a synchronous factory's: under contention, exactly one build runs and
/// every resolution awaits it; a build that throws is not kept, and each waiter gets its error. A synchronous
/// factory cannot resolve an async one: its closure cannot `await`.
public struct AsyncFactory<T: Sendable>: Sendable {
    /// The synchronous factory behind this one: its instances are the builds (``AsyncBuild``), which its scope
    /// keeps, its registrations replace and profiles rewire.
    public var builds: Factory<AsyncBuild<T>>

    /// The formal spelling of `self { ... }` with an async closure: a factory of `container` keyed by the
    /// enclosing property's name.
    ///
    /// - Parameters:
    ///   - container: The container the factory belongs to (`self` in a container's property).
    ///   - key: The factory's key: the enclosing property's name, by default; leave it out.
    ///   - body: Builds the instance.
    @inlinable
    public init(
        _ container: any ManagedContainer, key: StaticString = #function,
        _ body: @escaping @Sendable () async throws -> T
    ) {
        builds = Factory(container, key: key) {
            AsyncBuild(AsyncResolutionStep(container, key: key, of: T.self), body)
        }
    }

    /// Resolves the instance: the one the scope keeps, the build under way, or a new build.
    ///
    /// - Returns: The instance.
    /// - Throws: What the build threw, or ``AsyncResolutionError/cycle(_:)``.
    @inlinable
    nonisolated(nonsending) public func callAsFunction() async throws -> T {
        try await builds().value()
    }

    /// The same as calling the factory.
    ///
    /// - Returns: The instance.
    /// - Throws: What the build threw, or ``AsyncResolutionError/cycle(_:)``.
    @inlinable
    nonisolated(nonsending) public func resolve() async throws -> T {
        try await builds().value()
    }

    /// Replaces the factory's closure in this container and drops the instance its scope kept.
    ///
    /// - Parameter body: Builds the instance, replacing the definition until a reset.
    /// - Returns: The factory, for a modifier.
    @discardableResult
    public func register(_ body: @escaping @Sendable () async throws -> T) -> Self {
        let build = build(body)
        builds.register { build() }
        return self
    }

    /// A build of this factory by `body`, for a registration or a profile's implementation.
    package func build(_ body: @escaping @Sendable () async throws -> T) -> @Sendable () -> AsyncBuild<T> {
        let step = AsyncResolutionStep(builds.registration)
        return { AsyncBuild(step, body) }
    }

    // MARK: Scopes

    /// A new build at every resolution (the default).
    @inlinable public var unique: Self { with(builds.unique) }
    /// One instance until the container's cached scope is reset, or a reload changes this factory.
    @inlinable public var cached: Self { with(builds.cached) }
    /// One instance for the whole program, as a synchronous singleton.
    @inlinable public var singleton: Self { with(builds.singleton) }

    /// Keeps the instance in `scope`, one of the program's own (a `Cached` subclass, say).
    ///
    /// - Parameter scope: The scope that keeps the instance.
    /// - Returns: The factory, for the next modifier.
    @inlinable public func scope(_ scope: Scope) -> Self { with(builds.scope(scope)) }

    /// Clears what `options` names for this factory (everything by default), in this container.
    ///
    /// - Parameter options: What to reset; everything by default.
    /// - Returns: The factory, for the next modifier.
    @discardableResult
    public func reset(_ options: FactoryResetOptions = .all) -> Self {
        builds.reset(options)
        return self
    }

    @inlinable
    func with(_ builds: Factory<AsyncBuild<T>>) -> Self {
        var copy = self
        copy.builds = builds
        return copy
    }
}

extension ManagedContainer {
    /// Makes an async factory keyed by the enclosing property's name:
    /// `var database: AsyncFactory<Database> { self { try await Database.connect() } }`.
    ///
    /// - Parameters:
    ///   - key: The factory's key: the enclosing property's name, by default; leave it out.
    ///   - body: Builds the instance.
    /// - Returns: The async factory.
    @inlinable
    public func callAsFunction<T: Sendable>(
        key: StaticString = #function, _ body: @escaping @Sendable () async throws -> T
    ) -> AsyncFactory<T> {
        AsyncFactory(self, key: key, body)
    }
}

extension AsyncResolutionStep {
    /// The step of the factory `key` of `container` that builds `T` asynchronously.
    @usableFromInline
    package init<T: Sendable>(_ container: any ManagedContainer, key: StaticString, of _: T.Type) {
        manager = ObjectIdentifier(container.manager)
        self.key = FactoryKey(key, Void.self, AsyncBuild<T>.self)
        containerName = container.containerName
    }

    /// The step of the factory `registration` is.
    init<T>(_ registration: FactoryRegistration<Void, T>) {
        manager = ObjectIdentifier(registration.manager)
        key = registration.key
        containerName = registration.containerName
    }
}
