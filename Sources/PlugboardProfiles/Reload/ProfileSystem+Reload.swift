import Plugboard

extension ProfileSystem {
    /// Reads, merges, overrides, resolves and checks the active profiles again, as the launch did, and applies
    /// them to every container the launch listed, or to none.
    ///
    /// - Applied: a resolution that starts after this returns sees the new wiring in every container. Objects
    ///   already handed out are never touched; the instances the containers' scopes keep (cached, shared, custom
    ///   scopes) that the change reaches (the changed factories' own, and those built from them at any depth)
    ///   are dropped, the others kept, and a build that straddles the switch is returned but not kept.
    /// - Unchanged: the inputs are the running ones; nothing happens, and nothing is logged.
    /// - Refused: every container keeps its wiring; the diagnostics are logged at error level once per distinct
    ///   content, and ``reloadStatus`` says the program is degraded until the files apply or are reverted.
    ///
    /// The active profile names, `PLUGBOARD__...` variables, `--plugboard-set` arguments and `env:` secrets are
    /// the launch's; the files, `extends` parents, `file:` and `config:` secrets and the configuration's
    /// settings are read again. Call it after ``bootstrap(_:options:)-(ManagedContainer...,_)`` (or
    /// ``launch(_:options:)-([ManagedContainer],_)``); before a launch, or after one that left nothing to reload (it
    /// wrote the catalog), it changes nothing and is refused with PB601 at generation 0.
    ///
    /// The work runs on a thread of the program's reloads, never on the caller's executor nor on a thread of
    /// Swift's cooperative pool: called from the main actor, the files, the configuration and the program's
    /// `Decodable` settings are read while the main actor goes on, and however many reloads wait for one that
    /// reads a slow volume, every other task of the program runs.
    ///
    /// - Returns: What the attempt did: applied, unchanged or refused, with its generation.
    @discardableResult
    public static func reload() async -> ReloadOutcome {
        guard let reloader else { return .refused(generation: 0, diagnostics: [noLaunch]) }
        return await reloader.offThePool { _ in reloader.reload() }
    }

    /// The synchronous form of ``reload()``, on the calling thread: for a program with no async context (a
    /// command-line tool, a thread that waits for a signal). It blocks while it reads the files, so an async
    /// caller awaits ``reload()`` instead, which reads them off the caller's executor.
    ///
    /// - Returns: How the attempt ended, as ``reload()`` returns it.
    @discardableResult
    public static func reloadNow() -> ReloadOutcome {
        guard let reloader else { return .refused(generation: 0, diagnostics: [noLaunch]) }
        return reloader.reload()
    }

    /// Makes `profiles` the active profiles while the program runs (a demo mode, a QA build's environment
    /// menu, a server's maintenance wiring): they are read, merged, checked against every container the launch
    /// listed and applied to all of them or to none, exactly as a ``reload()`` is, with its generation, outcome
    /// and log line (`switched to profile demo (code) for ...`), and the instances the change reaches dropped.
    ///
    /// Applied, `profiles` stay active for later reloads and the watcher until the next switch; refused (a
    /// profile that does not exist, or one that is wrong for a container), nothing changes, the active profiles
    /// included. An empty list switches to no profile: the code's wiring, with the launch's setting overrides.
    /// The switch lasts until the program ends: to keep it across launches, store the names and pass them as
    /// ``ProfileOptions/profiles`` at the next launch, where a profile chosen in code wins.
    ///
    /// - Parameter profiles: The profiles to make active, in the order they merge; empty for none.
    /// - Returns: What the switch did: applied, unchanged (the profiles read the same as the running ones) or
    ///   refused, with its generation.
    @discardableResult
    public static func switchProfiles(to profiles: [String]) async -> ReloadOutcome {
        guard let reloader else { return .refused(generation: 0, diagnostics: [noLaunch]) }
        let selection = self.selection(profiles)
        return await reloader.offThePool { _ in reloader.reload(selecting: selection) }
    }

