import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// The one way profiles change a container instance's wiring, at launch and at every reload: a factory gets
/// the wiring the code made with its checked entry over it, in one write, or the code's wiring back when the
/// profiles no longer name it. The launch rewires from the code's wiring as it finds it, and keeps it for the
/// reloads, which rewire from the same.
struct ContainerRewiring {
    let manager: ContainerManager
    let live: LiveDeclarations
    /// The custom scopes a profile's `scope` may name.
    var scopes: [String: Scope]
    /// Per factory id, the code's wiring, taken the first time the factory is rewired.
    var baselines: [Int: FactoryWiring]
    /// Takes the instances dropped from the scopes of factories that have a disposal action (a reload's).
    let dropping: DroppedInstances?

    init(
        _ container: any ManagedContainer, _ live: LiveDeclarations, scopes: [String: Scope],
        baselines: [Int: FactoryWiring] = [:], dropping: DroppedInstances? = nil
    ) {
        manager = container.manager
        self.live = live
        self.scopes = scopes
        self.baselines = baselines
        self.dropping = dropping
    }

    /// Factory `key`'s wiring: the code's, with the entry at `position` of `plan` over it (none: the code's).
    mutating func rewire(_ key: String, toEntryAt position: Int?, of plan: [CheckedEntry<PreparedClosure>]) {
        guard let declaration = live.factories[key] else { return }
        let id = declaration.slotID
        // The entry is read in place: copying it retained each of its closures.
        let edit = position.map { position in
            declaration.edit(
                plan[position].registration, plan[position].scope.flatMap { scopes[$0] },
                plan[position].contexts.isEmpty
                    ? [] : plan[position].contexts.map { (FactoryContextType($0.context), $0.closure) })
        }
        if let index = baselines.index(forKey: id) {
            // In place: a copy of the baseline, taken and put back, cost a reload of a thousand entries 10%.
            manager.rewire(id, from: &baselines.values[index], edit, dropping: dropping)
        } else {
            // The first time: the code's wiring is what the factory has, read in the same write.
            baselines[id] = manager.rewire(id, edit, dropping: dropping)
        }
    }

    /// Sets every entry of `plan`: a launch's. Published factory by factory: no resolution of the container
    /// runs yet (the program's launch comes before its first use, and a container made later applies them in
    /// its `autoRegister()`, which its resolutions wait for), so there is nothing to publish together for.
    mutating func rewireAll(_ plan: [CheckedEntry<PreparedClosure>]) {
        // Each entry adds its factory's baseline: room for all at once, not a rehash at every doubling.
        baselines.reserveCapacity(baselines.count + plan.count)
        for position in plan.indices { rewire(plan[position].key, toEntryAt: position, of: plan) }
    }
}
