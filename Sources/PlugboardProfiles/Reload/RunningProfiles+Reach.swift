import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// What a change reaches of the instances the containers keep, and the rewiring of every listed container.
extension RunningProfiles {
    /// Every container holding a reached instance is marked in the publication under way (`marks`), so that a
    /// build under way that resolved from it is not kept; the reach is then worked out again, for builds
    /// recorded before their container was marked, until no container is added.
    ///
    /// `reached` is nil when no kept instance's build was recorded and no singleton is reached: then there is
    /// nothing to tell apart, every kept instance goes, and the sets are not made (most reloads of a program that
    /// keeps little; a thousand entries' set cost a reload of them 9%).
    func reach(
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
    func apply(
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
    func keptIDs(
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
}
