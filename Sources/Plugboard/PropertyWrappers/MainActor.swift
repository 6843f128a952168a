extension Factory {
    /// Resolves a factory of a main-actor type from main-actor code.
    ///
    /// Resolution itself is synchronous and thread-safe; this spelling states that the instance is made
    /// (and used) on the main actor, where its initializer may touch main-actor state.
    ///
    /// - Returns: The instance, as the factory's scope gives it.
    @MainActor
    public func resolveOnMainActor() -> T {
        registration.resolve(())
    }
}

extension ParameterFactory {
    /// Resolves a parameter factory of a main-actor type from main-actor code.
    ///
    /// - Parameter parameters: What the factory's closure is given.
    /// - Returns: The instance, as the factory's scope gives it.
    @MainActor
    public func resolveOnMainActor(_ parameters: P) -> T {
        registration.resolve(parameters)
    }

    /// Resolves a parameter factory on `actor` (see ``Factory/resolveOnGlobalActor(_:)``).
    ///
    /// - Parameters:
    ///   - actor: The global actor the factory's closure is isolated to.
    ///   - parameters: What the factory's closure is given.
    /// - Returns: The instance, as the factory's scope gives it.
    public func resolveOnGlobalActor(_ actor: isolated some Actor, parameters: P) -> T {
        registration.resolve(parameters)
    }
}

extension Factory {
    /// Resolves on `actor`, for a factory isolated to a global actor other than the main actor:
    /// `await Container.shared.dataManager.resolveOnGlobalActor(BackgroundActor.shared)`.
    ///
    /// The call runs on `actor` (its `isolated` parameter), so awaiting it from other code hops there first.
    /// Pass the actor the factory's closure is isolated to: the factory does not carry that isolation, so the
    /// compiler cannot check it.
    ///
    /// - Parameter actor: The global actor the factory's closure is isolated to.
    /// - Returns: The instance, as the factory's scope gives it.
    public func resolveOnGlobalActor(_ actor: isolated some Actor) -> T {
        registration.resolve(())
    }
}
