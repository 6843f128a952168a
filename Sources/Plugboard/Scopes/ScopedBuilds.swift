/// What each instance a container's scopes keep (cached, shared, custom scopes) was built from: the factories
/// its build resolved, at any depth, in this container or another. A profile reload drops only the kept
/// instances that its changes reach, and keeps the others (a to-do list in memory, a connection pool).
///
/// Recorded in the store that keeps the instance, once per build: a hit pays nothing, and a container's
/// records go away with it.
@usableFromInline
enum ScopedBuilds {
    /// Builds with `make`, recording in `store` what it resolves as what factory `id`'s instance was built from.
    @usableFromInline
    static func recording<T>(in store: SlotStore, _ id: Int, _ make: () -> T) -> T {
        let (instance, frames) = ThreadResolutions.current._withUnsafeGuaranteedRef {
            $0.recordingDependencies(make)
        }
        store.recordBuild(
            id, from: Set(frames.map { SingletonBuilds.Resolved(owner: UInt(bitPattern: $0.owner), id: $0.id) }))
        return instance
    }
}
