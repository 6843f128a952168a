/// Resolves a dependency from a shared container the first time it is read.
@propertyWrapper
public struct LazyInjected<T> {
    private let reference: () -> Factory<T>
    private var dependency: T?

    /// Resolves `keyPath` on `Container.shared` when first read.
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        reference = { Container.shared[keyPath: keyPath] }
    }

    /// Resolves `keyPath` on the shared instance of a container of your own when first read.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        reference = { C.shared[keyPath: keyPath] }
    }

    /// The dependency, resolved on first read.
    public var wrappedValue: T {
        mutating get {
            if let dependency { return dependency }
            let resolved = reference()()
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

    /// The factory this wrapper resolves.
    public var factory: Factory<T> { reference() }

    /// The dependency if it was resolved already, without resolving it: for clean-up in `deinit`
    /// (`$service.resolvedOrNil()?.close()`).
    public func resolvedOrNil() -> T? {
        dependency
    }

    /// Resolves the dependency again, after resetting what `options` names on its factory.
    public mutating func resolve(reset options: FactoryResetOptions = .none) {
        let factory = reference()
        factory.reset(options)
        dependency = factory()
    }
}

extension LazyInjected: @unchecked Sendable where T: Sendable {}
