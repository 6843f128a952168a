/// Resolves a dependency on every read, so scope and registration changes show at once.
///
/// ```swift
/// @DynamicInjected(\.session) var session: Session
/// ```
///
/// Its projected value is the factory itself, as in Factory: `$service.register { Mock() }`,
/// `$service.reset()`, `$service.resolve()`.
@propertyWrapper
public struct DynamicInjected<T> {
    private let reference: () -> Factory<T>

    /// Resolves `keyPath` on `Container.shared` on each read.
    ///
    /// - Parameter keyPath: The factory, as a property of `Container` (`\.service`).
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        reference = { Container.shared[keyPath: keyPath] }
    }

    /// Resolves `keyPath` on the shared instance of a container of your own on each read.
    ///
    /// - Parameter keyPath: The factory, as a property of your shared container (`\MyContainer.service`).
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        reference = { C.shared[keyPath: keyPath] }
    }

    /// A freshly resolved dependency.
    public var wrappedValue: T { reference()() }

    /// The factory this wrapper resolves, from the shared container current at the time of the read.
    public var projectedValue: Factory<T> { reference() }
}

extension DynamicInjected: @unchecked Sendable where T: Sendable {}
