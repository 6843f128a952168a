/// The instances a reload's drops take out of the scopes of the factories it names, for their disposal
/// actions. Filled on the reloading thread, under the stores' locks; read once the reload has published.
package final class DroppedInstances: @unchecked Sendable {
    private let wanted: Set<ResolvedFactory>
    /// Each instance dropped, as the box its scope kept it in, with its factory.
    package private(set) var dropped: [(factory: ResolvedFactory, box: AnyObject)] = []

    /// Collects the instances of `wanted` (the factories that have a disposal action).
    package init(collecting wanted: Set<ResolvedFactory>) {
        self.wanted = wanted
    }

    /// Takes the instances `fields` keep strongly, when `factory` is wanted.
    func take(_ fields: borrowing SlotFields, of factory: ResolvedFactory) {
        guard wanted.contains(factory) else { return }
        for box in fields.strongKeptBoxes { dropped.append((factory, box)) }
    }

    /// Forgets what was taken after the first `count`: a staged change that runs again takes them again.
    func takeBack(after count: Int) {
        dropped.removeSubrange(count...)
    }

    /// The instance a scope kept in `box`, when it is a `T`.
    package static func instance<T>(in box: AnyObject, as _: T.Type) -> T? {
        (box as? CachedInstance<T>)?.value
    }
}
