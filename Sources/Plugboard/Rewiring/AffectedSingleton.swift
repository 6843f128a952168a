/// A singleton already built whose wiring, or something it was built from, a reload would change.
package struct AffectedSingleton: @unchecked Sendable {
    /// The singleton's factory, in the container that built it.
    package let factory: ResolvedFactory
    /// Every factory its build resolved.
    package let dependencies: Set<ResolvedFactory>
    let store: SlotStore

    /// Drops the instance, so the next resolution builds it with the new wiring; `dropping` takes it when it
    /// names the factory.
    package func drop(into dropping: DroppedInstances? = nil) {
        store.update(factory.id) { fields in
            dropping?.take(fields, of: factory)
            return fields.clearKeptInstances()
        }
        // The copies are in every container, most of which the reload does not change; a resolution that
        // started before reads the instance it replaced from the scope's store, stamped above.
        WiringEpoch.withoutStamp { SingletonMirrors.shared.dropAll() }
    }
}
