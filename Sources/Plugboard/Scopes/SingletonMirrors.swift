/// The container slots that hold a copy of a singleton scope's instance (a mirror), so that a singleton hit is
/// served from the container's own published state like a cached one: no test-isolation check and no walk
/// through the scope's store on every hit.
///
/// A mirror is only ever a copy of what a scope's process store keeps, made while no test isolates
/// singletons. Whatever stops the store keeping an instance (``Scope/Singleton/reset()``, a `register` or a
/// `reset` of the factory) drops the mirrors after changing the store, and isolating singletons drops them
/// all; a mirror is made under the same lock, after checking that the store still keeps the instance and no
/// isolation is under way, so no mirror outlives what it copies. `push()` saves states without mirrors.
final class SingletonMirrors: @unchecked Sendable {
    static let shared = SingletonMirrors()

    /// The mirrors in one container's store, by factory id, with the scope each copies.
    private final class MirroringStore {
        /// Weak: a container's store lives as long as its manager, and the list must not keep it.
        weak var store: SlotStore?
        var scopes: [Int: ObjectIdentifier] = [:]

        init(_ store: SlotStore) { self.store = store }
    }

    private let lock = PlatformLock()
    private var stores: [ObjectIdentifier: MirroringStore] = [:]
    /// When the list next drops the entries of stores that have gone.
    private var pruneAt = 64

    private init() {}

    /// Copies the instance `scope`'s process store keeps for factory `id` into `container`'s slot for it,
    /// unless that slot changed since the caller read it at `generation`, or the slot's route is no longer the
    /// singleton one, or the instance is gone, or a test isolates singletons.
    func mirror(_ id: Int, of scope: Scope.Singleton, into container: SlotStore, generation: UInt64) {
        lock.withLock {
            guard scope.activeIsolations.pointee.load(ordering: .relaxed) == 0 else { return }
            let scopeID = ObjectIdentifier(scope)
            let entry = ReadSection.read {
                scope.processStore.withFields(id) { kept in kept.cacheScope == scopeID ? kept.cached : nil }
            }
            guard let entry, entry is WeakCachedInstance == false else { return }
            let made = container.update(id) { fields in
                guard fields.generation == generation, fields.scope === scope, fields.cached == nil,
                    SlotState.Route(fields) == .singleton
                else { return false }
                fields.cached = entry
                fields.cacheScope = scopeID
                return true
            }
            guard made else { return }
            let key = ObjectIdentifier(container)
            if let known = stores[key], known.store === container {
                known.scopes[id] = scopeID
            } else {
                let added = MirroringStore(container)
                added.scopes[id] = scopeID
                stores[key] = added
                pruneIfDue()
            }
        }
    }

    /// Drops the mirrors of `scope`'s instance for factory `id`, or of all its instances when `id` is nil.
    /// Call after the scope's store stopped keeping them.
    func drop(_ id: Int?, of scope: Scope.Singleton) {
        let scopeID = ObjectIdentifier(scope)
        lock.withLock {
            dropLocked { mirroredID, mirroredScope in
                mirroredScope == scopeID && (id == nil || id == mirroredID)
            }
        }
    }

    /// Drops every mirror: a test is about to isolate singletons, and its task must not see the process's.
    func dropAll() {
        lock.withLock { dropLocked { _, _ in true } }
    }

    /// Clears each mirror that `matches` picks from its container's slot, if the slot still holds it.
    private func dropLocked(where matches: (Int, ObjectIdentifier) -> Bool) {
        for (key, mirroring) in stores {
            guard let store = mirroring.store else {
                stores[key] = nil
                continue
            }
            for (id, scopeID) in mirroring.scopes where matches(id, scopeID) {
                mirroring.scopes[id] = nil
                store.update(id) { fields in
                    guard fields.cacheScope == scopeID, fields.cached != nil else { return false }
                    fields.cached = nil
                    fields.cacheScope = nil
                    return true
                }
            }
            if mirroring.scopes.isEmpty { stores[key] = nil }
        }
    }

    /// Forgets the stores that have gone, once the list has doubled since it last did.
    private func pruneIfDue() {
        guard stores.count >= pruneAt else { return }
        stores = stores.filter { $0.value.store != nil }
        pruneAt = max(64, stores.count * 2)
    }
}
