import Foundation

/// What a `Factory` or `ParameterFactory` carries: its container's manager, its interned key, and its own
/// definition. Resolution reads the manager's published settings for that key; modifiers write them.
///
/// Four words in all on a 64-bit platform, so that a factory travels in registers and is dropped with two
/// releases: the manager rather than the container (a factory of a temporary container,
/// `Container().service()`, stays valid, since the manager keeps everything it resolves from), and the key's
/// number and flags in one word.
public struct FactoryRegistration<P, T>: Sendable {
    /// The container's manager, retained.
    @usableFromInline let manager: ContainerManager
    /// The key's number and the factory's flags (see ``RegistrationWord``).
    @usableFromInline var word: UInt64
    /// The factory's own definition.
    @usableFromInline let factory: FactoryBody<P, T>

    /// A `ParameterFactory`'s registration: parameter factories may resolve themselves with other parameters.
    @inlinable @inline(__always)
    init(
        container: any ManagedContainer, key: StaticString, factory: @escaping ParameterFactoryClosure<P, T>
    ) {
        let manager = Self.preparedManager(of: container)
        self.init(
            manager: manager, id: FactoryKey(key, P.self, T.self).id, flags: RegistrationWord.repeatable,
            factory: FactoryBody(IsolatedFactoryClosure.taking(factory, site: key)))
    }

    /// A `Factory`'s registration: a closure that takes no parameter, kept as written (see ``FactoryBody``).
    @inlinable @inline(__always)
    init(
        container: any ManagedContainer, key: StaticString, plain factory: @escaping FactoryClosure<T>
    ) {
        let manager = Self.preparedManager(of: container)
        self.init(
            manager: manager, id: FactoryKey(key, P.self, T.self).id, flags: RegistrationWord.plain,
            factory: FactoryBody(plain: IsolatedFactoryClosure.plain(factory, site: key)))
    }

    /// A registration under a key made at run time (type-keyed registrations, `Resolver`), whose own
    /// definition takes no parameter.
    package init(container: any ManagedContainer, key: FactoryKey, plain factory: @escaping @Sendable () -> T) {
        let manager = Self.preparedManager(of: container)
        self.init(manager: manager, id: key.id, flags: RegistrationWord.plain, factory: FactoryBody(plain: factory))
    }

    @inlinable @inline(__always)
    init(manager: ContainerManager, id: Int, flags: UInt64, factory: FactoryBody<P, T>) {
        self.manager = manager
        self.word = RegistrationWord.make(id: id, flags: flags)
        self.factory = factory
    }

    /// Making a factory is the container's first use when nothing touched it yet: `autoRegister()` runs here,
    /// while the container is surely alive. It runs before the factory's closure is stored: a call the
    /// optimizer cannot see into, between that store and the end of the caller's closure, would cost every
    /// getter a retain and a release of the closure's context.
    @inlinable @inline(__always)
    static func preparedManager(of container: any ManagedContainer) -> ContainerManager {
        let manager = container.manager
        manager.prepare(container)
        return manager
    }

    /// The factory's identity in every container and singleton scope.
    public var key: FactoryKey { FactoryKey(id: id) }

    /// The key's number: the index of the factory's slot.
    @inlinable package var id: Int { RegistrationWord.id(word) }

    @inlinable var pastOnce: Bool {
        get { word & RegistrationWord.pastOnce != 0 }
        set { word = newValue ? word | RegistrationWord.pastOnce : word & ~RegistrationWord.pastOnce }
    }

    /// Calls the factory's own definition, in whichever form it was written (see ``FactoryBody``).
    @inlinable @inline(__always)
    func callDefinition(_ parameters: P) -> T {
        factory.call(parameters, plain: word & RegistrationWord.plain != 0)
    }

    @inlinable var isPromise: Bool {
        get { word & RegistrationWord.promise != 0 }
        set { word = newValue ? word | RegistrationWord.promise : word & ~RegistrationWord.promise }
    }

    /// The name of the container that owns this factory, as messages spell it (see ``ContainerManager``).
    public var containerName: String { manager.ownerName }
}
