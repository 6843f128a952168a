// What a profile reload (PlugboardProfiles) needs from the engine: to put a factory's wiring back as the
// code made it and set the new one in a single write, to publish a whole container's changes together, to
// drop what scopes keep, and to know which singletons already built a change would affect.

/// What a profile may set on one factory: its registration, scope and context overrides. A reload keeps the
/// wiring the code made (before any profile applied) and rebuilds each changed factory's from it.
package struct FactoryWiring: @unchecked Sendable {
    var registration: AnyObject?
    var scope: Scope?
    var contexts = ContextOverrides()
    var hasArgumentContexts = false
    var definitionApplied = false

    init(_ fields: SlotFields) {
        registration = fields.registration
        scope = fields.scope
        contexts = fields.contexts
        hasArgumentContexts = fields.hasArgumentContexts
        definitionApplied = fields.definitionApplied
    }

    /// What tells two factories' wiring apart in a test of two containers: whether a registration is set, the
    /// scope, and how many contexts are overridden (closures made by two containers are never the same object).
    package var shape: String {
        let scope = self.scope.map { "\($0.kind) #\($0.serial)" } ?? "none"
        let registered = registration == nil ? "definition" : "registered"
        return "\(registered), scope \(scope), \(contexts.entries.count) contexts"
    }

    /// Takes from `fields` what the program wrote since a profile last rewired them (a `register` after the
    /// launch, or one that collided with a reload's stage): that is now the code's wiring, which the factory
    /// gets back once the profiles stop naming it.
    mutating func takeProgramWrites(in fields: borrowing SlotFields) {
        let kept = fields.rewiredByProfile
        guard kept != .all else { return }
        if !kept.contains(.registration) {
            registration = fields.registration
            definitionApplied = fields.definitionApplied
        }
        if !kept.contains(.scope) { scope = fields.scope }
        if !kept.contains(.contexts) {
            contexts = fields.contexts
            hasArgumentContexts = fields.hasArgumentContexts
        }
    }
}

/// A change to a factory's wiring, made by typed code (its closures boxed as the factory's resolutions read them).
/// Plain values rather than a closure over them: a reload makes one per factory it rewires.
package struct WiringEdit: @unchecked Sendable {
    /// The registration's box (nil keeps the code's).
    let registration: AnyObject?
    /// The scope (nil keeps the code's).
    let scope: Scope?
    /// Context overrides, each closure boxed.
    let contexts: [(FactoryContextType, AnyObject)]

    /// Makes the change to `fields`.
    func change(_ fields: inout SlotFields) {
        if let registration { fields.registration = registration }
        if let scope { fields.scope = scope }
        for (context, box) in contexts { fields.setContext(context, box) }
    }
}

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

extension FactoryRegistration {
    /// The edit that sets `registration` (nil keeps the code's), `scope` and context overrides, each closure
    /// boxed by a ``ClosureBoxing`` of this factory's `P` and `T`. Boxed and erased before they get here: a
    /// generic list or capture of closures of `P` and `T` costs a metadata lookup at run time, for every entry
    /// a reload rewires.
    package func wiringEdit(registration: AnyObject?, scope: Scope?, contexts: [(FactoryContextType, AnyObject)])
        -> WiringEdit
    {
        assert(
            (registration.map { $0 is ClosureBox<P, T> } ?? true) && contexts.allSatisfy { $0.1 is ClosureBox<P, T> },
            "a box made for another factory type")
        return WiringEdit(registration: registration, scope: scope, contexts: contexts)
    }

