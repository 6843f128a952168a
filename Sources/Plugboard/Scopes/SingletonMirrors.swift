/// The container slots that hold a copy of a singleton scope's instance (a mirror), so that a singleton hit is
/// served from the container's own published state like a cached one: no test-isolation check and no walk
/// through the scope's store on every hit.
///
/// A mirror is only ever a copy of what a scope's process store keeps, made while no test isolates
/// singletons. Whatever stops the store keeping an instance (``Scope/Singleton/reset()``, a `register` or a
/// `reset` of the factory, a build that replaces an expired instance) drops the mirrors after changing the
/// store, and isolating singletons drops them all. A mirror is made under the same lock, after checking that
/// the store still keeps the instance and no isolation is under way, so no mirror outlives what it copies.
/// `push()` saves states without mirrors. A copy of an instance that a reload's epoch stamped in the scope's
/// store is stamped with that epoch in the container too, linked to the state it replaces: a resolution that
/// began before the reload reads past it, to the instance of its own epoch, as it would in the store.
final class SingletonMirrors: @unchecked Sendable {
    static let shared = SingletonMirrors()

    /// One scope's instance of one factory.
    private struct Copied: Hashable {
        let scope: ObjectIdentifier
        let id: Int
    }

    /// Weak: a container's store lives as long as its manager, and the list must not keep it.
    private struct Holder {
        weak var store: SlotStore?
    }

    private let lock = PlatformLock()
    /// The stores holding a copy of each instance, by store: a store copies an instance once however often it
    /// resolves it, so dropping one instance's copies visits only the containers that made them.
    private var holders: [Copied: [ObjectIdentifier: Holder]] = [:]
    /// How many holders are listed, and when the list next forgets the stores that have gone.
    private var listed = 0
    private var pruneAt = 64

    private init() {}

    /// Copies the instance `scope`'s process store keeps for factory `id` into `container`'s slot for it,
    /// unless that slot changed since the caller read it at `cacheVersion`, or the slot's route is no longer the
    /// singleton one, or the instance is gone, or a test isolates singletons.
    func mirror(_ id: Int, of scope: Scope.Singleton, into container: SlotStore, cacheVersion: UInt64) {
        ReadSection.writing(under: lock) {
            guard scope.activeIsolations.load(ordering: .relaxed) == 0 else { return }
            let scopeID = ObjectIdentifier(scope)
            // The copy carries the stamp of the scope's state it copies: a reload may have replaced the singleton,
            // and a resolution that began before it must not take the new one from this container's hit.
            let (entry, stamp) = ReadSection.read { () -> (AnyObject?, UInt64) in
                guard let state = scope.processStore.state(id) else { return (nil, 0) }
                return state._withUnsafeGuaranteedRef { kept in
                    (kept.fields.cacheScope == scopeID ? kept.fields.cached : nil, kept.stamp)
                }
            }
            guard let entry, entry is WeakCachedInstance == false else { return }
            let made = container.update(id, builtAt: stamp) { fields in
                guard fields.cacheVersion == cacheVersion, fields.scope === scope, fields.cached == nil,
                    SlotState.Route(fields) == .singleton
                else { return false }
                fields.cached = entry
                fields.cacheScope = scopeID
                return true
            }
            guard made else { return }
            let previous = holders[Copied(scope: scopeID, id: id), default: [:]].updateValue(
                Holder(store: container), forKey: ObjectIdentifier(container))
            if previous == nil { listed += 1 }
            if listed >= pruneAt { prune() }
        }
    }

    /// Drops the copies of `scope`'s instance of factory `id`, or of all its instances when `id` is nil.
    /// Call after the scope's store stopped keeping them.
    func drop(_ id: Int?, of scope: Scope.Singleton) {
        let scopeID = ObjectIdentifier(scope)
        ReadSection.writing(under: lock) {
            if let id {
                dropLocked(Copied(scope: scopeID, id: id))
            } else {
                for copied in holders.keys where copied.scope == scopeID { dropLocked(copied) }
            }
        }
    }

    /// Drops every copy: a test is about to isolate singletons, and its task must not see the process's.
    func dropAll() {
        ReadSection.writing(under: lock) {
            for copied in holders.keys { dropLocked(copied) }
        }
    }

    /// Clears the copies of one instance from the slots that still hold them.
    private func dropLocked(_ copied: Copied) {
        guard let stores = holders.removeValue(forKey: copied) else { return }
        listed -= stores.count
        for holder in stores.values {
            holder.store?.update(copied.id) { fields in
                guard fields.cacheScope == copied.scope else { return false }
                return fields.clearKeptInstances()
            }
        }
    }

    /// Forgets the stores that have gone, once the list has doubled since it last did.
    private func prune() {
        for (copied, stores) in holders {
            let live = stores.filter { $0.value.store != nil }
            holders[copied] = live.isEmpty ? nil : live
        }
        listed = holders.values.reduce(0) { $0 + $1.count }
        pruneAt = max(64, listed * 2)
    }
}
