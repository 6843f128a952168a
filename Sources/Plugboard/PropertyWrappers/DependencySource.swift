/// Where a property wrapper's dependency comes from: a factory on a shared container (Factory's spelling,
/// `@Injected(\.service)`), or a ``Resolver`` registration found by the property's type (Resolver's spelling,
/// `@Injected var service: Service`). One wrapper serves both, so code written for either library compiles.
enum DependencySource<T> {
    case factory(() -> Factory<T>)
    case resolver(name: Resolver.Name?, container: Resolver?)

    /// Resolves the dependency (`args` go to a Resolver registration's factory).
    func resolve(args: Any? = nil) -> T {
        switch self {
        case .factory(let reference):
            return reference()()
        case .resolver(let name, let container):
            return (container ?? Resolver.root).resolve(T.self, name: name?.rawValue, args: args)
        }
    }

    /// Resolves the dependency, or nil when a Resolver registration is missing.
    func optional(args: Any? = nil) -> T? {
        switch self {
        case .factory(let reference):
            return reference()()
        case .resolver(let name, let container):
            return (container ?? Resolver.root).optional(T.self, name: name?.rawValue, args: args)
        }
    }

    /// The factory of a Factory-style wrapper. A Resolver-style one has none: asking for it stops the program.
    var factory: Factory<T> {
        guard case .factory(let reference) = self else {
            preconditionFailure(
                "Plugboard: a Resolver-style wrapper (@Injected var x: T) resolves through Resolver and has no Factory")
        }
        return reference()
    }

    /// Resets what `options` names on the factory (a Resolver-style wrapper has nothing to reset).
    func reset(_ options: FactoryResetOptions) {
        if case .factory(let reference) = self { reference().reset(options) }
    }
}
