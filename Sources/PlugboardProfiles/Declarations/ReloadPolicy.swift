import Plugboard

/// What a profile reload does to the instance a factory's scope keeps (a `cached` store, a singleton's pool)
/// when the change reaches it. Declared with ``Plugboard/Factory/reloading(_:dispose:)``.
public enum ReloadPolicy: Sendable, Equatable {
    /// Drops the instance when the factory's own entry changes, or one it was built from (at any depth): the
    /// next resolution builds it from the new wiring. What a factory without a declaration gets.
    case rebuild
    /// Keeps the instance when only what it was built from changes; drops it when the factory's own entry
    /// changes, since the profile then chooses another object. For an instance whose state must outlive a
    /// change of its collaborators (an in-memory list, an open pool), which reads them at each use.
    case keep
}

/// A factory's ``ReloadPolicy`` and disposal action, with the action's type erased: it is handed the box the
/// scope kept the instance in.
struct KeptInstanceReload: Sendable {
    let policy: ReloadPolicy
    let dispose: (@Sendable (AnyObject) async -> Void)?
}

extension Factory {
    /// Declares what a profile reload does to the instance this factory's scope keeps, and what is done with
    /// an instance it drops:
    ///
    /// ```swift
    /// applyProfile(
    ///     store.choices([
    ///         "memory": .make { MemoryStore() },
    ///         "postgres": .settings(PostgresStore.Settings.self) { PostgresStore(settings: $0) },
    ///     ]),
    ///     store.reloading(.rebuild) { old in await old.shutdown() }
    /// )
    /// ```
    ///
    /// `dispose` runs once for every instance a reload drops (not a `reset`, which is the program's own
    /// doing), in a task of its own, once no resolution that began before the reload is under way: until then,
    /// one of those may still be handed the old instance. An object a resolution handed out before is the
    /// holder's to stop using; `dispose` is for what the instance owns (a connection pool, a file handle).
    /// The `shared` scope keeps nothing of its own, so its instances are never handed to `dispose`.
    ///
    /// Declaring this lets profiles name the factory, as `choices(_:)` does, with no implementation to choose.
    ///
    /// - Parameters:
    ///   - policy: Whether a change to what the instance was built from drops it (``ReloadPolicy/rebuild``) or
    ///     keeps it (``ReloadPolicy/keep``).
    ///   - dispose: Run for each instance a reload drops; nil when there is nothing to release.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public func reloading(_ policy: ReloadPolicy, dispose: (@Sendable (T) async -> Void)? = nil)
        -> ProfileDeclaration
    {
        let erased = dispose.map { dispose in
            { @Sendable (box: AnyObject) async in
                if let instance = DroppedInstances.instance(in: box, as: T.self) { await dispose(instance) }
            }
        }
        return ProfileDeclaration(
            content: .factory(
                declaration(
                    implementations: [:], value: nil, reload: KeptInstanceReload(policy: policy, dispose: erased))))
    }
}
