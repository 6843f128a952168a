/// Resolves a dependency when the enclosing object is made: from a shared container's factory (Factory's
/// spelling) or from ``Resolver`` by the property's type (Resolver's).
///
/// ```swift
/// @Injected(\.service) var service: ServiceType
/// @Injected(\ServiceContainer.service) var other: ServiceType
/// @Injected var network: NetworkService               // Resolver.root.resolve()
/// @Injected(name: .fast, container: .mock) var fast: NetworkService
/// ```
@propertyWrapper
public struct Injected<T> {
    private let source: DependencySource<T>
    private var dependency: T

    /// Resolves `keyPath` on `Container.shared`.
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        self.init(source: .factory({ Container.shared[keyPath: keyPath] }))
    }

    /// Resolves `keyPath` on the shared instance of a container of your own.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        self.init(source: .factory({ C.shared[keyPath: keyPath] }))
    }

    /// Resolves `T` from `container` (``Resolver/root`` by default), optionally named, as Resolver's `@Injected`.
    public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
        self.init(source: .resolver(name: name, container: container))
    }

    private init(source: DependencySource<T>) {
        self.source = source
        self.dependency = source.resolve()
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

    /// The factory this wrapper resolves (Factory-style wrappers only).
    public var factory: Factory<T> { source.factory }

    /// Resolves the dependency again, after resetting what `options` names on its factory.
    public mutating func resolve(reset options: FactoryResetOptions = .none) {
        source.reset(options)
        dependency = source.resolve()
    }
}

extension Injected: @unchecked Sendable where T: Sendable {}
