/// Resolves a dependency the first time it is read: from a shared container's factory (Factory's spelling)
/// or from ``Resolver`` by the property's type (Resolver's: `@LazyInjected var service: Service`, with
/// `$service.args`, `$service.isEmpty` and `$service.release()`).
@propertyWrapper
public struct LazyInjected<T> {
    private let source: DependencySource<T>
    private var dependency: T?
    /// The arguments a Resolver registration's factory gets when the dependency is resolved.
    public var args: Any?

    /// Resolves `keyPath` on `Container.shared` when first read.
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        source = .factory({ Container.shared[keyPath: keyPath] })
    }

    /// Resolves `keyPath` on the shared instance of a container of your own when first read.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        source = .factory({ C.shared[keyPath: keyPath] })
    }

    /// Resolves `T` from `container` (``Resolver/root`` by default) when first read, as Resolver's `@LazyInjected`.
    public init(name: Resolver.Name? = nil, container: Resolver? = nil, args: Any? = nil) {
        source = .resolver(name: name, container: container)
        self.args = args
    }

    /// The dependency, resolved on first read.
    public var wrappedValue: T {
        mutating get {
            if let dependency { return dependency }
            let resolved = source.resolve(args: args)
            dependency = resolved
            return resolved
        }
        mutating set { dependency = newValue }
    }

    /// The wrapper itself, for ``factory`` and ``resolve(reset:)``.
    public var projectedValue: LazyInjected<T> {
        mutating get { self }
        mutating set { self = newValue }
    }

    /// Whether the dependency has been resolved yet.
    public var isResolved: Bool { dependency != nil }

    /// Whether the dependency is still to be resolved (Resolver's spelling of `!isResolved`).
    public var isEmpty: Bool { dependency == nil }

    /// Drops the resolved dependency: the next read resolves it again.
    public mutating func release() {
        dependency = nil
    }

    /// The factory this wrapper resolves (Factory-style wrappers only).
    public var factory: Factory<T> { source.factory }

    /// The dependency if it was resolved already, without resolving it: for clean-up in `deinit`
    /// (`$service.resolvedOrNil()?.close()`).
    public func resolvedOrNil() -> T? {
        dependency
    }

    /// Resolves the dependency again, after resetting what `options` names on its factory.
    public mutating func resolve(reset options: FactoryResetOptions = .none) {
        source.reset(options)
        dependency = source.resolve(args: args)
    }
}

extension LazyInjected: @unchecked Sendable where T: Sendable {}
