/// What a reset clears, on one factory (`factory.reset(.scope)`) or a whole container (`manager.reset(options:)`).
public enum FactoryResetOptions: Sendable {
    /// Registrations, contexts, scope settings, decorators and cached instances.
    case all
    /// Nothing.
    case none
    /// Registered closures: the factory's own definition applies again. Cached instances stay.
    case registration
    /// Context overrides.
    case context
    /// Cached instances (the scope caches), leaving registrations intact.
    case scope
}
