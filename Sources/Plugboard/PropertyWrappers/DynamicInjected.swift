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

    /// Resolves the dependency now, as reading the property does.
    public func resolve() -> T {
        reference()()
    }
}

extension DynamicInjected: @unchecked Sendable {}
