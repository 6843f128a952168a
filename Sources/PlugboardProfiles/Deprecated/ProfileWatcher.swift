/// The process's watcher of the running profiles' files, as 0.4 spelled it: ask
/// ``ProfileSystem/watcher()`` for it and ``run()`` it in a task.
///
/// Kept for one release so that programs written against 0.4 compile. ``ProfileSystem/watchProfiles()`` does
/// the same in one call, and `PlugboardReloadService` runs it in a service group.
@available(*, deprecated, message: "call ProfileSystem.watchProfiles() in a task, which runs the same watcher")
public final class ProfileWatcher: Sendable {
    private let files: ProfileFileWatcher

    init(_ files: ProfileFileWatcher) {
        self.files = files
    }

    /// Looks at the files and reloads after they change, until the calling task is cancelled, exactly as
    /// ``ProfileSystem/watchProfiles()`` does.
    @available(*, deprecated, renamed: "ProfileSystem.watchProfiles()")
    public func run() async {
        await files.run()
    }
}
