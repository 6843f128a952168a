/// Resolves a dependency from a shared container when the enclosing object is made.
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
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        self.init(reference: { Container.shared[keyPath: keyPath] })
    }

    /// Resolves `keyPath` on the shared instance of a container of your own.
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
    public mutating func resolve(reset options: FactoryResetOptions = .none) {
        let factory = reference()
        factory.reset(options)
        dependency = factory()
    }
}

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

    /// Resolves the dependency again, after resetting what `options` names on its factory.
    public mutating func resolve(reset options: FactoryResetOptions = .none) {
        let factory = reference()
        factory.reset(options)
        dependency = factory()
    }
}

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
}

/// Resolves a dependency on every read, so scope and registration changes show at once.
@propertyWrapper
public struct DynamicInjected<T> {
    private let reference: () -> Factory<T>

    /// Resolves `keyPath` on `Container.shared` on each read.
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        reference = { Container.shared[keyPath: keyPath] }
    }

    /// Resolves `keyPath` on the shared instance of a container of your own on each read.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        reference = { C.shared[keyPath: keyPath] }
    }

    /// A freshly resolved dependency.
    public var wrappedValue: T { reference()() }

    /// The wrapper itself, for ``factory``.
    public var projectedValue: DynamicInjected<T> { self }

    /// The factory this wrapper resolves.
    public var factory: Factory<T> { reference() }
}

extension Injected: @unchecked Sendable where T: Sendable {}
extension LazyInjected: @unchecked Sendable where T: Sendable {}
extension DynamicInjected: @unchecked Sendable {}

/// Resolves `keyPath` on `Container.shared`: `let service = dependency(\.service)`.
public func dependency<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
    Container.shared[keyPath: keyPath]()
}

/// Resolves `keyPath` on the shared instance of a container of your own.
public func dependency<C: SharedContainer, T>(_ keyPath: KeyPath<C, Factory<T>>) -> T {
    C.shared[keyPath: keyPath]()
}
