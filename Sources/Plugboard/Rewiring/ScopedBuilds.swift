/// What each instance a container's scopes keep (cached, shared, custom scopes) was built from: the factories
/// its build resolved, at any depth, in this container or another. A profile reload drops only the kept
/// instances that its changes reach, and keeps the others (a to-do list in memory, a connection pool).
///
/// Recorded in the store that keeps the instance, once per build: a hit pays nothing, and a container's
/// records go away with it.
@usableFromInline
enum ScopedBuilds {
    /// Records in `store` that factory `id`'s instance was built from what `frames` resolved.
    @usableFromInline
    static func record(in store: SlotStore, _ id: Int, from frames: [ResolutionTracker.Frame]) {
        store.recordBuild(id, from: frames.map(ResolvedFactory.init))
    }
}
