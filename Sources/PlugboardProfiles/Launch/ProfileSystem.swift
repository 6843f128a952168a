import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// The program's profile launch: one step, at the top of `main`, that reads, merges and checks the active
/// profiles for every profile-aware container at once, and applies them to all of them or to none.
///
/// ```swift
/// @main struct App {
///     static func main() {
///         ProfileSystem.bootstrap(Container.shared, PaymentContainer.shared)
///         ...
///     }
/// }
/// ```
///
/// Each container still declares its choices in its own `autoRegister()` with `applyProfile(...)`; the
/// launch runs those first, collecting the declarations without applying anything. Containers made later
/// (a new instance, a container after `reset()`, a test's fresh container) apply the running profiles (the
/// launch's, or the last applied reload's) when they auto-register, reading nothing again: no file, and every
/// secret as those profiles read it, even while a mounted secret is missing or rotated but not yet reloaded. An
/// instance that declares other choices than its type's first keeps the code's wiring, with the findings
/// logged; listed at the launch, such instances refuse it whole.
///
/// A program with one profile-aware container may leave the call out: its first `applyProfile` is then its
/// launch, and a profile section naming any other container is an error.
public enum ProfileSystem {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: ProfileGeneration?
    /// Counts the changes of ``installed``, so that a container that applied it can tell it was replaced meanwhile.
    nonisolated(unsafe) private static var installedRevision = 0
    nonisolated(unsafe) private static var running: RunningProfiles?
    nonisolated(unsafe) private static var watcherMade: ProfileFileWatcher?

    /// Runs the launch for `containers` and acts on its outcome: the program's edge, and the only place where
    /// Plugboard ends a process.
    ///
    /// - Applied: logs which profiles were applied, from which files, to which containers.
    /// - Refused: with ``FailurePolicy/stop`` (the default), prints every diagnostic to standard error and exits
    ///   with status 78 (`EX_CONFIG`); with ``FailurePolicy/keepDefaults``, logs them and goes on with every
    ///   container as the code made it.
    /// - `--plugboard-export-catalog PATH`: writes the catalog of every listed container and exits with 0
    ///   (2 when it cannot be written).
    ///
    /// Call it once, before any of the containers is used.
    ///
    /// - Parameters:
    ///   - containers: Every profile-aware container of the program, listed once.
    ///   - options: Where profiles are found, what a refused one does, and the logger for the launch's lines.
    public static func bootstrap(_ containers: any ManagedContainer..., options: ProfileOptions = ProfileOptions()) {
        bootstrap(containers, options: options)
    }

    /// Runs the launch for a list of containers the program computes (plugins, modules, a container per
    /// tenant), and acts on its outcome as the variadic form does: Swift cannot pass an array to a variadic
    /// parameter.
    ///
    /// - Parameters:
    ///   - containers: Every profile-aware container of the program, listed once.
    ///   - options: Where profiles are found, what a refused one does, and the logger for the launch's lines.
    public static func bootstrap(_ containers: [any ManagedContainer], options: ProfileOptions = ProfileOptions()) {
        ProgramEdge.act(on: launch(containers, options: options), options: options)
    }

    /// Runs the launch for `containers` without acting on it: for programs that decide themselves what a
    /// refused profile means. Nothing is printed or logged, and the process is never ended.
    ///
    /// Runs each container's `autoRegister()` while collecting what it declares, reads, merges and checks the
    /// active profiles once against all of it, then applies them to every container or, on any error, to none.
    /// A profile section for a container that is not listed (nor declared by a listed one's `autoRegister()`)
    /// is an error. With `--plugboard-export-catalog PATH` among the options' arguments, it writes the
    /// catalog instead and applies nothing.
    ///
    /// - Parameters:
    ///   - containers: Every profile-aware container of the program, listed once.
    ///   - options: Where profiles are found and which are active.
    /// - Returns: The launch's generation: applied, refused with its diagnostics, or the catalog written.
    @discardableResult
    public static func launch(_ containers: any ManagedContainer..., options: ProfileOptions = ProfileOptions())
        -> ProfileGeneration
    {
        launch(containers, options: options)
    }

    /// Runs the launch for a list of containers the program computes, without acting on it, as the variadic
    /// form does.
    ///
    /// - Parameters:
    ///   - containers: Every profile-aware container of the program, listed once.
    ///   - options: Where profiles are found and which are active.
    /// - Returns: The launch's generation: applied, refused with its diagnostics, or the catalog written.
    @discardableResult
    public static func launch(_ containers: [any ManagedContainer], options: ProfileOptions = ProfileOptions())
        -> ProfileGeneration
    {
        lock.withLock {
            precondition(installed == nil, "Plugboard: ProfileSystem.bootstrap (or launch) runs once per process")
        }
        let (launch, running) = start(containers, options: options)
        lock.withLock {
            installed = launch
            installedRevision += 1
            self.running = running
        }
        return launch
    }