    /// The factory's id, for ``ContainerManager/wiring(of:)`` and ``ContainerManager/rewire(_:from:_:)``.
    package var slotID: Int { id }
}

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
        fields.clearCache()
        return true
    }

    /// Runs `body`, whose writes on this thread make up the next wiring epoch of the containers `managers`
    /// manage: a resolution that started before reads the wiring as it was, in every container, until it
    /// returns (see ``WiringEpoch``); one that starts after `body` returns reads all of it. A scoped instance
    /// that an earlier resolution builds in one of those containers is returned to it but not kept, from the
    /// moment `body` starts, so that `body` may look for singletons built meanwhile. `body` returns false
    /// when it changed nothing (a refused reload).
    package static func publishingEpoch(of managers: [ContainerManager], _ body: () -> Bool) {
        WiringEpoch.publish(marking: managers.map(\.slots), body)
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

    /// How many times a staged change runs when other threads' writes keep touching it: for tests.
    package static var stagingAttemptsForTests: Int { SlotStore.stagingAttempts }

    /// Runs on a reloading thread after each run of a container's staged changes, before they are published:
    /// for tests that write from another thread while a reload stages.
    package static var whileStaging: (() -> Void)? {
        get { SlotStore.whileStaged }
        set { SlotStore.whileStaged = newValue }
    }

    /// Drops the instances this container's scopes keep (singletons aside, which the process keeps) that
    /// `reached` names, and any whose build was not recorded (every one, when `reached` is nil), except those
    /// of the factories `kept` names. `dropping` takes the instances of the factories it names. Call inside
    /// ``publishingEpoch(of:_:)``, whose mark on the container keeps a build under way from storing an
    /// instance made from the old wiring.
    package func dropKeptInstances(
        reachedBy reached: Set<ResolvedFactory>?, keeping kept: Set<Int> = [], dropping: DroppedInstances? = nil
    ) {
        let drop: (Int, inout SlotFields) -> Void = { id, fields in
            if let dropping, fields.scope?.kind != .singleton {
                dropping.take(fields, of: ResolvedFactory(self, id: id))
            }
            fields.clearCache()
        }
        guard let reached, slots.hasRecordedBuilds else {
            // Nothing recorded here, or no change that could reach a record: every kept instance goes.
            if kept.isEmpty && dropping == nil {
                slots.updateAll(where: \.keepsInstances) { $0.clearCache() }
            } else {
                slots.updateAll(ids: { !kept.contains($0) }, where: \.keepsInstances, drop)
            }
            return
        }
        let recorded = slots.withRecordedBuilds { Set($0.keys) }
        slots.updateAll(
            ids: { !kept.contains($0) && (reached.contains(ResolvedFactory(self, id: $0)) || !recorded.contains($0)) },
            where: \.keepsInstances, drop)
    }

    /// Drops, in every container that recorded a build but those whose store serials `listed` names, the kept
    /// instances of the factories `reached` names but those `kept` names, into `dropping` for those it names:
    /// a handler's container, which no profile lists, caching an instance built from a listed one. Call inside
    /// ``publishingEpoch(of:_:)``, after ``markContainers(holding:)`` of the same `reached`.
    package static func dropReachedKeptInstances(
        _ reached: Set<ResolvedFactory>, outside listed: Set<UInt64>, keeping kept: Set<ResolvedFactory>,
        dropping: DroppedInstances?
    ) {
        let containers = Set(reached.lazy.map(\.container)).subtracting(listed)
        guard !containers.isEmpty else { return }
        RecordingStores.shared.withEach { stores in
            for serial in containers {
                guard let store = stores[serial] else { continue }
                store._withUnsafeGuaranteedRef { store in
                    store.updateAll(
                        ids: {
                            let factory = ResolvedFactory(container: serial, id: $0)
                            return reached.contains(factory) && !kept.contains(factory)
                        }, where: \.keepsInstances
                    ) { id, fields in
                        dropping?.take(fields, of: ResolvedFactory(container: serial, id: id))
                        fields.clearCache()
                    }
                }
            }
        }
    }

    /// Whether any container recorded what a kept instance was built from: when none did, a reload has nothing
    /// to tell apart, and drops every kept instance without working out what it reaches.
    package static var anyKeptBuildRecorded: Bool {
        RecordingStores.shared.withEach { stores in
            stores.values.contains { $0._withUnsafeGuaranteedRef(\.hasRecordedBuilds) }
        }
    }

    /// The factories whose kept instances a change of `changed` reaches, in every container that recorded a
    /// build: the changed ones, and every one whose instance was built from one reached, at any depth and in
    /// any container (a cached instance built from another cached one that was built from a changed factory).
    /// A factory in `kept` is reached only when `changed` names it: its instance stays whatever it was built
    /// from, and what was built from it is reached only through another path.
    package static func keptInstancesReached(
        by changed: Set<ResolvedFactory>, keeping kept: Set<ResolvedFactory> = []
    ) -> Set<ResolvedFactory> {
        // Copied out under each store's lock: the records' sets are changed in place by later builds.
        var builds: [(built: ResolvedFactory, from: [ResolvedFactory])] = []
        RecordingStores.shared.withEach { stores in
            for (serial, store) in stores {
                store._withUnsafeGuaranteedRef { store in
                    store.withRecordedBuilds { records in
                        for (id, from) in records {
                            builds.append((ResolvedFactory(container: serial, id: id), Array(from)))
                        }
                    }
                }
            }
        }
        var reached = changed
        var grew = true
        while grew {
            grew = false
            for build in builds
            where !reached.contains(build.built) && !kept.contains(build.built)
                && build.from.contains(where: reached.contains)
            {
                reached.insert(build.built)
                grew = true
            }
        }
        return reached
    }

    /// Marks, in the publication under way on this thread, every container that holds a factory of `reached`
    /// and recorded a build, as ``publishingEpoch(of:_:)`` marks those it names: a build under way that
    /// resolved from one of them is handed out, not kept. Returns whether it marked a container that `marks`
    /// did not hold: builds recorded meanwhile may reach further, so the reach is worked out again.
    package static func markContainers(holding reached: Set<ResolvedFactory>, into marks: inout ContainerMarks)
        -> Bool
    {
        let containers = Set(reached.lazy.map(\.container)).subtracting(marks.containers)
        guard !containers.isEmpty else { return false }
        marks.containers.formUnion(containers)
        RecordingStores.shared.withEach { stores in
            for serial in containers {
                guard let store = stores[serial] else { continue }
                if let earlier = store._withUnsafeGuaranteedRef({ WiringEpoch.mark($0) }) {
                    marks.earlier.append((serial, earlier))
                }
            }
        }
        return true
    }

    /// Takes back the marks of ``markContainers(holding:into:)``: the publication publishes nothing.
    package static func unmarkContainers(_ marks: ContainerMarks) {
        RecordingStores.shared.withEach { stores in
            for (serial, earlier) in marks.earlier.reversed() {
                stores[serial]?._withUnsafeGuaranteedRef { WiringEpoch.unmark($0, to: earlier) }
            }
        }
    }

    /// The singletons already built that a change would affect: those whose own factory, or any factory they
    /// resolved while being built, `changed` says is changed.
    package static func singletonsAffected(where changed: (ResolvedFactory) -> Bool) -> [AffectedSingleton] {
        SingletonBuilds.shared.affected(where: changed).map { found in
            AffectedSingleton(
                factory: found.build.singleton, dependencies: found.build.dependencies, store: found.store)
        }
    }

    /// Whether any singleton's build was recorded in this process (and its container still holds it or not).
    package static var anySingletonBuilt: Bool {
        SingletonBuilds.shared.hasBuilds
    }

    /// The name of the factory with id `id` (`store`).
    package static func factoryName(of id: Int) -> String {
        FactoryKeyRegistry.shared.name(of: id)
    }
}

