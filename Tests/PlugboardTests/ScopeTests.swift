import Foundation
import Plugboard
import PlugboardTesting
import Testing

extension Scope {
    static let session = Cached()
    static let appWide = Singleton()
}

final class ScopedContainer: ManagedContainer {
    let manager = ContainerManager()
    let builds = Counter()

    var session: Factory<Thing> { self { Thing() }.scope(.session) }
    var expiring: Factory<Thing> { self { Thing() }.cached.timeToLive(0.05) }
    var sharedExpiring: Factory<Thing> { self { Thing() }.shared.timeToLive(0.05) }
    var perParameter: ParameterFactory<Int, Thing> { self { Thing("\($0)") }.cached.scopeOnParameters }
    var onePerAllParameters: ParameterFactory<Int, Thing> { self { Thing("\($0)") }.cached }
    var noScope: Factory<Thing> {
        self { [builds] in
            builds.increment()
            return Thing()
        }
    }
    /// Memoized recursion: a cached parameter factory that resolves itself with other parameters.
    var fibonacci: ParameterFactory<Int, Int> {
        self { [builds] n in
            builds.increment()
            return n < 2 ? n : self.fibonacci(n - 1) + self.fibonacci(n - 2)
        }.cached.scopeOnParameters
    }
    var counted: Factory<Thing> {
        self { [builds] in
            builds.increment()
            return Thing()
        }.cached
    }
}

@Suite(.container) struct ScopeTests {
    @Test func uniqueMakesANewInstanceEveryTime() {
        let container = TestContainer()
        #expect(container.unique() !== container.unique())
    }

    @Test func cachedKeepsOneInstancePerContainer() {
        let container = TestContainer()
        #expect(container.cachedThing() === container.cachedThing())
        #expect(container.cachedThing() !== TestContainer().cachedThing())
    }

    @Test func sharedKeepsTheInstanceOnlyWhileHeld() {
        let container = TestContainer()
        var held: Thing? = container.sharedThing()
        let identity = ObjectIdentifier(held!)
        #expect(ObjectIdentifier(container.sharedThing()) == identity)
        weak let weakHeld = held
        held = nil
        #expect(weakHeld == nil, "the scope does not keep it alive")
        _ = container.sharedThing()
    }

    @Test func singletonIsProcessWideAndKeyedByFactory() {
        let singleton = TestContainer().singletonThing()
        #expect(TestContainer().singletonThing() === singleton)
        #expect(TestContainer().cachedThing() !== singleton)
        Scope.singleton.reset()
        #expect(TestContainer().singletonThing() !== singleton)
    }

    @Test func customSingletonScopesResetSeparately() {
        let container = TestContainer()
        let appWide = container.unique.scope(.appWide)()
        let singleton = container.singletonThing()
        Scope.singleton.reset()
        #expect(container.unique.scope(.appWide)() === appWide)
        #expect(container.singletonThing() !== singleton)
        Scope.appWide.reset()
        #expect(container.unique.scope(.appWide)() !== appWide)
    }

    @Test func graphSharesOneInstanceWithinOneResolution() {
        let container = TestContainer()
        let root = container.graphRoot()
        #expect(root.a === root.b)
        let other = container.graphRoot()
        #expect(other.a !== root.a, "a new resolution makes a new graph")
        #expect(container.graphThing() !== container.graphThing())
    }

    @Test func customCachedScopesResetSeparately() {
        let container = ScopedContainer()
        let session = container.session()
        #expect(container.session() === session)
        container.manager.reset(scope: .cached)
        #expect(container.session() === session)
        container.manager.reset(scope: .session)
        #expect(container.session() !== session)
    }