    /// The launch's work, without making it the process's: what ``launch(_:options:)-([ManagedContainer],_)``
    /// installs, and what tests run for containers of their own. Returns what reloads the program's profiles when the
    /// launch applied them, or was refused under ``FailurePolicy/keepDefaults`` (a reload may then fix it).
    package static func start(_ containers: [any ManagedContainer], options: ProfileOptions)
        -> (ProfileGeneration, RunningProfiles?)
    {
        // The launch's environment, read once: its reloads read the same (see `ProfileOptions.environment`).
        var options = options
        options.fixEnvironment()
        for container in containers {
            precondition(
                !container.hasAutoRegistered,
                "Plugboard: ProfileSystem.bootstrap must run before \(container.containerName) is first used (its autoRegister() already ran)"
            )
        }
        let collector = DeclarationCollector()
        DeclarationCollector.$current.withValue(collector) {
            for container in containers { container.autoRegisterIfNeeded() }
        }
        // A listed container that declared nothing is still the program's: a section for it is checked, not unknown.
        for container in containers where !collector.all.contains(where: { $0.container === container }) {
            collector.add(container.containerName, LiveDeclarations([]), container: container)
        }
        let program = collector.program

        if let path = ProfileSelection.value(of: ProfileOptions.exportCatalogArgument, in: options.arguments) {
            var launch = ProfileGeneration(
                outcome: ProfileCatalog.write(program.catalog, to: path), selection: .nothing)
            launch.containers = program.containerNames.sorted()
            return (launch, nil)
        }

        // The files parsed, kept so that a reload parses only the ones that changed.
        let parsed = ParsedFiles()
        let prepared = parsed.reusing { ProfilePipeline.prepare(against: program, options: options, parsed: $0) }
        var launch = prepared.0
        let declared = collector.all
        var baselines: [ObjectIdentifier: [Int: FactoryWiring]] = [:]
        // Every instance's plan before any is applied: an instance that declares other choices than the first of
        // its type refuses the launch whole, as any other finding does.
        let plans = launch.isApplied ? launch.plans(for: declared, checked: prepared.entries) : .success([])
        if case .failure(let mismatch) = plans {
            launch.outcome = .refused
            launch.diagnostics = (launch.diagnostics + mismatch.diagnostics).sorted { $0.position < $1.position }
        }
        if case .success(let plans) = plans, launch.isApplied {
            for (instance, plan) in zip(declared, plans) {
                // The code's wiring of each factory the profiles change, which a reload that no longer changes it
                // puts back.
                baselines[ObjectIdentifier(instance.container)] = apply(
                    plan, to: instance.container, declaring: instance.live, scopes: program.scopes)
            }
            let warnings = BuiltBeforeLaunch.drop(reachedBy: plans, of: declared, launch: launch)
            if !warnings.isEmpty {
                launch.diagnostics = (launch.diagnostics + warnings).sorted { $0.position < $1.position }
            }
        } else if launch.outcome != .refused || options.failurePolicy == .stop {
            return (launch, nil)
        }
        let running = RunningProfiles(
            declared: declared, program: program, options: options, launch: launch, baselines: baselines,
            parsed: parsed)
        return (launch, running)
    }

    /// The running generation: the launch's once ``bootstrap(_:options:)-(ManagedContainer...,_)`` or
    /// ``launch(_:options:)-([ManagedContainer],_)`` ran (or the first `applyProfile` of a program's one container),
    /// then each applied reload's or switch's. Its ``ProfileGeneration/selection`` names the active profiles, a
    /// switch's as soon as it applies or finds them reading the same as the running ones. Nil before the launch.
    public static var current: ProfileGeneration? {
        reloader?.current ?? lock.withLock { installed }
    }

    /// Makes `launch`, a reload's, the one containers made from now on apply, if `running` is the process's.
    /// The reload calls it before it changes any container: a container that auto-registers while the reload
    /// publishes applies the new generation, or applies the old one and sees it replaced (``currentRevision``).
    static func replaceCurrent(with launch: ProfileGeneration, of running: RunningProfiles) {
        lock.withLock {
            if self.running === running {
                installed = launch
                installedRevision += 1
            }
        }
    }

    /// ``current`` and its revision, read together.
    static var currentRevision: (launch: ProfileGeneration?, revision: Int) {
        lock.withLock { (installed, installedRevision) }
    }

    /// What reloads the process's profiles, once a launch made it: the bootstrap's, else the one-container
    /// launch of a program that never bootstrapped (see ``lazyLaunch(of:)``), when there is exactly one.
    package static var reloader: RunningProfiles? {
        lock.withLock { running ?? (lazyLaunches.count == 1 ? lazyLaunches.first?.value : nil) }
    }

    /// The launches made by the first `applyProfile` in `autoRegister()` of each container type, in a program
    /// that did not bootstrap: the program's launch for that one container. Later calls for the type (a
    /// `reset()`, a new instance) apply its running generation without reading anything again. By type, so
    /// that containers of other types, each alone in its own program (a test process holds many), stay apart.
    nonisolated(unsafe) private static var lazyLaunches: [String: RunningProfiles] = [:]

    /// The running profiles of the one-container launch of `containerType`, if it made one.
    static func lazyLaunch(of containerType: String) -> RunningProfiles? {
        lock.withLock { lazyLaunches[containerType] }
    }

    /// Records `running` as the one-container launch of `containerType`, unless one is recorded already
    /// (two first uses at once): returns the one recorded.
    static func recordLazyLaunch(_ running: RunningProfiles, of containerType: String) -> RunningProfiles {
        lock.withLock {
            if let recorded = lazyLaunches[containerType] { return recorded }
            lazyLaunches[containerType] = running
            return running
        }
    }

    /// The process's watcher, made on first use.
    static var sharedWatcher: ProfileFileWatcher? {
        let reloader = reloader
        return lock.withLock {
            if watcherMade == nil { watcherMade = reloader?.makeWatcher() }
            return watcherMade
        }
    }

    /// Rewires `container`'s factories to the checked entries of `plan`, published together, through the path
    /// every reload takes (``ContainerRewiring``). Returns the code's wiring of each factory rewired.
    @discardableResult
    static func apply(
        _ plan: [CheckedEntry<PreparedClosure>], to container: any ManagedContainer, declaring live: LiveDeclarations,
        scopes: [String: Scope]
    ) -> [Int: FactoryWiring] {
        var rewiring = ContainerRewiring(container, live, scopes: scopes)
        rewiring.rewireAll(plan)
        return rewiring.baselines
    }
}
