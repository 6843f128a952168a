/// One protocol for the two libraries that named one `Resolving`.
///
/// A container that conforms (as Factory's users write it) can also register and resolve by type, for
/// `@InjectedType`:
///
/// ```swift
/// extension Container: Resolving {}
/// Container.shared.register(MyService.self) { MyService() }
/// @InjectedType var service: MyService?
/// ```
///
/// Any other type that conforms (as Resolver's users write it) gets a ``resolver`` to resolve from:
///
/// ```swift
/// final class ProfileViewController: Resolving {
///     lazy var viewModel: ProfileViewModel = resolver.resolve()
/// }
/// ```
public protocol Resolving {
    /// The Resolver-style container this type resolves from: ``Resolver/root`` unless the type says otherwise.
    var resolver: Resolver { get }
}

extension Resolving {
    /// ``Resolver/root``, read on each access, so that switching the root reaches every `Resolving` type.
    public var resolver: Resolver { Resolver.root }
}

extension Resolving where Self: ManagedContainer {
    /// Registers `factory` for `type`, keyed by the type itself.
    @discardableResult
    public func register<T>(_ type: T.Type = T.self, factory: @escaping @Sendable () -> T) -> Factory<T> {
        let factoryForType = TypeKeyedFactory<T>(container: self).factory
        factoryForType.register(factory: factory)
        return factoryForType
    }

    /// Resolves `type` from its type-keyed registration, or nil when none was made.
    public func resolve<T>(_ type: T.Type = T.self) -> T? {
        let keyed = TypeKeyedFactory<T>(container: self)
        return keyed.isRegistered ? keyed.factory() : nil
    }

    /// The factory of the type-keyed registration for `type`, or nil when none was made (as Factory's).
    public func factory<T>(_ type: T.Type = T.self) -> Factory<T>? {
        let keyed = TypeKeyedFactory<T>(container: self)
        return keyed.isRegistered ? keyed.factory : nil
    }
}

/// The factory that a type-keyed registration lives in: keyed by the type's name.
struct TypeKeyedFactory<T> {
    let factory: Factory<T>

    init(container: any ManagedContainer) {
        factory = Factory(
            registration: FactoryRegistration(
                container: container, key: FactoryKey(name: String(reflecting: T.self), Void.self, T.self),
                plain: { TypeKeyedFactory.missing() }))
    }

    var isRegistered: Bool {
        factory.registration.manager.hasRegistration(factory.registration.id)
    }

    static func missing() -> T {
        fatalError("Plugboard: nothing is registered for type \(T.self)")
    }
}

extension Container: Resolving {}

/// Resolves a type-keyed dependency (see ``Resolving``) from `Container.shared` when the object is made.
@propertyWrapper
public struct InjectedType<T> {
    private var dependency: T?

    /// Resolves `T` from `Container.shared`.
    public init() {
        dependency = Container.shared.resolve(T.self)
    }

    /// Resolves `T` from the shared instance of a resolving container of your own.
    public init<C: SharedContainer & Resolving>(_ container: C.Type) {
        dependency = C.shared.resolve(T.self)
    }

    /// The resolved dependency, or nil when nothing was registered for `T`.
    public var wrappedValue: T? {
        get { dependency }
        set { dependency = newValue }
    }
}
