import CPlugboardThread

#if canImport(ObjectiveC)
    import ObjectiveC
#endif

extension ManagedContainer {
    /// Makes this container and its manager permanent, and returns the container: for the container a
    /// `static let` holds, which the program never frees anyway.
    ///
    /// Every resolution through a container retains its manager (the factory holds it), and through a
    /// task-local such as `Container.shared` the container too; when threads share the container, each of
    /// those writes is a cache line the cores take from each other. A permanent object's reference count
    /// is only read, so resolutions through it scale with cores (`Benchmarks/RESULTS.md`: two threads
    /// through `Container.shared` went from 0.5x to 1.9x one thread's rate). `Container.shared` is
    /// permanent already.
    ///
    /// ```swift
    /// public final class AppContainer: SharedContainer {
    ///     public static let shared = AppContainer().makePermanent()
    ///     public let manager = ContainerManager()
    /// }
    /// ```
    ///
    /// Call it as the container is made, before any other code holds it. The container and its manager are
    /// then never freed (what they keep is, by resets and reloads as usual). Where the Swift runtime cannot
    /// make an object permanent (before Swift 5.9, a 32-bit platform, an object something already holds
    /// weakly) it leaves it as it is: resolutions behave the same and cost what they did.
    ///
    /// - Returns: This container.
    @discardableResult
    public func makePermanent() -> Self {
        Permanence.make(self)
        Permanence.make(manager)
        return self
    }

    /// Whether this container and its manager are permanent (see ``makePermanent()``): false where the
    /// runtime left them as they were, so a program that counts on the scaling can check it took.
    public var isPermanent: Bool {
        Permanence.isPermanent(self) && Permanence.isPermanent(manager)
    }
}

/// Immortal objects, through the Swift runtime's `_swift_stdlib_immortalize` (looked up when first used,
/// so that a runtime without it leaves objects as they are).
enum Permanence {
    /// Makes `object` immortal when the runtime can; returns whether it is now.
    @discardableResult
    static func make(_ object: AnyObject) -> Bool {
        #if canImport(ObjectiveC)
            // An Objective-C object keeps its count elsewhere than a Swift object's header.
            if object is NSObject { return false }
        #endif
        let address = Unmanaged.passUnretained(object).toOpaque()
        if plugboard_is_permanent(address) { return true }
        guard plugboard_can_make_permanent(address) else { return false }
        // The runtime's fast release subtracts from the header before it looks for the immortal mark: with no
        // reference to spare it would carry into the mark and clear it. Its own immortal objects carry two.
        _ = Unmanaged.passUnretained(object).retain().retain()
        return plugboard_make_permanent(address)
    }

    /// Whether `object` is immortal.
    static func isPermanent(_ object: AnyObject) -> Bool {
        plugboard_is_permanent(Unmanaged.passUnretained(object).toOpaque())
    }
}
