import Plugboard

/// Code that only needs dependencies depends on this protocol.
public protocol DependencyResolving {
    typealias Resolver = Resolving
    var resolver: Resolver { get }
}

extension DependencyResolving {
    /// The registered instance of `type`, or nil.
    public func resolve<T>(_ type: T.Type = T.self) -> T? {
        resolver.resolve(type)
    }

    /// The registered instance of `type`; stops with a message naming the type when nothing is registered.
    public func require<T>(_ type: T.Type = T.self) -> T {
        guard let instance = resolver.resolve(type) else {
            fatalError("DependencyFacade: nothing is registered for \(T.self)")
        }
        return instance
    }
}
