import Foundation
import Plugboard
import PlugboardTesting
import Testing

final class Tracker: @unchecked Sendable {
    let name: String
    init(_ name: String = "real") { self.name = name }
}

/// Collects what decorators and loggers see.
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}

extension Container {
    var tracker: Factory<Tracker> { self { Tracker() } }
    var cachedTracker: Factory<Tracker> { self { Tracker("cached") }.cached }
    var loop: Factory<Tracker> { self { self.loopBack() } }
    var loopBack: Factory<Tracker> { self { self.loop() } }
}

@Suite(.container) struct ContainerSetupTests {
    @Test func aSharedContainerCalledAsAFunctionSetsItselfUp() {
        // With the type asked for, the form that returns the container (where SwiftUI is, the bare call gives
        // `EmptyView`, as Factory's does: `.ci/swiftui-api` checks that).
        let returned: Container = Container.shared { container in
            container.tracker.register { Tracker("mock") }
        }
        #expect(returned === Container.shared)
        #expect(Container.shared.tracker().name == "mock")
        Container.shared { $0.tracker.register { Tracker("again") } }
        #expect(Container.shared.tracker().name == "again")
    }

    @Test func theAsyncFormAwaitsItsSetUp() async {
        await Container.shared { container in
            let name = await Task { "awaited" }.value
            container.tracker.register { Tracker(name) }
        }
        #expect(Container.shared.tracker().name == "awaited")
    }

    /// Factory 3.2's `Container.shared { }` takes a `@Sendable @isolated(any)` closure, so a main-actor test
    /// sets its container up with main-actor code, and the closure runs on the main actor.
    @Test @MainActor func aMainActorTestSetsUpItsContainerWithAMainActorClosure() async {
        let viewModel = ContentViewModel(service: MockGreeting())
        await Container.shared { @MainActor container in
            await Task.yield()
            let greeting = viewModel.service.greeting
            container.tracker.register { Tracker(greeting) }
        }
        #expect(Container.shared.tracker().name == "mock")
        let setUp: @Sendable @isolated(any) (Container) async -> Void = { @MainActor in
            $0.tracker.register { Tracker("from a stored closure") }
        }
        await Container.shared.with(setUp)
        #expect(Container.shared.tracker().name == "from a stored closure")
    }

    @Test func aTwoArgumentDecoratorIsToldWhetherTheInstanceIsNew() {
        let seen = Seen()
        let factory = Container.shared.cachedTracker.decorator { tracker, isNew in
            seen.append("\(tracker.name) \(isNew ? "new" : "kept")")
        }
        _ = factory()
        _ = factory()
        Container.shared.manager.reset(scope: .cached)
        _ = factory()
        #expect(seen.all == ["cached new", "cached kept", "cached new"])
    }

    @Test func aUniqueInstanceIsAlwaysNew() {
        let seen = Seen()
        let factory = Container.shared.tracker.decorator { _, isNew in seen.append(isNew ? "new" : "kept") }
        _ = factory()
        _ = factory()
        #expect(seen.all == ["new", "new"])
    }

    @Test func theLoggerHasFactorysType() {
        let seen = Seen()
        let log: (String) -> Void = { seen.append($0) }
        Container.shared.manager.logger = log
        Container.shared.manager.trace = true
        _ = Container.shared.tracker()
        Container.shared.manager.trace = false
        let current: (String) -> Void = Container.shared.manager.logger
        current("direct")
        #expect(seen.all.count == 2)
        #expect(seen.all.first?.contains("tracker") == true)
        #expect(seen.all.last == "direct")
    }

    @Test func theContainerDecoratorHasFactorysType() {
        let seen = Seen()
        let decorator: (Any) -> Void = { seen.append("\(type(of: $0))") }
        Container.shared.decorator(decorator)
        _ = Container.shared.tracker()
        #expect(seen.all == ["Tracker"])
    }
}

/// `circularDependencyTesting` is process-wide, so its test runs in a process of its own.
@Suite struct CircularDependencyTestingTests {
    @Test func turningTheSearchOffAndOnAgain() async {
        await #expect(processExitsWith: .success) {
            let manager = Container.shared.manager
            guard manager.circularDependencyTesting else { exit(1) }
            manager.circularDependencyTesting = false
            guard !manager.circularDependencyTesting, manager.dependencyChainTestMax == 0 else { exit(2) }
            manager.circularDependencyTesting = true
            guard manager.circularDependencyTesting, manager.dependencyChainTestMax == 16 else { exit(3) }
        }
    }

    @Test func aCycleStillStopsWithItsChain() async {
        await #expect(processExitsWith: .failure) {
            _ = Container().loop()
        }
    }
}

final class Screen {
    @DynamicInjected(\.tracker) var tracker: Tracker
    @InjectedContainer var container: Container
}

@Suite(.container) struct Factory3WrapperTests {
    @Test func dynamicInjectedProjectsItsFactory() {
        let screen = Screen()
        screen.$tracker.register { Tracker("through the projection") }
        #expect(screen.tracker.name == "through the projection")
        screen.$tracker.reset()
        #expect(screen.tracker.name == "real")
    }

    @Test func injectedContainerIsTheCurrentSharedContainer() {
        let screen = Screen()
        #expect(screen.container === Container.shared)
        screen.container.tracker.register { Tracker("from the injected container") }
        #expect(Container.shared.tracker().name == "from the injected container")
    }
}
