import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// A launched program's profiles while it runs: what the launch checked against, the wiring each container
/// had before any profile touched it, and the generation running. A reload runs the launch's pipeline again
/// over the same declarations, options and active profiles, and rewires every container or none.
package final class RunningProfiles: @unchecked Sendable {
    /// The container instances the launch rewired, with what each declared.
    let declared: [DeclarationCollector.Declared]
    let program: ProgramDeclarations
    let options: ProfileOptions
    /// The active profiles: the launch's, until a switch (``reload(selecting:)``) applies others. Guarded by
    /// the reload lock.
    var selection: ProfileSelection

    /// Serializes reloads, and guards everything below but ``snapshot``.
    let lock = NSLock()
    /// What readers see (``status``, ``current``, ``watchedFiles``) as of the last finished attempt, behind a
    /// lock of its own that is never held while a reload works: a health endpoint, or a log handler called from
    /// inside a reload, reads it without waiting for the files, the configuration or the program's decoding.
    let snapshotLock = NSLock()
    var snapshot: Snapshot

    /// One consistent view of the running profiles.
    struct Snapshot {
        var status: ReloadStatus
        var current: ProfileGeneration
        var watchedFiles: [String]
        var watchedLookups: [String]
        var readHashes: [String: UInt64]
        var readIdentities: [String: FileIdentity]
    }
    /// The launch, or the last reload that applied.
    var running: ProfileGeneration
    /// Per container name, per factory: what the running profiles set, with the values of its secrets'
    /// references hashed in. Made from what the generation holds (its merged profile, and the hashes of the
    /// secret values it resolved when it was made): nothing read later can change what the next reload compares
    /// against. A reload's are made by that reload; the launch's only when the first reload compares against
    /// them, so that a launch does not pay for them (1.6 M instructions for 1,000 entries) before anything may
    /// change.
    var runningFingerprints: [String: SectionFingerprints] {
        get {
            if let made = fingerprintsOfRunning { return made }
            let made = Self.fingerprints(of: running)
            fingerprintsOfRunning = made
            return made
        }
        set { fingerprintsOfRunning = newValue }
    }
    /// ``runningFingerprints`` once made.
    private var fingerprintsOfRunning: [String: SectionFingerprints]?
    /// The parts of a wiring snapshot that only the running generation decides, as the last snapshot made them:
    /// explaining every field of 1,000 factories is most of a snapshot's work, and an admin route asks for one
    /// at each request. Guarded by `wiringLock`, which is held only to read or replace it.
    var keptWiring: WiringTemplate?
    /// ``factoryNames`` for the wiring snapshots and catalog exports, which read build records with it: made by
    /// the first of them, and guarded by `wiringLock`.
    var wiringFactoryNames: [ResolvedFactory: (container: String, key: String)]?
    let wiringLock = NSLock()
    /// Per container instance, per factory id: the wiring the code made, from before any profile changed it.
    var baselines: [ObjectIdentifier: [Int: FactoryWiring]]
    /// Per container name, its declared factory keys sorted, for ``sorted(_:of:)``. Made when first needed.
    var sortedKeys: [String: [String]] = [:]
    /// The files of the newest attempt, applied or not, with their bytes' hashes: a refused file's new parent
    /// is watched until fixed.
    var newestReads: [(path: String, hash: UInt64)]
    /// The paths the newest attempt's lookups tried, there or not.
    var newestLookups: [String]
    /// What the newest attempt read at each path it read: a path it tried that is not here was not there.
    var newestIdentities: [String: FileIdentity]
    /// The inputs of the last refusal that was logged, so the same broken content is logged once.
    var lastLoggedRefusal: UInt64?
    var state = ReloadStatus()
    /// The files the last run parsed: a reload parses only those whose bytes changed.
    let parsed: ParsedFiles
    let generations = Broadcast<ProfileGeneration>()
    /// The generation each reload made running, by epoch, while an older resolution may run.
    let epochGenerations = EpochGenerations()
    let outcomes = Broadcast<ReloadOutcome>()

    init(
        declared: [DeclarationCollector.Declared], program: ProgramDeclarations, options: ProfileOptions,
        launch: ProfileGeneration, baselines: [ObjectIdentifier: [Int: FactoryWiring]], parsed: ParsedFiles
    ) {
        self.parsed = parsed
        self.declared = declared
        self.program = program
        self.options = options
        selection = launch.selection
        running = launch
        self.baselines = baselines
        newestReads = launch.inputFiles
        newestLookups = launch.lookups
        newestIdentities = launch.readIdentities
        if !launch.isApplied {
            // A launch refused under `keepDefaults`: the code's wiring runs, and the files are what is wrong.
            state.isDegraded = true
            state.consecutiveFailures = 1
            lastLoggedRefusal = launch.inputsHash
        }
        snapshot = Snapshot(
            status: ReloadStatus(), current: launch, watchedFiles: [], watchedLookups: [], readHashes: [:],
            readIdentities: [:])
        publishSnapshot()
        generations.publish(launch)
    }

    /// Makes what the reload lock guards now what readers see. Called under that lock, at the end of an attempt.
    func publishSnapshot() {
        var seen = Set<String>()
        let reads = running.inputFiles + newestReads
        let files = reads.map(\.path).filter { seen.insert($0).inserted }
        let lookups = (running.lookups + newestLookups).filter { seen.insert($0).inserted }
        // The newest read of each file wins (a refused attempt's, over the running generation's).
        let hashes = Dictionary(reads.map { ($0.path, $0.hash) }) { _, newest in newest }
        let identities = running.readIdentities.merging(newestIdentities) { _, newest in newest }
        let made = Snapshot(
            status: state, current: running, watchedFiles: files, watchedLookups: lookups, readHashes: hashes,
            readIdentities: identities)
        snapshotLock.withLock { snapshot = made }
    }

    /// A watcher of these profiles' files, with the launch options' reload settings, looking at `files`.
    package func makeWatcher(files: any WatchedFileSystem = LocalFileSystem()) -> ProfileFileWatcher {
        ProfileFileWatcher(self, options: options.reload, files: files)
    }

    /// The reload status.
    package var status: ReloadStatus { snapshotLock.withLock { snapshot.status } }

    /// The launch or the last applied reload.
    package var current: ProfileGeneration { snapshotLock.withLock { snapshot.current } }

    /// Every file the running generation and the newest attempt read: profiles, parents, `file:` secrets.
    package var watchedFiles: [String] { snapshotLock.withLock { snapshot.watchedFiles } }

    /// The paths the running generation's and the newest attempt's lookups tried that are not among
    /// ``watchedFiles``: where a profile, a parent or a second file of one name may appear.
    package var watchedLookups: [String] { snapshotLock.withLock { snapshot.watchedLookups } }

    /// The hash of each watched file's bytes as the newest attempt that read it read them.
    package var readHashes: [String: UInt64] { snapshotLock.withLock { snapshot.readHashes } }

    /// The identity of each file the running generation and the newest attempt read, as the newest that read
    /// it found it; a watched path not here was not there when it was tried.
    package var readIdentities: [String: FileIdentity] { snapshotLock.withLock { snapshot.readIdentities } }

    /// The applied generations, the running one first; a slow reader gets the newest.
    package func generationUpdates() -> AsyncStream<ProfileGeneration> { generations.subscribe(keepingNewest: 1) }

    /// The outcome of every attempt from now on (up to 100 kept for a slow reader).
    package func outcomeUpdates() -> AsyncStream<ReloadOutcome> {
        outcomes.subscribe(keepingNewest: 100, replaying: false)
    }

    /// Where this program's reloads and its watcher's looks run when they are awaited: a serial queue of its
    /// own, so that one waiting for another, or for a slow volume or configuration provider, blocks a thread of
    /// that queue and never one of Swift's cooperative pool, which has as many threads as cores.
    let reloadQueue = DispatchQueue(label: "plugboard.reload")

    /// Taken by an attempt from the end of its work until its lines and outcome are out. Recursive, so that a
    /// log handler that reloads on the same thread goes on; one that waits for a reload on another thread
    /// while it logs would wait for this attempt's turn to end, and must not.
    let publishing = NSRecursiveLock()

    /// Lines a reload logs once it has released the lock.
    var pendingLog: [(Logger.Level, String)] = []
    /// Whether the attempt under way switches the active profiles (its log lines say so).
    var switching = false

    /// What the declarations say a reload does to kept instances: the factories kept through a change of what
    /// they were built from, and the disposal actions. Made on the first reload.
    lazy var keptInstanceReloads:
        (keep: Set<ResolvedFactory>, disposals: [ResolvedFactory: @Sendable (AnyObject) async -> Void]) = {
            var keep = Set<ResolvedFactory>()
            var disposals: [ResolvedFactory: @Sendable (AnyObject) async -> Void] = [:]
            for instance in declared {
                for declaration in instance.live.factories.values {
                    guard let reload = declaration.reload else { continue }
                    let factory = ResolvedFactory(instance.container.manager, id: declaration.slotID)
                    if reload.policy == .keep { keep.insert(factory) }
                    if let dispose = reload.dispose { disposals[factory] = dispose }
                }
            }
            return (keep, disposals)
        }()

    /// Every declared factory of every container instance, as the engine names it, with its container's name
    /// and its key: what a singleton's recorded dependencies are looked up in. Made on the first reload.
    /// Guarded by the reload lock (a wiring snapshot, which never takes it, keeps its own: `wiringFactoryNames`).
    lazy var factoryNames: [ResolvedFactory: (container: String, key: String)] = namesOfDeclaredFactories()

    /// What ``factoryNames`` holds, made again.
    func namesOfDeclaredFactories() -> [ResolvedFactory: (container: String, key: String)] {
        var names: [ResolvedFactory: (container: String, key: String)] = [:]
        for instance in declared {
            for (key, declaration) in instance.live.factories {
                names[ResolvedFactory(instance.container.manager, id: declaration.slotID)] = (instance.name, key)
            }
        }
        return names
    }
}