    /// Factory's time to live: it slides (each hit before it runs out starts it again) and runs on the wall
    /// clock, so it also runs while a device sleeps.
    @Test func timeToLiveExpiresCachedInstancesThatWentUnusedForThatLong() {
        let clock = ManualClock()
        TimeToLiveClock.$manual.withValue(clock) {
            let container = ScopedContainer()
            let first = container.expiring()
            clock.advance(by: 0.049)
            #expect(container.expiring() === first, "kept for its time to live (50 ms)")
            clock.advance(by: 0.049)
            #expect(container.expiring() === first, "98 ms after it was made, 49 ms after it was last handed out")
            clock.advance(by: 0.051)
            let second = container.expiring()
            #expect(second !== first, "made anew once it went unused for its time to live")
            clock.advance(by: 0.010)
            #expect(container.expiring() === second, "the new one is kept from when it was made")
        }
    }

    /// The time to live of an instance the shared scope keeps slides the same way.
    @Test func timeToLiveSlidesInTheSharedScopeToo() {
        let clock = ManualClock()
        TimeToLiveClock.$manual.withValue(clock) {
            let container = ScopedContainer()
            let held = container.sharedExpiring()
            clock.advance(by: 0.040)
            #expect(container.sharedExpiring() === held)
            clock.advance(by: 0.040)
            #expect(container.sharedExpiring() === held, "80 ms after it was made, 40 ms after its last use")
            clock.advance(by: 0.060)
            #expect(container.sharedExpiring() !== held, "unused for longer than its time to live: made anew")
        }
    }

    /// Factory's clock is the wall clock (`CFAbsoluteTimeGetCurrent()`): seconds since 2001 as `Date` counts them.
    @Test func theTimeToLiveClockIsTheWallClock() {
        let before = Date().timeIntervalSinceReferenceDate
        let now = TimeToLiveClock.now()
        #expect(now >= before && now <= Date().timeIntervalSinceReferenceDate)
    }

    @Test func scopeOnParametersKeepsOneInstancePerValue() {
        let container = ScopedContainer()
        let one = container.perParameter(1)
        #expect(container.perParameter(1) === one)
        #expect(container.perParameter(2) !== one)
        #expect(container.perParameter(2).name == "2")
        #expect(container.onePerAllParameters(1) === container.onePerAllParameters(2), "without it, one for all")
    }

    @Test func aCachedParameterFactoryMayResolveItselfWithOtherParameters() {
        // Each value is built inside the build of a larger one, under the same slot's build lock.
        let container = ScopedContainer()
        #expect(container.fibonacci(30) == 832_040)
        #expect(container.builds.count == 31, "each of 0...30 built once")
        #expect(container.fibonacci(25) == 75_025)
        #expect(container.builds.count == 31, "and then found in the cache")
    }

    @Test func defaultScopeAppliesToFactoriesWithoutOne() {
        let container = ScopedContainer()
        container.manager.defaultScope = .cached
        #expect(container.noScope() === container.noScope())
        #expect(container.noScope.unique() !== container.noScope.unique(), "an explicit scope wins")
    }

    @Test func registerClearsTheInstanceOfTheDefaultScope() {
        // The library the seeds describe keeps serving the old instance here.
        let container = ScopedContainer()
        container.manager.defaultScope = .cached
        let old = container.noScope()
        container.noScope.register { Thing("new") }
        #expect(container.noScope().name == "new")
        #expect(container.noScope() !== old)
    }

    @Test func registerClearsTheCachedInstanceWhateverItsScope() {
        let container = TestContainer()
        _ = container.cachedThing()
        container.cachedThing.register { Thing("cached") }
        #expect(container.cachedThing().name == "cached")
        _ = container.singletonThing()
        container.singletonThing.register { Thing("singleton") }
        #expect(container.singletonThing().name == "singleton")
        _ = container.sharedThing()
        container.sharedThing.register { Thing("shared") }
        #expect(container.sharedThing().name == "shared")
    }

    @Test func changingTheScopeDropsTheCachedInstance() {
        let container = TestContainer()
        let cached = container.unscoped.cached()
        #expect(container.unscoped.cached() === cached)
        #expect(container.unscoped.scope(.session)() !== cached)
    }

    @Test func resolutionAfterRegisterUsesTheScopeAsBefore() {
        let container = ScopedContainer()
        container.counted.register { Thing("mock") }
        let first = container.counted()
        #expect(container.counted() === first)
        #expect(first.name == "mock")
    }
}
