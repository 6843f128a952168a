/// What each singleton was built from: the factories its build resolved, at any depth, and the container
/// that built it. A profile reload asks it which singletons already built would be changed under their
/// holders (their own wiring, or a dependency's), to refuse the reload or replace them.
///
/// Recorded once per build, which a singleton has once per process (or per reset): no resolution of an
/// instance already built pays anything.
@usableFromInline
final class SingletonBuilds: @unchecked Sendable {
    static let shared = SingletonBuilds()

    /// One build: the store holding the instance, what built it, and what it resolved.
    struct Build {
        weak var store: SlotStore?
        let singleton: ResolvedFactory
        let dependencies: Set<ResolvedFactory>
    }

    /// A build's place: the store that holds the instance, and the factory's id.
    struct Place: Hashable {
        let store: ObjectIdentifier
        let id: Int
    }

    private let lock = PlatformLock()
    private var builds: [Place: Build] = [:]

    /// Records that the singleton of factory `id` of `owner`, kept in `store`, was built from what `frames`
    /// resolved.
    @usableFromInline
    static func record(
        in store: SlotStore, _ id: Int, owner: ContainerManager, from frames: [ResolutionTracker.Frame]
    ) {
        let build = Build(
            store: store, singleton: ResolvedFactory(owner, id: id), dependencies: Set(frames.map(ResolvedFactory.init))
        )
        shared.lock.withLock { shared.builds[Place(store: ObjectIdentifier(store), id: id)] = build }
        owner.slots.joinRecordingStores()
    }

    /// Whether any build was recorded.
    var hasBuilds: Bool {
        lock.withLock { !builds.isEmpty }
    }

    /// Every singleton still held, with what its build resolved: what a picture of the running wiring draws.
    var held: [(singleton: ResolvedFactory, dependencies: Set<ResolvedFactory>)] {
        let candidates = lock.withLock { Array(builds.values) }
        return candidates.compactMap { build in
            guard let store = build.store,
                ReadSection.read({ store.withFields(build.singleton.id) { $0.cached != nil } })
            else { return nil }
            return (build.singleton, build.dependencies)
        }
    }

    /// The singletons still held whose own factory or any dependency `changed` says is changed. Asks about
    /// what the singletons resolved, not about every change: a reload may rewire a thousand factories.
    func affected(where changed: (ResolvedFactory) -> Bool) -> [(build: Build, store: SlotStore)] {
        let candidates = lock.withLock { Array(builds.values) }
        var found: [(Build, SlotStore)] = []
        for build in candidates {
            guard let store = build.store, changed(build.singleton) || build.dependencies.contains(where: changed)
            else { continue }
            let held = ReadSection.read { store.withFields(build.singleton.id) { $0.cached != nil } }
            if held { found.append((build, store)) }
        }
        return found
    }
}
