import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// The singletons already built that a reload would change: the PB600 findings that refuse it.
extension RunningProfiles {
    /// One PB600 per singleton, at the entry of a changed factory it depends on (or its own).
    func singletonDiagnostics(
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
    func changedEntry(
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
}

extension AffectedSingleton {
    /// Whether the singleton's build resolved `factory`.
    func dependsOn(_ factory: ResolvedFactory) -> Bool {
        dependencies.contains(factory)
    }
}
