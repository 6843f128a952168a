/// Resolves a type-keyed registration (see ``Resolving``) when the object is made, or nil when nothing is
/// registered for the type.
///
/// ```swift
/// Container.shared.register(MyService.self) { MyService() }
/// @InjectedType var service: MyService?
/// ```
@propertyWrapper
public struct InjectedType<T> {
    private var dependency: T?

    /// Resolves `T` from `Container.shared`.
    public init() {
        dependency = Container.shared.resolve(T.self)
    }

    /// Resolves `T` from `container`, if it is a ``Resolving`` container (nil otherwise).
    ///
    /// - Parameter container: The container whose type-keyed registrations are searched.
    public init(_ container: any ManagedContainer) {
        dependency = (container as? any Resolving)?.resolve(T.self)
    }

    /// Resolves `T` from the shared instance of a resolving container of your own.
    ///
    /// - Parameter container: The shared container type whose `shared` is searched.
    public init<C: SharedContainer & Resolving>(_ container: C.Type) {
        dependency = C.shared.resolve(T.self)
    }

    /// The resolved dependency, or nil when nothing was registered for `T`.
    public var wrappedValue: T? {
        get { dependency }
        set { dependency = newValue }
    }
}

extension InjectedType: @unchecked Sendable where T: Sendable {}
