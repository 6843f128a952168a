extension ProfileSystem {
    /// The active profiles' names, in the order they apply.
    @available(*, deprecated, message: "read ProfileSystem.current?.selection.names, the running generation's")
    public static var activeProfiles: [String] {
        current?.selection.names ?? []
    }

    /// The applied generations: the running one first, then each new one. A reader that falls behind gets the
    /// newest, not a queue. Finishes at once when there is no launch to reload.
    @available(
        *, deprecated,
        message: "read ProfileSystem.current, and await ProfileSystem.reloadOutcomes for each applied reload"
    )
    public static var generations: AsyncStream<ProfileGeneration> {
        reloader?.generationUpdates() ?? AsyncStream { $0.finish() }
    }

    /// The process's watcher of the launch's files (the same one on every call), which reloads after they
    /// change once its ``ProfileWatcher/run()`` runs in a task.
    ///
    /// - Returns: The watcher; before a launch, one with nothing to watch.
    @available(*, deprecated, message: "call ProfileSystem.watchProfiles() in a task, which runs the same watcher")
    public static func watcher() -> ProfileWatcher {
        ProfileWatcher(fileWatcher())
    }
}
