/// A container that can also register and resolve services by their type, as Factory's `Resolving` does:
///
/// ```swift
/// extension Container: Resolving {}   // Plugboard's Container already conforms
/// Container.shared.register(MyService.self) { MyService() }
/// let service: MyService? = Container.shared.resolve(MyService.self)
/// ```
///
/// Code can abstract over it (`let resolver: any Resolving`) and call every requirement on the existential.
/// A type-keyed registration is a factory of its own, keyed by the type's full name, so scopes, decorators
/// and contexts chain on what ``register(_:factory:)`` returns.
public protocol Resolving: ManagedContainer {
    /// Registers `factory` for `type` and returns its factory, for modifiers (`.singleton`, `.onTest { }`).
    ///
    /// - Parameters:
    ///   - type: The type the registration is for.
    ///   - factory: Builds the instance.
    /// - Returns: The registration's factory, for modifiers.
    @discardableResult
    func register<T>(_ type: T.Type, factory: @escaping FactoryClosure<T>) -> Factory<T>

    /// The factory registered for `type`, or nil when nothing was registered for it.
    ///
    /// - Parameter type: The type asked for.
    /// - Returns: Its factory, or nil.
    func factory<T>(_ type: T.Type) -> Factory<T>?

    /// Resolves `type` from its registration, or nil when nothing was registered for it.
    ///
    /// - Parameter type: The type asked for.
    /// - Returns: The instance, or nil.
    func resolve<T>(_ type: T.Type) -> T?
}

extension Resolving {
    /// Registers `factory` for `type` (inferred from the closure when omitted).
    ///
    /// - Parameters:
    ///   - type: The type the registration is for.
    ///   - factory: Builds the instance.
    /// - Returns: The registration's factory, for modifiers.
    @discardableResult
    public func register<T>(_ type: T.Type = T.self, factory: @escaping FactoryClosure<T>) -> Factory<T> {
        let factoryForType = TypeKeyedFactory<T>(container: self).factory
        factoryForType.register(factory: factory)
        return factoryForType
    }

    /// The factory registered for `type`, or nil when nothing was registered for it.
    ///
    /// - Parameter type: The type asked for.
    /// - Returns: Its factory, or nil.
    public func factory<T>(_ type: T.Type = T.self) -> Factory<T>? {
        let keyed = TypeKeyedFactory<T>(container: self)
        return keyed.isRegistered ? keyed.factory : nil
    }

    /// Resolves `type` from its registration, or nil when nothing was registered for it.
    ///
    /// - Parameter type: The type asked for.
    /// - Returns: The instance, or nil.
    public func resolve<T>(_ type: T.Type = T.self) -> T? {
        let keyed = TypeKeyedFactory<T>(container: self)
        return keyed.isRegistered ? keyed.factory() : nil
    }
}

extension Container: Resolving {}

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
