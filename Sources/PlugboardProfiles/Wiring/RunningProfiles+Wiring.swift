import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// The running wiring as a snapshot and as a catalog with the builds recorded so far.
extension RunningProfiles {
    /// The wiring running now. Reads the generation under the snapshot lock, which a reload never holds while
    /// it works, whether each scope keeps an instance without a lock, and the engine's build records under
    /// their own locks, which no one holds while a factory runs: it never waits for a resolution or a reload.
    package func wiringSnapshot() -> WiringSnapshot {
        let generation = current
        let merged = generation.merged ?? MergedProfile(names: generation.selection.names, documents: [])
        let folder = Self.folder(of: merged.documents.map(\.file))
        let graph = WiringGraph(merged, catalog: catalogWithBuilds(), folder: folder)
        var containers: [String: WiringSnapshot.Container] = [:]
        for (name, factories) in graph.containers {
            let instances = declared.filter { $0.name == name }
            var byKey: [String: WiringSnapshot.Factory] = [:]
            for factory in factories {
                let keeps = instances.contains { instance in
                    instance.live.factories[factory.key].map { instance.container.manager.keepsInstance($0.slotID) }
                        ?? false
                }
                let contexts = factory.fields.filter { $0.name.hasPrefix("contexts.") }.map {
                    (String($0.name.dropFirst("contexts.".count)), $0.value)
                }
                byKey[factory.key] = WiringSnapshot.Factory(
                    type: factory.type ?? "", use: factory.value(of: "use"),
                    scope: factory.value(of: "scope") ?? factory.codeScope,
                    contexts: Dictionary(contexts) { first, _ in first }, changed: factory.isChanged,
                    keepsInstance: keeps,
                    fields: factory.fields.map {
                        WiringSnapshot.Field(field: $0.name, value: $0.value, place: $0.place)
                    })
            }
            containers[name] = WiringSnapshot.Container(factories: byKey)
        }
        return WiringSnapshot(
            generation: generation.number, profiles: generation.selection.names,
            chosenBy: generation.selection.source.rawValue, folder: folder, files: graph.files,
            overrides: generation.overrides, containers: containers,
            builds: (graph.edges ?? []).map {
                WiringSnapshot.Build(built: $0.from.description, from: $0.to.description)
            })
    }

    /// The program's catalog, with what its kept instances (singletons included) were built from so far, each
    /// factory named as profiles name it; a build in or from a container the launch did not list is left out.
    package func catalogWithBuilds() -> Catalog {
        var names: [ResolvedFactory: String] = [:]
        for instance in declared {
            for (key, declaration) in instance.live.factories {
                names[ResolvedFactory(instance.container.manager, id: declaration.slotID)] = "\(instance.name).\(key)"
            }
        }
        var builds = Set<Catalog.CatalogBuild>()
        func add(_ built: ResolvedFactory, from dependencies: some Sequence<ResolvedFactory>) {
            guard let built = names[built] else { return }
            for dependency in dependencies {
                if let from = names[dependency], from != built {
                    builds.insert(Catalog.CatalogBuild(built: built, from: from))
                }
            }
        }
        for build in ContainerManager.keptBuilds { add(build.built, from: build.from) }
        for build in ContainerManager.singletonBuilds { add(build.singleton, from: build.dependencies) }
        var catalog = program.catalog
        catalog.builds = builds.sorted { ($0.built, $0.from) < ($1.built, $1.from) }
        return catalog
    }

    /// The deepest folder holding every one of `files`: the profiles' folder, when they share one.
    static func folder(of files: [String]) -> String {
        let folders = files.map { ($0 as NSString).deletingLastPathComponent }
        guard var common = folders.first else { return "" }
        for folder in folders.dropFirst() {
            while !(folder == common || folder.hasPrefix(common.hasSuffix("/") ? common : common + "/")) {
                let parent = (common as NSString).deletingLastPathComponent
                if parent == common { break }
                common = parent
            }
        }
        return common
    }
}
