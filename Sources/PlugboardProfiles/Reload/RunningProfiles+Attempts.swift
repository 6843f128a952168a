import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// One reload attempt: the pipeline run again, compared with the running generation, and applied to every
/// container or refused, with its status, outcome and log lines.
extension RunningProfiles {
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
        // What the reload replaces is released once the reload lock is let go: a `deinit` may reload or read
        // the status.
        ContainerManager.beginHoldingFrees()
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
        ContainerManager.endHoldingFrees()
        defer { publishing.unlock() }
        for (level, line) in lines { options.logger.log(level: level, "\(line)") }
        guard let outcome else { return nil }
        outcomes.publish(outcome)
        return outcome
    }

    func reloadLocked(
        unless stopped: () -> Bool, waitedOn: [String: FileIdentity]?, selection: ProfileSelection
    ) -> ReloadOutcome? {
        let started = Date()
        var (candidate, entries) = parsed.reusing {
            ProfilePipeline.prepare(against: program, options: options, selection: selection, parsed: $0)
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
            if candidate.selection != running.selection {
                // The running fingerprints stay those of the generation that applied (made now, if they were
                // not yet: they hold the secret values it resolved).
                _ = runningFingerprints
                running = candidate
            }
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
            // Recorded first: a container that finds the new generation running finds the epoch it is made at.
            epochGenerations.record(candidate, replacing: running)
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
    static func readOtherFiles(_ read: [String: FileIdentity], than waitedOn: [String: FileIdentity]) -> Bool {
        read.contains { path, identity in waitedOn[path].map { $0 != identity } ?? false }
    }

    /// `keys` of `container`, sorted. When they are at least an eighth of its declared factories, they are read
    /// off its declared keys sorted once (a set lookup per declared key instead of name comparisons per step).
    func sorted(_ keys: Set<String>, of container: String) -> [String] {
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
    func settle(_ outcome: ReloadOutcome) -> ReloadOutcome {
        state.consecutiveFailures = 0
        state.isDegraded = false
        lastLoggedRefusal = nil
        state.lastOutcome = outcome
        return outcome
    }

    func refuse(_ candidate: ProfileGeneration, _ diagnostics: [Diagnostic]) -> ReloadOutcome {
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
}
