/// Resolves a dependency from a shared container's factory when the enclosing object is made.
///
/// ```swift
/// @Injected(\.service) var service: ServiceType
/// @Injected(\ServiceContainer.service) var other: ServiceType
/// ```
@propertyWrapper
public struct Injected<T> {
    private let reference: () -> Factory<T>
    private var dependency: T

    /// Resolves `keyPath` on `Container.shared`.
    ///
    /// - Parameter keyPath: The factory, as a property of `Container` (`\.service`).
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        self.init(reference: { Container.shared[keyPath: keyPath] })
    }

    /// Resolves `keyPath` on the shared instance of a container of your own.
    ///
    /// - Parameter keyPath: The factory, as a property of your shared container (`\MyContainer.service`).
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        self.init(reference: { C.shared[keyPath: keyPath] })
    }

    private init(reference: @escaping () -> Factory<T>) {
        self.reference = reference
        self.dependency = reference()()
    }

    /// The resolved dependency.
    public var wrappedValue: T {
        get { dependency }
        set { dependency = newValue }
    }

    /// The wrapper itself, for ``factory`` and ``resolve(reset:)``.
    public var projectedValue: Injected<T> {
        get { self }
        set { self = newValue }
    }

    /// The factory this wrapper resolves.
    public var factory: Factory<T> { reference() }

    /// Resolves the dependency again, after resetting what `options` names on its factory.
    ///
    /// - Parameter options: What to reset on the factory first (its registration, scope, context overrides); nothing by default.
    public mutating func resolve(reset options: FactoryResetOptions = .none) {
        let factory = reference()
        factory.reset(options)
        dependency = factory()
    }
}

extension Injected: @unchecked Sendable where T: Sendable {}
