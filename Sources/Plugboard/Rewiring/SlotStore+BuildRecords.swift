/// What each kept instance of a store was built from, which a reload works out what its change reaches from.
extension SlotStore {
    /// Records that factory `id`'s instance was built from `dependencies`, beside what its earlier builds were
    /// built from: an instance cached per parameter, or one rebuilt after a reset, may have read other
    /// factories, and the instances kept may be any of them.
    func recordBuild(_ id: Int, from dependencies: [ResolvedFactory]) {
        let first = buildsLock.withLock {
            builds[id, default: []].formUnion(dependencies)
            defer { recordsBuilds = true }
            return !recordsBuilds
        }
        // Outside `buildsLock`: a reload reads the records under the registry's lock.
        if first { RecordingStores.shared.add(self) }
    }

    /// Puts this store among the ``RecordingStores`` with no record: the container built a singleton, so a
    /// reload that reaches it marks the container (see ``WiringEpoch/mark(_:)``).
    func joinRecordingStores() {
        let first = buildsLock.withLock {
            defer { recordsBuilds = true }
            return !recordsBuilds
        }
        if first { RecordingStores.shared.add(self) }
    }

    /// Runs `body` with what each instance built here was built from, by factory id, under the records' lock:
    /// `body` copies what it needs, and lets no part of them out (a record shared with another thread would
    /// be changed in place by the next build).
    func withRecordedBuilds<R>(_ body: (borrowing [Int: Set<ResolvedFactory>]) -> R) -> R {
        buildsLock.withLock { body(builds) }
    }

    /// Whether any build here was recorded.
    var hasRecordedBuilds: Bool {
        buildsLock.withLock { !builds.isEmpty }
    }
}
