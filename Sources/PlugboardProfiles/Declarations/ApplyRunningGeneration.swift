import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// How a container that `autoRegister()`s after the launch (a new instance, one after `reset()`) applies the
/// running generation without leaving a resolution in another one.
extension ManagedContainer {
    /// Applies `running` to this container's factories. When a reload made it running after the resolution
    /// under way on this thread began (a new instance made inside it), or is publishing it now, the generation
    /// that resolution reads is applied first, then each newer one stamped with the epoch that made it running
    /// (``EpochGenerations``): every resolution reads one generation in every container, this one included.
    /// `rewiring` and `wired` carry the code's wiring and the factories wired across calls.
    func applyRunningGeneration(
        _ running: ProfileGeneration, recordedIn history: EpochGenerations?, _ name: String,
        _ live: LiveDeclarations, options: ProfileOptions, rewiring: inout ContainerRewiring,
        wired: inout Set<String>
    ) -> ProfileGeneration {
        var steps = history?.publications(readingAsOf: ContainerManager.epochReadOnThisThread) ?? []
        // A reload that is publishing may have recorded a newer generation than the one this caller read.
        if steps.isEmpty || running.number > steps[steps.count - 1].generation.number { steps.append((0, running)) }
        var report = running
        for (epoch, generation) in steps {
            ContainerManager.writing(asOf: epoch) {
                report = apply(generation, name, live, options: options, rewiring: &rewiring, wired: &wired)
            }
        }
        return report
    }

    /// `generation`'s entries for this container, in one write per factory; a factory an earlier call wired
    /// and this generation does not name gets the code's wiring back.
    private func apply(
        _ generation: ProfileGeneration, _ name: String, _ live: LiveDeclarations, options: ProfileOptions,
        rewiring: inout ContainerRewiring, wired: inout Set<String>
    ) -> ProfileGeneration {
        switch generation.entries(for: name, declaring: live) {
        case .success(let plan):
            rewiring.scopes = ProgramDeclarations([name: live], launch: generation).scopes
            var named: Set<String> = []
            for position in plan.indices {
                rewiring.rewire(plan[position].key, toEntryAt: position, of: plan)
                named.insert(plan[position].key)
            }
            for key in wired.subtracting(named) { rewiring.rewire(key, toEntryAt: nil, of: plan) }
            wired = named
            return generation.applied(to: name, changing: plan.map(\.key))
        case .failure(let mismatch):
            for key in wired { rewiring.rewire(key, toEntryAt: nil, of: []) }
            wired = []
            return Self.keepingDefaults(name, generation, mismatch, options: options)
        }
    }
}
