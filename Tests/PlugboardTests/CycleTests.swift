import Foundation
import Plugboard
import Testing

final class LoopContainer: ManagedContainer {
    let manager = ContainerManager()
    var loopA: Factory<Thing> {
        self {
            _ = self.loopB()
            return Thing()
        }
    }
    var loopB: Factory<Thing> {
        self {
            _ = self.loopA()
            return Thing()
        }
    }
    var selfLoop: Factory<Thing> { self { self.selfLoop() }.cached }
    var countdown: ParameterFactory<Int, Int> { self { $0 == 0 ? 0 : 1 + self.countdown($0 - 1) } }
    var endless: ParameterFactory<Int, Int> { self { self.endless($0 + 1) } }
    var entry: Factory<Thing> {
        self {
            _ = self.loopA()
            return Thing()
        }
    }
    var cachedLoop: Factory<Thing> {
        self {
            _ = self.throughUnique()
            return Thing()
        }.cached
    }
    var throughUnique: Factory<Thing> {
        self {
            _ = self.cachedLoop()
            return Thing()
        }
    }
}

/// One link of a chain of containers, each resolving the next: the same factory, but never twice in one container.
final class ChainContainer: ManagedContainer {
    let manager = ContainerManager()
    let next: ChainContainer?
    init(links: Int) { next = links > 1 ? ChainContainer(links: links - 1) : nil }
    var length: Factory<Int> { self { 1 + (self.next?.length() ?? 0) } }
}

extension Container {
    var loopA: Factory<Thing> {
        self {
            _ = self.loopB()
            return Thing()
        }
    }
    /// A cycle that says on standard error each time it enters, so that a test sees how deep it got.
    var countedLoopA: Factory<Thing> {
        self {
            FileHandle.standardError.write(Data("entered countedLoopA\n".utf8))
            _ = self.countedLoopB()
            return Thing()
        }
    }
    var countedLoopB: Factory<Thing> {
        self {
            _ = self.countedLoopA()
            return Thing()
        }
    }
    var loopB: Factory<Thing> {
        self {
            _ = self.loopA()
            return Thing()
        }
    }
}

@Suite struct CycleTests {
    @Test func dependencyChainTestMaxMovesTheSearchButACycleStillStops() async {
        let byDefault = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().countedLoopA()
        }
        let deeper = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Container.shared.manager.dependencyChainTestMax = 40
            _ = Container().countedLoopA()
        }
        func entries(_ result: ExitTest.Result?) -> Int {
            let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
            return text.split(separator: "\n").filter { $0 == "entered countedLoopA" }.count
        }
        let cycle =
            "Plugboard: circular dependency: Container.countedLoopA -> Container.countedLoopB -> Container.countedLoopA"
        for result in [byDefault, deeper] {
            let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
            #expect(text.contains(cycle))
        }
        // Searched from 16 levels by default (8 turns of a two-factory loop), from 40 when told (20 turns).
        #expect((6...10).contains(entries(byDefault)), "\(entries(byDefault)) turns by default")
        #expect((18...22).contains(entries(deeper)), "\(entries(deeper)) turns with 40")

        let off = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Container.shared.manager.dependencyChainTestMax = 0
            _ = Container().loopA()
        }
        let offText = off.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(offText.contains("Plugboard: resolutions nested deeper than 256 levels"))
    }

    @Test func dependencyChainTestMaxReadsBackWhatTakesEffect() async {
        await #expect(processExitsWith: .success) {
            let manager = ContainerManager()
            manager.dependencyChainTestMax = 4
            guard manager.dependencyChainTestMax == 16 else { exit(1) }  // searched from 16 at the earliest
            manager.dependencyChainTestMax = 32
            guard ContainerManager().dependencyChainTestMax == 32 else { exit(1) }  // one value for every container
        }
    }
    @Test func aCycleStopsWithTheWholeChain() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Container().loopA()
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(text.contains("Plugboard: circular dependency: Container.loopA -> Container.loopB -> Container.loopA"))
    }

    @Test func aScopedSelfReferenceStopsInsteadOfDeadlocking() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LoopContainer().selfLoop()
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(text.contains("Plugboard: circular dependency: LoopContainer.selfLoop -> LoopContainer.selfLoop"))
    }

    @Test func aCycleIsNamedFromWhereTheChainEnteredIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LoopContainer().entry()
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            text.contains(
                "Plugboard: circular dependency: LoopContainer.loopA -> LoopContainer.loopB -> LoopContainer.loopA\n"))
        #expect(!text.contains("LoopContainer.entry"))
    }

    @Test func aCycleThroughAScopedFactoryStopsInsteadOfDeadlocking() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LoopContainer().cachedLoop()
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            text.contains(
                "Plugboard: circular dependency: LoopContainer.cachedLoop -> LoopContainer.throughUnique -> LoopContainer.cachedLoop\n"
            ))
    }

    @Test func aDeepChainWithoutACycleResolves() {
        #expect(ChainContainer(links: 100).length() == 100)
    }

    @Test func endlessParameterRecursionStopsAtTheDepthLimit() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LoopContainer().endless(0)
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(text.contains("Plugboard: resolutions nested deeper than 256 levels"))
        #expect(text.contains("LoopContainer.endless -> LoopContainer.endless"))
    }

    @Test func parameterFactoriesMayResolveThemselvesWithOtherParameters() {
        #expect(LoopContainer().countdown(100) == 100)
    }

    @Test func theSameFactoryInTwoContainersIsNoCycle() {
        final class Outer: ManagedContainer {
            let manager = ContainerManager()
            let inner = TestContainer()
            var unique: Factory<Thing> { self { self.inner.unique() } }
        }
        #expect(Outer().unique().name == "real")
    }

    @Test func cycleTrackingIsPerThread() {
        // Two threads resolving the same factory at once is not a cycle.
        let container = RaceContainer(scope: Scope.Unique())
        onThreads(8) { _ in _ = container.slow() }
        #expect(container.builds.count == 8)
    }
}
