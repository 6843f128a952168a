/// What a reload drops of what the containers' scopes keep: the instances its change reaches, worked out from
/// the builds the containers recorded, and the singletons already built that it would affect.
extension ContainerManager {
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
            fields.dropKeptInstancesForRewiring()
        }
        guard let reached, slots.hasRecordedBuilds else {
            // Nothing recorded here, or no change that could reach a record: every kept instance goes.
            if kept.isEmpty && dropping == nil {
                slots.updateAll(where: \.keepsInstances) { $0.dropKeptInstancesForRewiring() }
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
                        fields.dropKeptInstancesForRewiring()
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

    /// What each kept instance, in every container that recorded a build, was built from: every build
    /// recorded since its container was made, including those of instances dropped since.
    package static var keptBuilds: [(built: ResolvedFactory, from: [ResolvedFactory])] {
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
        return builds
    }

    /// Every singleton still held, with what its build resolved.
    package static var singletonBuilds: [(singleton: ResolvedFactory, dependencies: Set<ResolvedFactory>)] {
        SingletonBuilds.shared.held
    }

    /// Whether factory `id`'s scope keeps an instance here now (or a copy of a singleton's): read without a
    /// lock, so that asking never waits for a resolution or a reload.
    package func keepsInstance(_ id: Int) -> Bool {
        ReadSection.read { slots.withFields(id) { $0.keepsInstances } }
    }

    /// The factories whose kept instances a change of `changed` reaches, in every container that recorded a
    /// build: the changed ones, and every one whose instance was built from one reached, at any depth and in
    /// any container (a cached instance built from another cached one that was built from a changed factory).
    /// A factory in `kept` is reached only when `changed` names it: its instance stays whatever it was built
    /// from, and what was built from it is reached only through another path.
    package static func keptInstancesReached(
        by changed: Set<ResolvedFactory>, keeping kept: Set<ResolvedFactory> = []
    ) -> Set<ResolvedFactory> {
        let builds = keptBuilds
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
