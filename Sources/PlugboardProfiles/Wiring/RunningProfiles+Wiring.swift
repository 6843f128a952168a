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
        let template = wiringTemplate(of: generation)
        var containers = template.containers
        for (name, container) in template.containers {
            let instances = declared.filter { $0.name == name }
            for key in container.factories.keys {
                let keeps = instances.contains { instance in
                    instance.live.factories[key].map { instance.container.manager.keepsInstance($0.slotID) } ?? false
                }
                if keeps { containers[name]?.factories[key]?.keepsInstance = true }
            }
        }
        return WiringSnapshot(
            generation: generation.number, profiles: generation.selection.names,
            chosenBy: generation.selection.source.rawValue, folder: template.folder, files: template.files,
            overrides: generation.overrides, containers: containers,
            builds: WiringGraph.edges(of: recordedBuilds()).map {
                WiringSnapshot.Build(built: $0.from.description, from: $0.to.description)
            })
    }

    /// `generation`'s template: the one kept when the last snapshot's was made from the same inputs, or a new
    /// one, made outside the lock (explaining the fields of a large program takes milliseconds) and kept.
    func wiringTemplate(of generation: ProfileGeneration) -> WiringTemplate {
        let source = WiringTemplate.Source(generation)
        if let kept = wiringLock.withLock({ keptWiring }), kept.source == source { return kept }
        let made = WiringTemplate(generation, outline: program.outline)
        wiringLock.withLock { keptWiring = made }
        return made
    }

    /// The program's catalog, with what its kept instances (singletons included) were built from so far.
    package func catalogWithBuilds() -> Catalog {
        var catalog = program.catalog
        catalog.builds = recordedBuilds()
        return catalog
    }

    /// What the kept instances (singletons included) were built from so far, sorted, each factory named as
    /// profiles name it; a build in or from a container the launch did not list is left out.
    func recordedBuilds() -> [Catalog.CatalogBuild] {
        let names = namesForWiring()
        func name(_ factory: ResolvedFactory) -> String? {
            names[factory].map { $0.container + "." + $0.key }
        }
        var builds = Set<Catalog.CatalogBuild>()
        func add(_ built: ResolvedFactory, from dependencies: some Sequence<ResolvedFactory>) {
            guard let built = name(built) else { return }
            for dependency in dependencies {
                if let from = name(dependency), from != built {
                    builds.insert(Catalog.CatalogBuild(built: built, from: from))
                }
            }
        }
        for build in ContainerManager.keptBuilds { add(build.built, from: build.from) }
        for build in ContainerManager.singletonBuilds { add(build.singleton, from: build.dependencies) }
        return builds.sorted { ($0.built, $0.from) < ($1.built, $1.from) }
    }

    /// ``factoryNames`` without the reload lock: made once, as the launch's container instances never change.
    private func namesForWiring() -> [ResolvedFactory: (container: String, key: String)] {
        if let kept = wiringLock.withLock({ wiringFactoryNames }) { return kept }
        let made = namesOfDeclaredFactories()
        wiringLock.withLock { wiringFactoryNames = made }
        return made
    }
}
