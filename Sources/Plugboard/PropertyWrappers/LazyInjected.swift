/// Resolves a dependency from a shared container's factory the first time it is read.
///
/// ```swift
/// @LazyInjected(\.service) var service: ServiceType
/// ```
///
/// The first read is thread-safe: when many threads read the property at once, the factory runs once and
/// every reader gets that instance.
@propertyWrapper
public struct LazyInjected<T> {
    private let reference: () -> Factory<T>
    private var cell = LazyCell<T>()

    /// Resolves `keyPath` on `Container.shared` when first read.
    ///
    /// - Parameter keyPath: The factory, as a property of `Container` (`\.service`).
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        reference = { Container.shared[keyPath: keyPath] }
    }

    /// Resolves `keyPath` on the shared instance of a container of your own when first read.
    ///
    /// - Parameter keyPath: The factory, as a property of your shared container (`\MyContainer.service`).
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        reference = { C.shared[keyPath: keyPath] }
    }

    /// The dependency, resolved on first read.
    public var wrappedValue: T {
        get { cell.value { reference()() } }
        set { cell = LazyCell(newValue) }
    }

    /// The wrapper itself, for ``factory`` and ``resolve(reset:)``.
    public var projectedValue: LazyInjected<T> {
        get { self }
        mutating set { self = newValue }
    }

    /// Whether the dependency has been resolved yet.
    public var isResolved: Bool { cell.current != nil }

    /// Drops the resolved dependency: the next read resolves it again.
    public mutating func release() {
        cell = LazyCell()
    }

    /// The factory this wrapper resolves.
    public var factory: Factory<T> { reference() }

    /// The dependency if it was resolved already, without resolving it: for clean-up in `deinit`
    /// (`$service.resolvedOrNil()?.close()`).
    ///
    /// - Returns: The instance, or nil before the first read.
    public func resolvedOrNil() -> T? {
        cell.current
    }

    /// Resolves the dependency again, after resetting what `options` names on its factory. Not `mutating`, as
    /// in Factory 3: a wrapper in a `let` or a non-mutating method may force it, and copies of the wrapper that
    /// share its resolved value see the new one.
    ///
    /// - Parameter options: What to reset on the factory first (its registration, scope, context overrides); nothing by default.
    public func resolve(reset options: FactoryResetOptions = .none) {
        let factory = reference()
        factory.reset(options)
        cell.replace(with: factory())
    }
}

extension LazyInjected: @unchecked Sendable where T: Sendable {}
