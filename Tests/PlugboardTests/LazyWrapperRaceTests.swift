import Foundation
import Plugboard
import Testing

/// A container of its own with a plain `shared`: the threads below are not tasks, so they would not see a
/// task-local container that a trait binds.
final class LazyRaceContainer: SharedContainer {
    static let shared = LazyRaceContainer()
    let manager = ContainerManager()
    let builds = Counter()

    var built: Factory<Thing> {
        self {
            self.builds.increment()
            Thread.sleep(forTimeInterval: 0.001)  // widens the window in which a second build could start
            return Thing("built")
        }
    }
    var held: Factory<Thing> {
        self {
            self.builds.increment()
            Thread.sleep(forTimeInterval: 0.001)
            return Thing("held")
        }
        .cached
    }
}

final class LazyHolder: @unchecked Sendable {
    @LazyInjected(\LazyRaceContainer.built) var service: Thing
    @WeakLazyInjected(\LazyRaceContainer.held) var delegate: Thing?
}

/// Factory 3.2 makes a lazy wrapper's first read thread-safe: many threads reading at once get one instance.
@Suite(.serialized) struct LazyWrapperRaceTests {
    @Test func lazyInjectedBuildsOnceWhenFiftyThreadsReadItFirst() {
        let before = LazyRaceContainer.shared.builds.count
        let holder = LazyHolder()
        let seen = Collected<ObjectIdentifier>()
        onThreads(50) { _ in seen.insert(ObjectIdentifier(holder.service)) }
        #expect(LazyRaceContainer.shared.builds.count - before == 1, "one build for fifty first reads")
        #expect(seen.count == 1, "every reader got that instance")
        #expect(holder.$service.isResolved)
    }

    @Test func weakLazyInjectedHandsEveryFirstReaderTheInstance() {
        LazyRaceContainer.shared.manager.reset(scope: .cached)
        let before = LazyRaceContainer.shared.builds.count
        let holder = LazyHolder()
        let seen = Collected<ObjectIdentifier>()
        let missing = Counter()
        onThreads(50) { _ in
            if let delegate = holder.delegate {
                seen.insert(ObjectIdentifier(delegate))
            } else {
                missing.increment()
            }
        }
        #expect(LazyRaceContainer.shared.builds.count - before == 1)
        #expect(missing.count == 0, "no reader got nil while the cached scope holds the instance")
        #expect(seen.count == 1)
    }
}
