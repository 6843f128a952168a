/// Resolves `keyPath` on `Container.shared`: `let service = dependency(\.service)`.
public func dependency<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
    Container.shared[keyPath: keyPath]()
}

/// Resolves `keyPath` on the shared instance of a container of your own.
public func dependency<C: SharedContainer, T>(_ keyPath: KeyPath<C, Factory<T>>) -> T {
    C.shared[keyPath: keyPath]()
}

/// Resolves `keyPath` on `Container.shared`: `let service = resolve(\.service)` (Factory's spelling of
/// ``dependency(_:)-(KeyPath<Container,Factory<T>>)``).
public func resolve<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
    Container.shared[keyPath: keyPath]()
}

/// Resolves `keyPath` on the shared instance of a container of your own (Factory's spelling).
public func resolve<C: SharedContainer, T>(_ keyPath: KeyPath<C, Factory<T>>) -> T {
    C.shared[keyPath: keyPath]()
}
