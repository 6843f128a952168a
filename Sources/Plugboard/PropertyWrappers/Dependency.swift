/// Resolves `keyPath` on `Container.shared`: `let service = dependency(\.service)`.
///
/// - Parameter keyPath: The factory, as a property of the container.
/// - Returns: The instance, as the factory's scope gives it.
public func dependency<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
    Container.shared[keyPath: keyPath]()
}

/// Resolves `keyPath` on the shared instance of a container of your own.
///
/// - Parameter keyPath: The factory, as a property of the container.
/// - Returns: The instance, as the factory's scope gives it.
public func dependency<C: SharedContainer, T>(_ keyPath: KeyPath<C, Factory<T>>) -> T {
    C.shared[keyPath: keyPath]()
}

/// Resolves the parameter factory `keyPath` on `Container.shared` with `parameter`:
/// `let avatar = dependency(\.avatar, parameter: 64)`.
///
/// - Parameters:
///   - keyPath: The factory, as a property of the container.
///   - parameter: What the factory builds from.
/// - Returns: The instance, as the factory's scope gives it.
public func dependency<T, P>(_ keyPath: KeyPath<Container, ParameterFactory<P, T>>, parameter: P) -> T {
    Container.shared[keyPath: keyPath](parameter)
}

/// Resolves the parameter factory `keyPath` on the shared instance of a container of your own, with `parameter`.
///
/// - Parameters:
///   - keyPath: The factory, as a property of the container.
///   - parameter: What the factory builds from.
/// - Returns: The instance, as the factory's scope gives it.
public func dependency<C: SharedContainer, P, T>(_ keyPath: KeyPath<C, ParameterFactory<P, T>>, parameter: P) -> T {
    C.shared[keyPath: keyPath](parameter)
}

/// Resolves `keyPath` on `Container.shared`: `let service = resolve(\.service)` (Factory's spelling of
/// ``dependency(_:)-(KeyPath<Container,Factory<T>>)``).
///
/// - Parameter keyPath: The factory, as a property of the container.
/// - Returns: The instance, as the factory's scope gives it.
public func resolve<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
    Container.shared[keyPath: keyPath]()
}

/// Resolves `keyPath` on the shared instance of a container of your own (Factory's spelling).
///
/// - Parameter keyPath: The factory, as a property of the container.
/// - Returns: The instance, as the factory's scope gives it.
public func resolve<C: SharedContainer, T>(_ keyPath: KeyPath<C, Factory<T>>) -> T {
    C.shared[keyPath: keyPath]()
}
