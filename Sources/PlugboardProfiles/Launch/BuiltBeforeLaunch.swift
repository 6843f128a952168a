import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// What the containers' `autoRegister()` built before the launch applied its entries: a container that warms
/// a cache there (`_ = catalog()`) built it from the code's wiring. Once the entries apply, the launch drops
/// every kept instance and singleton they reach, in every container, as a reload drops what its change reaches,
/// so that the program's first resolution builds them from the profiles.
///
/// A dropped singleton also gets a PB600 warning: `autoRegister()` may still hold the one it built, and the
/// process then has two. The launch is not refused for it, so its verdict stays the validator's.
enum BuiltBeforeLaunch {
    /// Drops what the entries of `plans`, applied to `declared`, reach, and returns a warning per singleton
    /// dropped, at the entry of the factory that reached it (its own, or one it was built from).
    static func drop(
        reachedBy plans: [[CheckedEntry<PreparedClosure>]], of declared: [DeclarationCollector.Declared],
        launch: ProfileGeneration
    ) -> [Diagnostic] {
        // Most programs resolve nothing in `autoRegister()`: then there is nothing to look for.
        guard ContainerManager.anyKeptBuildRecorded || ContainerManager.anySingletonBuilt else { return [] }
        var applied: [ResolvedFactory: (container: String, key: String)] = [:]
        for (instance, plan) in zip(declared, plans) {
            for entry in plan {
                guard let declaration = instance.live.factories[entry.key] else { continue }
                applied[ResolvedFactory(instance.container.manager, id: declaration.slotID)] = (
                    instance.name, entry.key
                )
            }
        }
        let reached = ContainerManager.keptInstancesReached(by: Set(applied.keys))
        ContainerManager.dropReachedKeptInstances(reached, outside: [], keeping: [], dropping: nil)
        var warnings: [Diagnostic] = []
        for singleton in ContainerManager.singletonsAffected(where: reached.contains) {
            singleton.drop()
            let owner = declared.first {
                ResolvedFactory($0.container.manager, id: singleton.factory.id) == singleton.factory
            }
            let name = "\(owner?.name ?? "a container").\(ContainerManager.factoryName(of: singleton.factory.id))"
            // The entry nearest the singleton: its own, else one its build resolved, else one that reached it.
            let cause =
                applied[singleton.factory]
                ?? singleton.dependencies.lazy.compactMap { applied[$0] }.first
                ?? applied.first {
                    ContainerManager.keptInstancesReached(by: [$0.key]).contains(where: singleton.dependencies.contains)
                }?.value
            guard let cause, let entry = launch.merged?.containers[cause.container]?[cause.key] else { continue }
            warnings.append(
                Diagnostic(
                    .singletonAlreadyBuilt,
                    "the singleton \(name) was built before the launch applied \(cause.container).\(cause.key) "
                        + "(a resolution in autoRegister()); it is built again from the profiles, but what "
                        + "autoRegister() kept of it is the one built before",
                    at: entry.keyPosition, severity: .warning))
        }
        return warnings.sorted { $0.position < $1.position }
    }
}
