import DependencyFacade
import Plugboard
import Testing

protocol Clock {
    var now: Int { get }
}

struct FixedClock: Clock {
    let now: Int
}

final class Session {
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
}

/// A type of the package's users that conforms to the façade: `Resolver` here is the protocols' typealias.
struct SessionFactory: DependencyResolving {
    let resolver: Resolver
    func make() -> Session { Session(clock: require(Clock.self)) }
}

@Suite struct DependencyFacadeTests {
    @Test func registersAndResolvesThroughAnyResolving() {
        let dependencies = Dependencies()
        dependencies.register(Clock.self) { FixedClock(now: 42) }
        #expect(dependencies.resolve(Clock.self)?.now == 42)
    }

    @Test func resolvesNilWhenNothingIsRegistered() {
        let dependencies = Dependencies()
        #expect(dependencies.resolve(Session.self) == nil)
        #expect(!dependencies.isRegistered(Session.self))
    }

    @Test func theRegisteredFactoryTakesModifiers() {
        let dependencies = Dependencies()
        dependencies.register { Session(clock: FixedClock(now: 1)) }.cached
        let first: Session? = dependencies.resolve()
        #expect(first != nil)
        #expect(dependencies.resolve(Session.self) === first)
    }

    @Test func registeringAgainReplacesTheFactory() {
        let dependencies = Dependencies()
        dependencies.register(Clock.self) { FixedClock(now: 1) }
        dependencies.register(Clock.self) { FixedClock(now: 2) }
        #expect(dependencies.require(Clock.self).now == 2)
    }

    @Test func aConformingTypeResolvesThroughTheTypealias() {
        let dependencies = Dependencies()
        dependencies.register(Clock.self) { FixedClock(now: 7) }
        let factory = SessionFactory(resolver: dependencies.resolver)
        #expect(factory.make().clock.now == 7)
    }

    @Test func anyContainerThatConformsCanBeTheResolver() {
        let containers: [any Resolving] = [Container(), FeatureContainer()]
        for (index, container) in containers.enumerated() {
            container.register(Clock.self) { FixedClock(now: index) }
        }
        #expect(containers.map { $0.resolve(Clock.self)?.now } == [0, 1])
    }

    @Test func theFactoryOfARegistrationIsThereOnceRegistered() {
        let resolver: any Resolving = Container()
        #expect(resolver.factory(Clock.self) == nil)
        resolver.register(Clock.self) { FixedClock(now: 3) }
        #expect(resolver.factory(Clock.self)?().now == 3)
    }

    @Test func aResetForgetsTheRegistrations() {
        let dependencies = Dependencies()
        dependencies.register(Clock.self) { FixedClock(now: 5) }
        dependencies.reset()
        #expect(dependencies.resolve(Clock.self) == nil)
    }

    @Test func aContainersOwnContextOverridesApplyToTypeKeyedRegistrations() {
        let dependencies = Dependencies()
        dependencies.register(Clock.self) { FixedClock(now: 1) }.onTest { FixedClock(now: 99) }
        #expect(dependencies.require(Clock.self).now == 99, "tests run in the test context")
    }
}
