/// The default container. Define factories in extensions of it:
///
/// ```swift
/// extension Container {
///     var analytics: Factory<Analytics> { self { ConsoleAnalytics() }.singleton }
/// }
/// let analytics = Container.shared.analytics()
/// ```
///
/// `shared` is task-local: `Container.$shared.withValue(Container()) { ... }` gives a piece of work (a test)
/// a container of its own. `PlugboardTesting`'s `.container` trait does this for you.
public final class Container: SharedContainer {
    /// The shared container; task-local, so a test can replace it for itself only. Permanent (see
    /// ``ManagedContainer/makePermanent()``): threads that resolve through it never write its reference count.
    @TaskLocal public static var shared = Container().makePermanent()

    /// Keeps this container's registrations, caches and settings.
    public let manager = ContainerManager()

    /// Creates an empty container, for passing to the code that needs it or for a test.
    public init() {}
}