    /// The synchronous form of ``switchProfiles(to:)``, on the calling thread, for the package's tests.
    @discardableResult
    package static func switchProfilesNow(to profiles: [String]) -> ReloadOutcome {
        guard let reloader else { return .refused(generation: 0, diagnostics: [noLaunch]) }
        return reloader.reload(selecting: selection(profiles))
    }

    /// What a switch to `profiles` chooses: the program's code chose them.
    private static func selection(_ profiles: [String]) -> ProfileSelection {
        profiles.isEmpty ? .nothing : ProfileSelection(names: profiles, source: .code)
    }

    /// Where reloads stand: the running generation, the last attempt, consecutive failures and whether the
    /// newest files are refused. Nil before the launch, and when the launch applied nothing a reload could
    /// change (it wrote the catalog, or it was refused and stopped the program).
    ///
    /// A snapshot of the last finished attempt: reading it never waits for a reload under way (a health
    /// endpoint answers while a reload reads a slow volume), and a log handler may read it from inside one.
    public static var reloadStatus: ReloadStatus? {
        reloader?.status
    }

    /// How many replaced wiring states (with the instances they kept) wait for resolutions that began before
    /// they were replaced: a reload's, or a `register`'s. Each is freed once every thread that was resolving
    /// when it was replaced has been seen between resolutions, whatever began since, so the count falls back to
    /// 0 within moments of a reload; one that stays up names a resolution that does not return (a singleton's
    /// build waiting on a network). The reload service exports it as a gauge, which is how a program reads it.
    package static var retiredStateCount: Int {
        ContainerManager.retiredWaiting
    }

    /// The outcome of every reload attempted from now on, for logs and tests (the 100 newest are kept for a
    /// slow reader).
    public static var reloadOutcomes: AsyncStream<ReloadOutcome> {
        reloader?.outcomeUpdates() ?? AsyncStream { $0.finish() }
    }

    /// Watches the files the running profiles were made from (the profiles, their `extends` parents, `file:`
    /// secrets, and the configuration of ``ProfileOptions/valueSource`` where it tells its changes) and reloads
    /// after they change, until the calling task is cancelled: `Task { await ProfileSystem.watchProfiles() }`,
    /// or `PlugboardReloadService`'s service, which runs it in a service group.
    ///
    /// It polls every ``ReloadOptions/pollInterval`` seconds (the launch options' ``ProfileOptions/reload``):
    /// each look compares every path's `stat` and resolved path, so Kubernetes' `..data` symbolic link swap, an
    /// editor's rename-over save, a truncate and write, and network or overlay file systems all show as a
    /// change. A change is reloaded once every file has stayed as it is for ``ReloadOptions/quietPeriod``: a
    /// save made of several steps is one reload, and a file missing for a moment is waited for (one that stays
    /// missing for ten quiet periods is reloaded as it is, and refused). A refused reload is logged and waited
    /// out; it never ends the watch. Files edited within one tick of the file system's clock are hashed too, so
    /// that a same-size edit is seen.
    ///
    /// Before a launch, or after one that left nothing to reload, it waits until its task is cancelled and
    /// reloads nothing. The process has one watcher: two calls share its looks.
    public static func watchProfiles() async {
        await fileWatcher().run()
    }

    /// The process's watcher of the launch's files (the same one on every call), or one with nothing to watch
    /// before a launch.
    package static func fileWatcher() -> ProfileFileWatcher {
        sharedWatcher ?? ProfileFileWatcher(nil, options: ReloadOptions())
    }

    /// What a reload without a launch reports.
    static var noLaunch: Diagnostic {
        Diagnostic(
            .noLaunch,
            "there are no profiles to reload: the program launched none (call ProfileSystem.bootstrap first)",
            at: SourcePosition(file: "<reload>", line: 1, column: 1))
    }
}
