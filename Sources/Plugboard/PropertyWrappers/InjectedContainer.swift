/// Injects a shared container itself, when the object is made.
///
/// ```swift
/// @InjectedContainer var container                          // the current Container.shared
/// @InjectedContainer(MyContainer.self) var mine
/// ```
@propertyWrapper
public struct InjectedContainer<C: SharedContainer> {
    private var container: C

    /// The current `Container.shared`.
    public init() where C == Container {
        container = Container.shared
    }

    /// The current shared instance of a container of your own.
    ///
    /// - Parameter type: The container type, whose `shared` is injected.
    public init(_ type: C.Type) {
        container = C.shared
    }

    /// The container.
    public var wrappedValue: C {
        get { container }
        set { container = newValue }
    }

    /// Resets what `options` names in the container.
    ///
    /// - Parameter options: What to reset: registrations, scopes, context overrides; nothing by default.
    public mutating func reset(options: FactoryResetOptions = .none) {
        container.manager.reset(options: options)
    }
}

extension InjectedContainer: Sendable {}
