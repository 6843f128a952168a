/// Injects a shared container itself, when the object is made: `@InjectedContainer var container` (the
/// current `Container.shared`) or `@InjectedContainer(MyContainer.self) var container`.
@propertyWrapper
public struct InjectedContainer<C: SharedContainer> {
    private var container: C

    /// The current `Container.shared`.
    public init() where C == Container {
        container = Container.shared
    }

    /// The current shared instance of a container of your own.
    public init(_ type: C.Type) {
        container = C.shared
    }

    /// The container.
    public var wrappedValue: C {
        get { container }
        set { container = newValue }
    }

    /// Resets what `options` names in the container.
    public mutating func reset(options: FactoryResetOptions = .none) {
        container.manager.reset(options: options)
    }
}

extension InjectedContainer: Sendable {}
