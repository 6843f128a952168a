import Plugboard
import Testing

final class CountingContainer: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()
    let autoRegistrations = Counter()

    var thing: Factory<Thing> { self { Thing() } }
    var cachedThing: Factory<Thing> { self { Thing() }.cached }

    func autoRegister() {
        autoRegistrations.increment()
        thing.register { Thing("auto") }
        _ = thing()  // a container may use its own factories while auto-registering
    }
}

@Suite struct ContainerTests {
    @Test func autoRegisterRunsOncePerContainerOnFirstUse() {
        let container = CountingContainer()
        #expect(container.autoRegistrations.count == 0)
        #expect(container.thing().name == "auto")
        _ = container.thing()
        _ = container.cachedThing()
        #expect(container.autoRegistrations.count == 1)
        let other = CountingContainer()
        _ = other.thing()
        #expect(other.autoRegistrations.count == 1, "once per container instance")
    }

    @Test func autoRegisterRunsAgainAfterResetOrRegistrationReset() {
        let container = CountingContainer()
        _ = container.thing()
        container.manager.reset()
        _ = container.thing()
        #expect(container.autoRegistrations.count == 2)
        container.manager.reset(options: .registration)
        #expect(container.thing().name == "auto")
        #expect(container.autoRegistrations.count == 3)
        container.manager.reset(options: .scope)
        container.manager.reset(options: .context)
        _ = container.thing()
        #expect(container.autoRegistrations.count == 3, "scope and context resets keep registrations")
    }

    @Test func autoRegisterRunsOnceWhenManyThreadsTouchTheContainerFirst() {
        for _ in 0..<20 {
            let container = CountingContainer()
            let wrong = Counter()
            onThreads(8) { _ in
                if container.thing().name != "auto" { wrong.increment() }
            }
            #expect(container.autoRegistrations.count == 1)
            #expect(wrong.count == 0, "no thread resolved before autoRegister() finished")
        }
    }

    @Test func resetOptionsClearWhatTheyName() {
        let container = TestContainer()
        container.unique.register { Thing("mock") }
        container.unique.onArg("never-passed") { Thing("arg") }
        let cached = container.cachedThing()

        container.manager.reset(options: .none)
        #expect(container.unique().name == "mock")
        container.manager.reset(options: .scope)
        #expect(container.cachedThing() !== cached)
        #expect(container.unique().name == "mock")
        container.manager.reset(options: .registration)
        #expect(container.unique().name == "real")
    }

    @Test func pushAndPopRestoreRegistrationsContextsCachesAndSettings() {
        let container = TestContainer()
        container.unique.register { Thing("before") }
        let cached = container.cachedThing()
        container.manager.push()

        container.unique.register { Thing("during") }
        container.unscoped.onTest { Thing("test") }
        container.manager.defaultScope = .cached
        container.manager.reset(options: .scope)
        #expect(container.unique().name == "during")
        #expect(container.cachedThing() !== cached)

        container.manager.pop()
        #expect(container.unique().name == "before")
        #expect(container.cachedThing() === cached, "scope caches restored")
        #expect(container.manager.defaultScope == nil, "container settings restored")
        #expect(container.unscoped().name == "real", "contexts restored")
        container.manager.pop()  // unbalanced: nothing happens
        #expect(container.unique().name == "before")
    }

    @Test func sharedIsTaskLocal() async {
        let outer = Container.shared
        let replacement = Container()
        await Container.$shared.withValue(replacement) {
            #expect(Container.shared === replacement)
            await Task { #expect(Container.shared === replacement, "child tasks inherit") }.value
        }
        #expect(Container.shared === outer)
    }

    @Test func containersAreIndependent() {
        let a = TestContainer(), b = TestContainer()
        a.unique.register { Thing("a") }
        #expect(a.unique().name == "a")
        #expect(b.unique().name == "real")
        #expect(a.cachedThing() !== b.cachedThing())
    }

    @Test func theResetShortcutOnTheContainer() {
        let container = TestContainer()
        container.unique.register { Thing("mock") }
        container.reset()
        #expect(container.unique().name == "real")
    }

    @Test func factoriesKnowTheirKeyAndContainer() {
        let container = TestContainer()
        #expect(container.cachedThing.key.name == "cachedThing")
        #expect(container.named.key.name == "named")
        #expect(container.cachedThing.containerName == "TestContainer")
        #expect(container.cachedThing.key == TestContainer().cachedThing.key)
        #expect(container.cachedThing.key != container.unique.key)
    }

    @Test func makingAFactoryIsTheContainersFirstUse() {
        let container = CountingContainer()
        let factory = container.thing
        #expect(container.autoRegistrations.count == 1, "autoRegister() ran before anything was resolved")
        #expect(factory().name == "auto")
    }

    @Test func aFactoryOutlivesItsTemporaryContainer() {
        weak var released: TestContainer?
        let factory: Factory<Thing>
        do {
            let temporary = TestContainer()
            factory = temporary.cachedThing
            released = temporary
        }
        #expect(released == nil, "the factory does not keep its container")
        let first = factory()
        #expect(factory() === first, "the cache lives in the manager, which the factory keeps")
        factory.register { Thing("registered") }
        #expect(factory().name == "registered")
        #expect(factory.containerName == "TestContainer")
    }
}
