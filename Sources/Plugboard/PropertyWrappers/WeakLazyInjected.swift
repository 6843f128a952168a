/// Resolves a dependency on first read and holds it weakly (for delegates and parents).
///
/// ```swift
/// @WeakLazyInjected(\.coordinator) var coordinator: Coordinator?
/// ```
///
/// The first read is thread-safe: when many threads read the property at once, the factory runs once and
/// every reader gets that instance (for as long as something else holds it).
@propertyWrapper
public struct WeakLazyInjected<T> {
    private let reference: () -> Factory<T>
    private var cell = WeakLazyCell<T>()

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

    /// The dependency, resolved on first read; nil once nothing else holds it.
    public var wrappedValue: T? {
        get { cell.value { reference()() } }
        set { cell = WeakLazyCell(holding: newValue) }
    }

    /// The wrapper itself, for ``factory``.
    public var projectedValue: WeakLazyInjected<T> {
        get { self }
        mutating set { self = newValue }
    }

    /// The factory this wrapper resolves.
    public var factory: Factory<T> { reference() }

    /// Resolves the dependency now (again, after resetting what `options` names on its factory) and holds it
    /// weakly. Not `mutating`, as in Factory 3: copies of the wrapper that share its value see the new one.
    ///
    /// - Parameter options: What to reset on the factory first (its registration, scope, context overrides); nothing by default.
    public func resolve(reset options: FactoryResetOptions = .none) {
        let factory = reference()
        factory.reset(options)
        cell.replace(holding: factory())
    }

    /// The dependency if it was resolved and something else still holds it, without resolving it: for clean-up
    /// in `deinit`.
    ///
    /// - Returns: The instance, or nil before the first read and once nothing else holds it.
    public func resolvedOrNil() -> T? {
        cell.current
    }
}

extension WeakLazyInjected: @unchecked Sendable where T: Sendable {}
