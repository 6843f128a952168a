import Plugboard
import PlugboardTesting
import Testing

/// Waits until `count` tests have arrived, so that parallel tests overlap for sure; true when they did. It gives
/// up after 30 seconds, so that a run whose tests cannot all be in flight at once fails instead of hanging.
actor Rendezvous {
    private var arrived = 0
    func arrive(expecting count: Int) async -> Bool {
        arrived += 1
        for _ in 0..<3_000 where arrived < count {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return arrived >= count
    }
}

extension Container {
    var identity: Factory<Int> { self { -1 } }
    var identitySingleton: Factory<Thing> { self { Thing() }.singleton }
}

let overlapping = Rendezvous()
let overlappingSingletons = Rendezvous()
let overlappingCustom = Rendezvous()

/// Every case registers its own value on `Container.shared`, waits until all cases have registered, and
/// expects to read its own value back: true only when each test has a container of its own.
@Suite(.container) struct ParallelContainerTraitTests {
    @Test(arguments: 0..<16)
    func eachTestSeesOnlyItsOwnRegistrations(value: Int) async {
        Container.shared.identity.register { value }
        #expect(await overlapping.arrive(expecting: 16), "all sixteen cases were in flight together")
        #expect(Container.shared.identity() == value)
    }

    @Test(arguments: 0..<8)
    func eachTestHasItsOwnSingletons(value: Int) async {
        Container.shared.identitySingleton.register { Thing("\(value)") }
        let mine = Container.shared.identitySingleton()
        #expect(await overlappingSingletons.arrive(expecting: 8))
        #expect(Container.shared.identitySingleton() === mine)
        #expect(mine.name == "\(value)")
    }
}

@Suite struct ContainerTraitSetupTests {
    @Test(.container { $0.identity.register { 42 } })
    func setupRunsOnTheFreshContainer() {
        #expect(Container.shared.identity() == 42)
    }

    @Test(.testContainer { $0.value.register { 7 } })
    func customContainers() {
        #expect(TestContainer.shared.value() == 7)
    }

    @Test(.testContainer(), arguments: 0..<8)
    func customContainersInParallel(value: Int) async {
        TestContainer.shared.value.register { value }
        #expect(await overlappingCustom.arrive(expecting: 8))
        #expect(TestContainer.shared.value() == value)
    }

    /// Code outside the test's task tree (a detached task inherits no task-local value) sees the process's
    /// container and singletons, never the test's registrations or the singletons they made.
    @Test(.container) func whatATestRegistersStaysInsideItsTaskTree() async {
        Container.shared.identity.register { 99 }
        Container.shared.identitySingleton.register { Thing("the test's") }
        let mine = Container.shared.identitySingleton()
        let outside = await Task.detached {
            (Container.shared.identity(), Container.shared.identitySingleton())
        }.value
        #expect(outside.0 == -1, "the process's container has the definition")
        #expect(outside.1 !== mine && outside.1.name == "real", "and its own singleton")
        #expect(Container.shared.identity() == 99)
    }
}

extension Trait where Self == ContainerTrait<TestContainer> {
    /// `.container(TestContainer.$shared, ...)`: a macro-made `$shared` of this module cannot be named inside
    /// an attribute of the same module, so the tests name it here (a container from another module can be).
    static func testContainer(_ setup: @escaping @Sendable (TestContainer) -> Void = { _ in }) -> Self {
        .container(TestContainer.$shared, TestContainer.init, setup: setup)
    }
}
