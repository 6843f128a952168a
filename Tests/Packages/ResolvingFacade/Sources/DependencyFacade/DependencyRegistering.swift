import Plugboard

/// Code that registers dependencies depends on this protocol, not on a container type.
public protocol DependencyRegistering {
    typealias Resolver = Resolving
    var resolver: Resolver { get }
}

extension DependencyRegistering {
    /// Registers `factory` for `type`; the factory it returns takes Factory's modifiers.
    @discardableResult
    public func register<T>(_ type: T.Type = T.self, factory: @escaping () -> T) -> Factory<T> {
        resolver.register(type, factory: factory)
    }

    /// Whether anything is registered for `type`.
    public func isRegistered<T>(_ type: T.Type) -> Bool {
        resolver.factory(type) != nil
    }
}
