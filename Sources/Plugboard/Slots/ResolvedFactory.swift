/// One factory of one container instance, as build records and reloads name it: the serial of the container's
/// store and the factory's id. A serial, not an address: a freed container's address is soon a new one's, and
/// records that outlive it would then name the wrong container.
package struct ResolvedFactory: Hashable, Sendable {
    /// The ``SlotStore/serial`` of the container's store.
    let container: UInt64
    /// The factory's id (its key's).
    package let id: Int

    /// Factory `id` of the container managed by `manager`.
    package init(_ manager: ContainerManager, id: Int) {
        self.init(container: manager.slots.serial, id: id)
    }

    init(container: UInt64, id: Int) {
        self.container = container
        self.id = id
    }

    /// The factory a resolution frame names: its owner is the manager of the container it resolved in, alive
    /// while the frame is (the frames of a build under way).
    init(_ frame: ResolutionTracker.Frame) {
        self.init(
            container: Unmanaged<ContainerManager>.fromOpaque(frame.owner)._withUnsafeGuaranteedRef { $0.slots.serial },
            id: frame.id)
    }
}
