/// Where a Resolver-style wrapper's dependency comes from: the registration of its type (and name) in a
/// container, ``Resolver/root`` unless one is given.
struct ResolverSource<Service> {
    let name: Resolver.Name?
    let container: Resolver?

    /// Resolves the dependency; stops with Resolver's message when nothing is registered.
    func resolve(args: Any? = nil) -> Service {
        (container ?? Resolver.root).resolve(Service.self, name: name?.rawValue, args: args)
    }

    /// Resolves the dependency, or nil when nothing is registered.
    func optional(args: Any? = nil) -> Service? {
        (container ?? Resolver.root).optional(Service.self, name: name?.rawValue, args: args)
    }
}
