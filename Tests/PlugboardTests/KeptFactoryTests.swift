import Foundation
import Plugboard
import Testing

/// A scope of the tests' own, to show that a kept factory brings back any scope, not only the shared five.
private let session = Scope.Cached()

private final class SessionContainer: ManagedContainer {
    let manager = ContainerManager()
    var sessionThing: Factory<Thing> { self { Thing() }.scope(session) }
    var formalThing: Factory<Thing> { Factory(self, scope: .cached) { Thing() } }
    var onceThing: Factory<Thing> { self { Thing() }.cached.once() }
}

/// A factory kept in a variable (`let service = Container.shared.service`) is not made again by its getter, so
/// it must catch up by itself with what a reset took away: its own scope, and the container's `autoRegister()`.
@Suite struct KeptFactoryTests {
    @Test func aKeptFactoryKeepsItsScopeAcrossAReset() {
        let container = TestContainer()
        let kept = container.cachedThing
        let before = kept()
        container.manager.reset()
        let after = kept()
        #expect(after !== before, "the reset dropped the cached instance")
        #expect(kept() === after, "and the factory is cached again, as its definition says")
    }

    @Test func aKeptSingletonStaysTheSingleton() {
        let container = TestContainer()
        let kept = container.singletonThing
        let instance = kept()
        container.manager.reset()  // a container reset leaves singletons alone
        #expect(kept() === instance)
    }

    @Test func customAndFormalScopesComeBackToo() {
        let container = SessionContainer()
        let kept = (session: container.sessionThing, formal: container.formalThing, once: container.onceThing)
        container.manager.reset()
        #expect(kept.session() === kept.session())
        #expect(kept.formal() === kept.formal())
        #expect(kept.once() === kept.once(), "once() seals later changes, not the factory's own scope")
    }

    @Test func aScopeSetSinceTheResetWins() {
        let container = TestContainer()
        let kept = container.cachedThing
        container.manager.reset()
        container.cachedThing.scope(.unique)  // set from outside the definition, after it
        #expect(kept() !== kept())
    }

    @Test func aKeptFactoryRunsAutoRegisterAgainAfterAReset() {
        let container = CountingContainer()
        let kept = container.thing
        #expect(kept().name == "auto")
        container.manager.reset()
        // autoRegister() resolves `thing` itself: it runs before this resolution starts, so that is no cycle.
        #expect(kept().name == "auto")
        #expect(kept().name == "auto")
        #expect(container.autoRegistrations.count == 2)
        container.manager.reset(options: .registration)
        #expect(kept().name == "auto")
        #expect(container.autoRegistrations.count == 3)
    }

    @Test func aKeptFactoryOfAContainerThatIsGoneResolvesItsDefinition() {
        weak var released: CountingContainer?
        let kept: Factory<Thing>
        let manager: ContainerManager
        do {
            let temporary = CountingContainer()
            kept = temporary.thing
            manager = temporary.manager
            released = temporary
        }
        #expect(released == nil)
        manager.reset()
        #expect(kept().name == "real", "no container is left to run autoRegister()")
    }

    @Test func keptFactoriesFollowPushAndPop() {
        let container = TestContainer()
        let kept = container.cachedThing
        let outer = kept()
        container.manager.push()
        container.cachedThing.register { Thing("mock") }
        #expect(kept().name == "mock")
        container.manager.pop()
        #expect(kept() === outer)
    }
}

/// Factories whose definitions set more than a scope.
private final class DefinitionContainer: ManagedContainer {
    let manager = ContainerManager()
    let decorations = Counter()
    var tested: Factory<Thing> { self { Thing("real") }.onTest { Thing("test") } }
    var decorated: Factory<Thing> { self { Thing() }.decorator { [decorations] _ in decorations.increment() } }
    var expiring: Factory<Thing> { self { Thing() }.cached.timeToLive(0.02) }
    var plain: Factory<Thing> { self { Thing("real") } }
}

/// A kept factory brings back everything its definition sets, not only its scope.
@Suite struct KeptDefinitionTests {
    @Test func contextsComeBackAfterAReset() {
        let container = DefinitionContainer()
        let kept = container.tested
        #expect(kept().name == "test", "under swift test")
        container.manager.reset()
        #expect(kept().name == "test", "the definition's onTest, put back without the getter")
        container.manager.reset(options: .context)
        #expect(kept().name == "test")
    }

    @Test func contextsComeBackAfterAPopToBeforeTheGetter() {
        let container = DefinitionContainer()
        container.manager.push()
        let kept = container.tested
        #expect(kept().name == "test")
        container.manager.pop()
        #expect(kept().name == "test")
    }

    @Test func decoratorsAndTimeToLiveComeBack() {
        let container = DefinitionContainer()
        let decorated = container.decorated
        _ = decorated()
        #expect(container.decorations.count == 1)
        container.manager.reset()
        _ = decorated()
        #expect(container.decorations.count == 2, "still decorated after the reset")

        let clock = ManualClock()
        TimeToLiveClock.$manual.withValue(clock) {
            let expiring = container.expiring
            _ = expiring()
            container.manager.reset()
            let first = expiring()
            clock.advance(by: 0.019)
            #expect(expiring() === first)
            clock.advance(by: 0.021)
            #expect(expiring() !== first, "still expires after the reset")
        }
    }

    @Test func whatWasSetFromOutsideDoesNotComeBack() {
        let container = DefinitionContainer()
        let kept = container.plain
        container.plain.onTest { Thing("outside") }
        #expect(kept().name == "outside")
        container.manager.reset()
        #expect(kept().name == "real", "a reset clears what was set from outside the definition")
    }
}
