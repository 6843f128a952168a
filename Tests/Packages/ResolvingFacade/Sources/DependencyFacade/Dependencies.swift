import Plugboard

/// The façade's one concrete type: both roles over any resolving container.
public final class Dependencies: DependencyRegistering, DependencyResolving {
    /// The protocols' `Resolver`, which is Factory's `Resolving`: any container that conforms.
    public let resolver: Resolver

    public init(resolver: Resolver = Container()) {
        self.resolver = resolver
    }

    /// Resets what `resolver` registered, as a test's tear-down does.
    public func reset() {
        resolver.manager.reset()
    }
}

/// A container of the package's own, resolving by type as `Container` does.
public final class FeatureContainer: SharedContainer, Resolving {
    public static let shared = FeatureContainer()
    public let manager = ContainerManager()
    public init() {}
}
