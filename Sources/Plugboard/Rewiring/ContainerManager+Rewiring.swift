/// Rewiring a container: one factory in one write, a container's changes published together, and a
/// reload's writes made one wiring epoch over every container it lists.
extension ContainerManager {
    /// The wiring factory `id` has now.
    package func wiring(of id: Int) -> FactoryWiring {
        ReadSection.read { slots.withFields(id) { FactoryWiring($0) } }
    }

    /// Sets factory `id`'s wiring to `baseline` with `edit` made over it, in one write, and drops what its
    /// scope kept (into `dropping`, when it names the factory): a resolution sees the old wiring or the new
    /// one, never the code's in between.
    /// What the program wrote to the factory since it was last rewired is taken into `baseline` first (see
    /// ``FactoryWiring/takeProgramWrites(in:)``), in the same write.
    package func rewire(
        _ id: Int, from baseline: inout FactoryWiring, _ edit: WiringEdit?, dropping: DroppedInstances? = nil
    ) {
        guard let dropping else {
            // No capture of the collector when there is none: the closure's context costs every rewire otherwise.
            slots.update(id) { fields in
                baseline.takeProgramWrites(in: fields)
                return Self.rewrite(&fields, to: baseline, edit)
            }
            return
        }
        let factory = ResolvedFactory(self, id: id)
        slots.update(id) { fields in
            if fields.scope?.kind != .singleton { dropping.take(fields, of: factory) }
            baseline.takeProgramWrites(in: fields)
            return Self.rewrite(&fields, to: baseline, edit)
        }
    }

    /// Sets factory `id`'s wiring to what it is now with `edit` made over it, in one write, and drops what its
    /// scope kept (into `dropping`, when it names the factory). Returns the wiring it had, for later
    /// ``rewire(_:from:_:dropping:)`` calls: a factory's first rewiring, which reads it in the same write.
    package func rewire(_ id: Int, _ edit: WiringEdit?, dropping: DroppedInstances? = nil) -> FactoryWiring {
        var taken: FactoryWiring?
        let factory = ResolvedFactory(self, id: id)
        slots.update(id) { fields in
            let baseline = FactoryWiring(fields)
            taken = baseline
            if let dropping, fields.scope?.kind != .singleton { dropping.take(fields, of: factory) }
            return Self.rewrite(&fields, to: baseline, edit)
        }
        return taken!
    }

    /// `fields` with `baseline`'s wiring and `edit` over it, and nothing kept.
    private static func rewrite(_ fields: inout SlotFields, to baseline: FactoryWiring, _ edit: WiringEdit?) -> Bool {
        fields.registration = baseline.registration
        fields.scope = baseline.scope
        fields.contexts = baseline.contexts
        fields.hasArgumentContexts = baseline.hasArgumentContexts
        // A definition taken out meanwhile is put back whole by the next resolution.
        fields.definitionApplied = fields.definitionApplied && baseline.definitionApplied
        edit?.change(&fields)
        fields.rewiredByProfile = .all
        fields.dropKeptInstancesForRewiring()
        return true
    }

    /// Runs `body`, whose writes on this thread make up the next wiring epoch of the containers `managers`
    /// manage: a resolution that started before reads the wiring as it was, in every container, until it
    /// returns (see ``WiringEpoch``); one that starts after `body` returns reads all of it. A scoped instance
    /// that an earlier resolution builds in one of those containers is returned to it but not kept, from the
    /// moment `body` starts, so that `body` may look for singletons built meanwhile. `body` returns false
    /// when it changed nothing (a refused reload).
    ///
    /// No container of `managers` is published over while a reset has it waiting for `autoRegister()`: its
    /// marked slots, linked behind the new states, would send a resolution that began before the reload to an
    /// `autoRegister()` that applies the new generation. So a container reset before the publication has its
    /// `autoRegister()` run first, on this thread, with no engine lock held (it applies the generation still
    /// running), and resets wait while the publication runs (see ``reset(options:)``). When a reset lands
    /// between the two, the publication is given up before `body` runs, and both are done again.
    package static func publishingEpoch(of managers: [ContainerManager], _ body: () -> Bool) {
        while true {
            for manager in managers where manager.awaitsAutoRegisterAfterReset { manager.awaitAutoRegister() }
            var resetMeanwhile = false
            WiringEpoch.publish(marking: managers.map(\.slots)) {
                if managers.contains(where: \.awaitsAutoRegisterAfterReset) {
                    resetMeanwhile = true
                    return false
                }
                return body()
            }
            if !resetMeanwhile { return }
        }
    }

    /// Runs `body`, publishing every change it makes to this container's factories together when it returns;
    /// `changes` is about how many factories it changes. Other threads' writes meanwhile are published at
    /// once; when one touches a factory `body` changed, `body` runs again over it (what it gave `dropping` the
    /// first time is taken back), so that its change lands last. Returns how many times `body` ran.
    @discardableResult
    package func publishingTogether(expecting changes: Int, dropping: DroppedInstances? = nil, _ body: () -> Void)
        -> Int
    {
        let mark = dropping?.dropped.count ?? 0
        return slots.stage(expecting: changes, rollback: { dropping?.takeBack(after: mark) }, body)
    }

    /// The wiring epoch that a container's `autoRegister()` running now on this thread must publish its wiring
    /// as of: the epoch the outermost resolution under way reads, or the visible one outside resolutions.
    package static var epochReadOnThisThread: UInt64 {
        ThreadResolutions.current._withUnsafeGuaranteedRef { tracker in
            tracker.depth > 0 ? tracker.state.pointee.epoch : WiringEpoch.visible.load(ordering: .acquiring)
        }
    }

    /// The epoch the publication under way on this thread makes, or 0: a reload records which generation it
    /// makes the running one at which epoch.
    package static var epochPublishedOnThisThread: UInt64 { WiringEpoch.writeStamp }

    /// The newest epoch that no resolution under way started before: nothing reads an older generation.
    package static var settledEpoch: UInt64 { WiringEpoch.settled.load(ordering: .acquiring) }

    /// Runs `body` with this thread's writes stamped with `epoch`, a reload's (0: unstamped): each state it
    /// publishes links to the one it replaces, which resolutions that started before that epoch keep reading,
    /// as a reload's writes do. For a container that applies the running generation after a reload made it so
    /// while an older resolution may still read (a new instance made inside it, or while the reload publishes):
    /// it applies the older generation first, then each newer one stamped with the epoch that made it running.
    /// What `body` replaces is held until `epoch` is visible, and retired as any write's from then on.
    package static func writing(asOf epoch: UInt64, _ body: () -> Void) {
        ThreadResolutions.current._withUnsafeGuaranteedRef { tracker in
            let stamp = tracker.state.pointee.writeStamp
            tracker.state.pointee.writeStamp = epoch
            body()
            tracker.state.pointee.writeStamp = stamp
        }
    }

    /// How many times a staged change runs when other threads' writes keep touching it: for tests.
    package static var stagingAttemptsForTests: Int { SlotStore.stagingAttempts }

    /// Runs on a reloading thread after each run of a container's staged changes, before they are published:
    /// for tests that write from another thread while a reload stages.
    package static var whileStaging: (() -> Void)? {
        get { SlotStore.whileStaged }
        set { SlotStore.whileStaged = newValue }
    }
}
