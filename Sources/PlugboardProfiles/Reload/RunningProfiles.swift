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
    private var selection: ProfileSelection

    /// Serializes reloads, and guards everything below but ``snapshot``.
    private let lock = NSLock()
    /// What readers see (``status``, ``current``, ``watchedFiles``) as of the last finished attempt, behind a
    /// lock of its own that is never held while a reload works: a health endpoint, or a log handler called from
    /// inside a reload, reads it without waiting for the files, the configuration or the program's decoding.
    private let snapshotLock = NSLock()
    private var snapshot: Snapshot

    /// One consistent view of the running profiles.
    private struct Snapshot {
        var status: ReloadStatus
        var current: ProfileGeneration
        var watchedFiles: [String]
        var watchedLookups: [String]
        var readHashes: [String: UInt64]
        var readIdentities: [String: FileIdentity]
    }
    /// The launch, or the last reload that applied.
    private var running: ProfileGeneration
    /// Per container name, per factory: what the running profiles set, with the values of its secrets'
    /// references hashed in. Taken when the generation is made (the launch, or the reload that applied it),
    /// from the values it resolved: nothing read later can change what the next reload compares against.
    private var runningFingerprints: [String: SectionFingerprints]
    /// Per container instance, per factory id: the wiring the code made, from before any profile changed it.
    private var baselines: [ObjectIdentifier: [Int: FactoryWiring]]
    /// Per container name, its declared factory keys sorted, for ``sorted(_:of:)``. Made when first needed.
    private var sortedKeys: [String: [String]] = [:]
    /// The files of the newest attempt, applied or not, with their bytes' hashes: a refused file's new parent
    /// is watched until fixed.
    private var newestReads: [(path: String, hash: UInt64)]
    /// The paths the newest attempt's lookups tried, there or not.
    private var newestLookups: [String]
    /// What the newest attempt read at each path it read: a path it tried that is not here was not there.
    private var newestIdentities: [String: FileIdentity]
    /// The inputs of the last refusal that was logged, so the same broken content is logged once.
    private var lastLoggedRefusal: UInt64?
    private var state = ReloadStatus()
    /// The files the last run parsed: a reload parses only those whose bytes changed.
    private let parsed: ParsedFiles
    private let generations = Broadcast<ProfileGeneration>()
    private let outcomes = Broadcast<ReloadOutcome>()

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
        runningFingerprints = Self.fingerprints(of: launch)
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
    private func publishSnapshot() {
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
    package func makeWatcher(files: any WatchedFileSystem = LocalFileSystem()) -> ProfileWatcher {
        ProfileWatcher(self, options: options.reload, files: files)
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
    private let reloadQueue = DispatchQueue(label: "plugboard.reload")

    /// Runs `work` on the reload queue and returns what it returns. `work` is handed a closure that says
    /// whether the awaiting task was cancelled meanwhile.
    package func offThePool<Result: Sendable>(
        _ work: @escaping @Sendable (_ cancelled: @escaping @Sendable () -> Bool) -> Result
    ) async -> Result {
        let cancelled = CancellationFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                reloadQueue.async { continuation.resume(returning: work { cancelled.isSet }) }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// Reads, merges, overrides, resolves and checks the active profiles again, and applies them to every
    /// container or to none.
    package func reload() -> ReloadOutcome {
        reload(unless: { false })!
    }

    /// A reload of `selection` instead of the active profiles: applied (or unchanged), they are the active
    /// profiles from then on, for later reloads and the watcher too; refused, nothing changes, the active
    /// profiles included.
    package func reload(selecting selection: ProfileSelection) -> ReloadOutcome {
        reload(unless: { false }, selecting: selection)!
    }

    /// The active profiles' names.
    package var activeProfiles: [String] { current.selection.names }

    /// ``reload()``, unless `stopped` says so just before anything changes (a watcher whose service is shutting
    /// down), or a file it read is not the one `waitedOn` describes (a watcher's look: the read caught the file
    /// being written or replaced since): then nothing is applied, recorded or published, and the result is nil.
    package func reload(
        unless stopped: () -> Bool, waitedOn: [String: FileIdentity]? = nil, selecting: ProfileSelection? = nil
    ) -> ReloadOutcome? {
        lock.lock()
        let chosen = selecting ?? selection
        switching = chosen != selection
        let outcome = reloadLocked(unless: stopped, waitedOn: waitedOn, selection: chosen)
        switch outcome {
        case .applied, .unchanged: selection = chosen
        case .refused, nil: break
        }
        publishSnapshot()
        let lines = pendingLog
        pendingLog = []
        // The publishing turn is taken before the reload lock is let go, so the next attempt's lines and outcome
        // wait for these: outcomes and log lines come out in generation order, whoever reloads (the watcher,
        // `SIGHUP`, a caller). Logged outside the reload lock: a log handler may read the status.
        publishing.lock()
        lock.unlock()
        defer { publishing.unlock() }
        for (level, line) in lines { options.logger.log(level: level, "\(line)") }
        guard let outcome else { return nil }
        outcomes.publish(outcome)
        return outcome
    }

    /// Taken by an attempt from the end of its work until its lines and outcome are out. Recursive, so that a
    /// log handler that reloads on the same thread goes on; one that waits for a reload on another thread
    /// while it logs would wait for this attempt's turn to end, and must not.
    private let publishing = NSRecursiveLock()

    /// Lines a reload logs once it has released the lock.
    private var pendingLog: [(Logger.Level, String)] = []
    /// Whether the attempt under way switches the active profiles (its log lines say so).
    private var switching = false

    private func reloadLocked(
        unless stopped: () -> Bool, waitedOn: [String: FileIdentity]?, selection: ProfileSelection
    ) -> ReloadOutcome? {
        let started = Date()
        var (candidate, entries) = parsed.reusing {
            ProfilePipeline.prepare(against: program, options: options, selection: selection)
        }
        // The running number, unless this applies: formatting that changed nothing keeps the generation.
        candidate.number = state.generation
        if let waitedOn, Self.readOtherFiles(candidate.readIdentities, than: waitedOn) { return nil }
        state.attempts += 1
        state.lastAttempt = started
        newestReads = candidate.inputFiles
        newestLookups = candidate.lookups
        newestIdentities = candidate.readIdentities
        guard candidate.isApplied else { return refuse(candidate, candidate.diagnostics) }
        if running.isApplied && candidate.inputsHash == running.inputsHash {
            // A switch to profiles that read the same: the wiring stays, and the names are the new ones.
            if candidate.selection != running.selection { running = candidate }
            return settle(.unchanged(generation: state.generation))
        }
        let fingerprints = Self.fingerprints(of: candidate)
        let previous = runningFingerprints
        let changed = Self.changedKeys(from: previous, to: fingerprints)
        if changed.isEmpty && running.isApplied {
            // Only formatting, comments or unused text changed: adopt the content, keep the generation.
            running = candidate
            runningFingerprints = fingerprints
            return settle(.unchanged(generation: state.generation))
        }
        // Every instance's plan before anything changes: a mismatch refuses the reload whole.
        let plans: [[CheckedEntry<PreparedClosure>]]
        switch candidate.plans(for: declared, checked: entries) {
        case .success(let made): plans = made
        case .failure(let mismatch): return refuse(candidate, mismatch.diagnostics)
        }
        // Singletons are looked for once the epoch is open: one that a resolution builds from now on, from the
        // old wiring, is not kept, and one built before is found.
        var refusal: [Diagnostic] = []
        var stop = false
        var reruns = 0
        let behaviours = keptInstanceReloads
        let dropping = behaviours.disposals.isEmpty ? nil : DroppedInstances(collecting: Set(behaviours.disposals.keys))
        let managers = declared.map(\.container.manager)
        candidate.number = state.generation + 1
        ContainerManager.publishingEpoch(of: managers) {
            var marks = ContainerMarks(managers)
            let (reached, affected) = reach(of: changed, keeping: behaviours.keep, marks: &marks)
            if !affected.isEmpty && options.reload.builtSingletons == .refuseReload {
                refusal = singletonDiagnostics(affected, changed: changed, candidate: candidate)
                ContainerManager.unmarkContainers(marks)
                return false
            }
            stop = stopped()
            if stop {
                ContainerManager.unmarkContainers(marks)
                return false
            }
            // Before any container changes: one that auto-registers from now on applies this generation (see
            // `applyProfile`), so none is left on the old one by a reset that lands while this publishes.
            ProfileSystem.replaceCurrent(with: candidate, of: self)
            reruns = apply(
                plans: plans, changed: changed, reached: reached, keeping: behaviours.keep, dropping: dropping)
            if let reached {
                ContainerManager.dropReachedKeptInstances(
                    reached, outside: marks.listed, keeping: behaviours.keep, dropping: dropping)
            }
            if options.reload.builtSingletons == .replace { affected.forEach { $0.drop(into: dropping) } }
            return true
        }
        if !refusal.isEmpty { return refuse(candidate, refusal) }
        if stop { return nil }
        if let dropping {
            let disposal = DroppedInstanceDisposal(dropping, actions: behaviours.disposals)
            if !disposal.isEmpty { ContainerManager.releaseAfterResolutionsUnderWay(disposal) }
        }
        RetiredStateCollector.collectSoon()
        running = candidate
        runningFingerprints = fingerprints
        state.generation += 1
        state.applied += 1
        let names = changed.keys.sorted().flatMap { container in
            // One concatenation per name (an interpolation cost twice as much, for every changed factory).
            let prefix = container + "."
            return sorted(changed[container]!, of: container).map { prefix + $0 }
        }
        let outcome = ReloadOutcome.applied(generation: state.generation, changedFactories: names)
        generations.publish(candidate)
        pendingLog.append(
            (
                .info,
                ReloadLog.appliedLine(
                    candidate, generation: state.generation, changed: names, reruns: reruns, switched: switching,
                    options: options)
            ))
        return settle(outcome)
    }

    /// Whether a file read is not the one a look saw (another device, inode or size): the look's signature of
    /// it was taken before the read, so the read caught a write or a replacement in between.
    private static func readOtherFiles(_ read: [String: FileIdentity], than waitedOn: [String: FileIdentity]) -> Bool {
        read.contains { path, identity in waitedOn[path].map { $0 != identity } ?? false }
    }

    /// `keys` of `container`, sorted. When they are at least an eighth of its declared factories, they are read
    /// off its declared keys sorted once (a set lookup per declared key instead of name comparisons per step).
    private func sorted(_ keys: Set<String>, of container: String) -> [String] {
        guard let declared = program.containers[container]?.factories, keys.count * 8 >= declared.count else {
            return keys.sorted()
        }
        let all = sortedKeys[container] ?? declared.keys.sorted()
        sortedKeys[container] = all
        let found = all.filter { keys.contains($0) }
        // Every changed key is declared (the check refuses others); sorted anyway if one is not.
        return found.count == keys.count ? found : keys.sorted()
    }

    /// Records an attempt that leaves the running wiring as it is, and clears a refusal's degraded state.
    private func settle(_ outcome: ReloadOutcome) -> ReloadOutcome {
        state.consecutiveFailures = 0
        state.isDegraded = false
        lastLoggedRefusal = nil
        state.lastOutcome = outcome
        return outcome
    }

    private func refuse(_ candidate: ProfileGeneration, _ diagnostics: [Diagnostic]) -> ReloadOutcome {
        state.refused += 1
        // A refused switch leaves the running profiles as they were, and they are not what is wrong: the
        // program is not degraded by it.
        if !switching {
            state.consecutiveFailures += 1
            state.isDegraded = true
        }
        let outcome = ReloadOutcome.refused(generation: state.generation, diagnostics: diagnostics)
        state.lastOutcome = outcome
        // The same broken content, seen again by every poll until someone fixes it, is logged once.
        if lastLoggedRefusal != candidate.inputsHash {
            lastLoggedRefusal = candidate.inputsHash
            for diagnostic in diagnostics where diagnostic.severity == .error {
                pendingLog.append((.error, "\(ProgramEdge.shown(diagnostic, options: options))"))
            }
            let errors = diagnostics.filter { $0.severity == .error }.count
            pendingLog.append(
                (
                    .error,
                    ReloadLog.refusedLine(candidate, generation: state.generation, errors: errors, switch: switching)
                ))
        }
        return outcome
    }

    /// The factories whose kept instances `changed` reaches, at any depth and in any container, singletons
    /// among them, and the singletons already built that it reaches: a singleton is reached by a change of its
    /// own entry, of anything its build resolved, or of anything those were built from (a cached pool it only
    /// hit, built from a changed URL), and a kept instance built from a reached singleton is reached in turn.
    /// One built from factories kept through reloads (`ReloadPolicy.keep`) is reached only by a change of its
    /// own entry.
    ///
    /// Every container holding a reached instance is marked in the publication under way (`marks`), so that a
    /// build under way that resolved from it is not kept; the reach is then worked out again, for builds
    /// recorded before their container was marked, until no container is added.
    ///
    /// `reached` is nil when no kept instance's build was recorded and no singleton is reached: then there is
    /// nothing to tell apart, every kept instance goes, and the sets are not made (most reloads of a program that
    /// keeps little; a thousand entries' set cost a reload of them 9%).
    private func reach(
        of changed: [String: Set<String>], keeping kept: Set<ResolvedFactory>, marks: inout ContainerMarks
    ) -> (reached: Set<ResolvedFactory>?, singletons: [AffectedSingleton]) {
        if !ContainerManager.anyKeptBuildRecorded {
            let singletons = ContainerManager.singletonsAffected { factory in
                guard let (container, key) = factoryNames[factory] else { return false }
                return changed[container]?.contains(key) ?? false
            }
            if singletons.isEmpty { return (nil, []) }
        }
        var changedFactories: Set<ResolvedFactory> = []
        for instance in declared {
            for key in changed[instance.name] ?? [] {
                if let declaration = instance.live.factories[key] {
                    changedFactories.insert(ResolvedFactory(instance.container.manager, id: declaration.slotID))
                }
            }
        }
        var reached: Set<ResolvedFactory> = []
        var singletons: [AffectedSingleton] = []
        repeat {
            while true {
                let next = ContainerManager.keptInstancesReached(
                    by: changedFactories.union(singletons.map(\.factory)), keeping: kept)
                let grew = !next.isSubset(of: reached)
                reached.formUnion(next)
                singletons = ContainerManager.singletonsAffected { reached.contains($0) }.filter {
                    !kept.contains($0.factory) || changedFactories.contains($0.factory)
                }
                if !grew && singletons.allSatisfy({ reached.contains($0.factory) }) { break }
            }
        } while ContainerManager.markContainers(holding: reached, into: &marks)
        return (ContainerManager.anyKeptBuildRecorded ? reached : nil, singletons)
    }

    /// Rewires the changed factories of every container instance the launch listed and drops the instances the
    /// containers' scopes keep that `reached` names (every one, when it is nil), each container's changes
    /// published together (one write per factory). Returns how many times, over all containers, a change was
    /// made again because the program wrote to a factory it had staged.
    private func apply(
        plans: [[CheckedEntry<PreparedClosure>]], changed: [String: Set<String>], reached: Set<ResolvedFactory>?,
        keeping: Set<ResolvedFactory>, dropping: DroppedInstances?
    ) -> Int {
        var reruns = 0
        for (instance, plan) in zip(declared, plans) {
            // The factories whose instances stay: those kept through reloads whose own entry did not change.
            let kept = keeping.isEmpty ? [] : keptIDs(of: instance, changed: changed[instance.name] ?? [], keeping)
            guard let keys = changed[instance.name] else {
                instance.container.manager.dropKeptInstances(reachedBy: reached, keeping: kept, dropping: dropping)
                continue
            }
            let manager = instance.container.manager
            let container = ObjectIdentifier(instance.container)
            var rewiring = ContainerRewiring(
                instance.container, instance.live, scopes: program.scopes,
                baselines: baselines.removeValue(forKey: container) ?? [:], dropping: dropping)
            defer { baselines[container] = rewiring.baselines }
            let runs = manager.publishingTogether(expecting: keys.count, dropping: dropping) {
                // Changed keys the profiles still name get their entry; the others go back to the code's wiring.
                var named = 0
                for position in plan.indices where keys.contains(plan[position].key) {
                    rewiring.rewire(plan[position].key, toEntryAt: position, of: plan)
                    named += 1
                }
                if named < keys.count {
                    let planned = Set(plan.lazy.map(\.key))
                    for key in keys where !planned.contains(key) { rewiring.rewire(key, toEntryAt: nil, of: plan) }
                }
                manager.dropKeptInstances(reachedBy: reached, keeping: kept, dropping: dropping)
            }
            reruns += runs - 1
        }
        return reruns
    }

    /// The ids of `instance`'s factories in `keeping` whose own entry is not among `changed`.
    private func keptIDs(
        of instance: DeclarationCollector.Declared, changed: Set<String>, _ keeping: Set<ResolvedFactory>
    )
        -> Set<Int>
    {
        var ids = Set<Int>()
        for (key, declaration) in instance.live.factories
        where !changed.contains(key)
            && keeping.contains(ResolvedFactory(instance.container.manager, id: declaration.slotID))
        {
            ids.insert(declaration.slotID)
        }
        return ids
    }

    /// What the declarations say a reload does to kept instances: the factories kept through a change of what
    /// they were built from, and the disposal actions. Made on the first reload.
    private lazy var keptInstanceReloads:
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
    private lazy var factoryNames: [ResolvedFactory: (container: String, key: String)] = {
        var names: [ResolvedFactory: (container: String, key: String)] = [:]
        for instance in declared {
            for (key, declaration) in instance.live.factories {
                names[ResolvedFactory(instance.container.manager, id: declaration.slotID)] = (instance.name, key)
            }
        }
        return names
    }()

    /// One PB600 per singleton, at the entry of a changed factory it depends on (or its own).
    private func singletonDiagnostics(
        _ affected: [AffectedSingleton], changed: [String: Set<String>], candidate: ProfileGeneration
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for singleton in affected {
            let owner = declared.first {
                ResolvedFactory($0.container.manager, id: singleton.factory.id) == singleton.factory
            }
            let name = "\(owner?.name ?? "a container").\(ContainerManager.factoryName(of: singleton.factory.id))"
            // The changed factory nearest the singleton: its own entry, else the first changed one it resolved.
            let cause = changedEntry(for: singleton, changed: changed, candidate: candidate)
            let because =
                cause.name == name
                ? "the singleton \(name) changes, and it is already built"
                : cause.direct
                    ? "\(cause.name) changes, and the singleton \(name) was built from it"
                    : "\(cause.name) changes, and the singleton \(name) was built from an instance built from it"
            diagnostics.append(
                Diagnostic(
                    .singletonAlreadyBuilt,
                    "\(because); a reload does not replace singletons already built (ReloadOptions.builtSingletons)",
                    at: cause.position))
        }
        return diagnostics.sorted { $0.position < $1.position }
    }

    /// The changed entry nearest `singleton`: its own, else the first changed one it resolved, else the first
    /// whose change reaches one of the instances it resolved (`direct` false).
    private func changedEntry(
        for singleton: AffectedSingleton, changed: [String: Set<String>], candidate: ProfileGeneration
    ) -> (name: String, position: SourcePosition, direct: Bool) {
        let unknown = SourcePosition(file: "<reload>", line: 1, column: 1)
        var fallback: (name: String, position: SourcePosition, direct: Bool)?
        var reaching: (name: String, position: SourcePosition, direct: Bool)?
        for instance in declared {
            for key in (changed[instance.name] ?? []).sorted() {
                guard let declaration = instance.live.factories[key] else { continue }
                let position =
                    candidate.merged?.containers[instance.name]?[key]?.keyPosition
                    ?? running.merged?.containers[instance.name]?[key]?.keyPosition ?? unknown
                let resolved = ResolvedFactory(instance.container.manager, id: declaration.slotID)
                if resolved == singleton.factory { return ("\(instance.name).\(key)", position, true) }
                if fallback == nil, singleton.dependsOn(resolved) {
                    fallback = ("\(instance.name).\(key)", position, true)
                }
                if fallback == nil, reaching == nil,
                    !ContainerManager.keptInstancesReached(by: [resolved])
                        .isDisjoint(with: singleton.dependencies)
                {
                    reaching = ("\(instance.name).\(key)", position, false)
                }
            }
        }
        return fallback ?? reaching ?? ("a factory", unknown, false)
    }

    /// Per container: its merged entries' fingerprints, with the values of the secret references they name
    /// hashed in.
    static func fingerprints(of launch: ProfileGeneration) -> [String: SectionFingerprints] {
        guard launch.isApplied, let merged = launch.merged else { return [:] }
        var secrets: [String: UInt64] = [:]
        for secret in launch.secretReads?.fingerprints ?? [] { secrets[secret.reference.description] = secret.hash }
        return merged.containers.mapValues { SectionFingerprints($0, secrets: secrets) }
    }

    /// The keys whose fingerprints differ, or that only one side names, per container that has any.
    static func changedKeys(from old: [String: SectionFingerprints], to new: [String: SectionFingerprints])
        -> [String: Set<String>]
    {
        var changed: [String: Set<String>] = [:]
        for container in Set(old.keys).union(new.keys) {
            let keys = SectionFingerprints.changedKeys(
                from: old[container] ?? SectionFingerprints(), to: new[container] ?? SectionFingerprints())
            if !keys.isEmpty { changed[container] = keys }
        }
        return changed
    }
}

extension AffectedSingleton {
    /// Whether the singleton's build resolved `factory`.
    func dependsOn(_ factory: ResolvedFactory) -> Bool {
        dependencies.contains(factory)
    }
}

/// Set once a task is cancelled; read from the thread that works for it.
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    func set() { lock.withLock { cancelled = true } }
    var isSet: Bool { lock.withLock { cancelled } }
}
