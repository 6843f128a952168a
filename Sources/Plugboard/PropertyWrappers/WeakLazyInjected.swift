/// Resolves a dependency on first read and holds it weakly (for delegates and parents).
@propertyWrapper
public struct WeakLazyInjected<T> {
    private let reference: () -> Factory<T>
    private weak var dependency: AnyObject?
    private var initialized = false

    /// Resolves `keyPath` on `Container.shared` when first read.
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        reference = { Container.shared[keyPath: keyPath] }
    }

    /// Resolves `keyPath` on the shared instance of a container of your own when first read.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        reference = { C.shared[keyPath: keyPath] }
    }

    /// The dependency, resolved on first read; nil once nothing else holds it.
    public var wrappedValue: T? {
        mutating get {
            if !initialized {
                initialized = true
                dependency = reference()() as AnyObject
            }
            return dependency as? T
        }
        mutating set {
            initialized = true
            dependency = newValue as AnyObject
        }
    }

    /// The wrapper itself, for ``factory``.
    public var projectedValue: WeakLazyInjected<T> {
        mutating get { self }
        mutating set { self = newValue }
    }

    /// The factory this wrapper resolves.
    public var factory: Factory<T> { reference() }

    /// Resolves the dependency now (again, after resetting what `options` names on its factory) and holds it weakly.
    public mutating func resolve(reset options: FactoryResetOptions = .none) {
        let factory = reference()
        factory.reset(options)
        dependency = factory() as AnyObject
        initialized = true
    }

    /// The dependency if it was resolved and something else still holds it, without resolving it: for clean-up
    /// in `deinit`.
    public func resolvedOrNil() -> T? {
        initialized ? dependency as? T : nil
    }
}
