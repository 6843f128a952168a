/// How profile reloads behave (see ``ProfileSystem/reload()``), set through the launch's options:
/// `options.reload.pollInterval = 5`.
public struct ReloadOptions: Sendable {
    /// What a reload does when it would change the wiring of a singleton already built, or of something the
    /// singleton was built from.
    public enum BuiltSingletons: Sendable, Equatable {
        /// Refuse the whole reload, with a diagnostic that names the singleton: its holders would otherwise
        /// keep an object the new profile no longer describes. The default.
        case refuseReload
        /// Apply the reload and drop the singleton, so new resolutions build it with the new wiring. Objects
        /// that already hold the old one keep it.
        case replace
    }

    /// What a reload does about singletons already built. ``BuiltSingletons/refuseReload`` by default.
    public var builtSingletons: BuiltSingletons = .refuseReload
    /// How often a watcher looks at the files, in seconds. 2 by default.
    public var pollInterval: Double = 2
    /// How long every watched file must stay as it is before a watcher reloads, in seconds: a save in several
    /// steps (a rename-over, a truncate and write, Kubernetes' symbolic link swap) is one change. 1 by default.
    public var quietPeriod: Double = 1

    /// The defaults: a look every two seconds, and a change reloaded once its files have been still for one.
    public init() {}
}