/// The containers a publication marked as it found them (see ``ContainerManager/markContainers(holding:into:)``).
package struct ContainerMarks {
    /// Every container considered, by store serial: those the publication names to begin with, and those found.
    var containers: Set<UInt64>
    /// The containers the publication names.
    package let listed: Set<UInt64>
    /// What each container found had before its mark.
    var earlier: [(container: UInt64, epoch: UInt64)] = []

    /// Marks that begin with the containers `managers` manage, which the publication marks itself.
    package init(_ managers: [ContainerManager]) {
        listed = Set(managers.map(\.slots.serial))
        containers = listed
    }
}

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

extension ContainerManager {
    /// How many replaced states (and the instances they kept) wait for resolutions that began before they were
    /// replaced to finish: the reload metrics' retired-states gauge.
    package static var retiredWaiting: Int { ReadSection.shared.waiting }

    /// Frees the replaced states that no resolution under way can still read.
    package static func collectRetired() {
        ReadSection.shared.collect()
    }

    /// Releases `object` once every resolution under way now has returned: a resolution that began before a
    /// reload may still be handed the instances the reload dropped, until then. Its `deinit` runs on the
    /// thread that frees it (a writer, or ``collectRetired()``), never inside a resolution.
    package static func releaseAfterResolutionsUnderWay(_ object: AnyObject) {
        ReadSection.shared.retire(Unmanaged.passRetained(object))
    }
}
