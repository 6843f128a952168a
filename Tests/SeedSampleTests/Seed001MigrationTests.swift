// Seed 001, "Migration": defining, resolving, registering, scopes and resetting in Factory 2 style.
import Plugboard
import PlugboardTesting
import Testing

extension Container {
    var service: Factory<ServiceType> {
        self { MyService() }
    }

    var formalService: Factory<ServiceType> {
        Factory(self, scope: .unique) {
            MyService()
        }
    }

    var singletonService: Factory<ServiceType> {
        self { MyService() }.singleton
    }

    var decoratedSharedService: Factory<MyServiceType> {
        self { MyService() }
            .shared
            .decorator { print("DECORATING \($0.id)") }
    }

    var migrationCachedService: Factory<ServiceType> {
        self { MyService() }.cached
    }
}

final class ServiceUser {
    @Injected(\.service) var service: ServiceType
}

@Suite(.container)
struct Seed001MigrationTests {
    @Test func everyResolutionOfAUniqueFactoryIsNew() {
        let container = Container()
        let service = container.service()
        #expect(service !== container.service())
        #expect(Container.shared.service() !== Container.shared.service())
        #expect(container.formalService() !== container.formalService())
    }

    @Test func injectedResolvesFromTheSharedContainer() {
        Container.shared.service.register { MockService() }
        #expect(ServiceUser().service is MockService)
    }

    @Test func registeringOverridesAndClearsTheScope() {
        let container = Container()
        let before = container.migrationCachedService()
        #expect(container.migrationCachedService() === before)
        container.migrationCachedService.register {
            MockService()
        }
        #expect(container.migrationCachedService() is MockService)
    }

    @Test func scopes() {
        let container = Container()
        #expect(container.singletonService() === Container().singletonService(), "singletons are process-wide")
        let shared = container.decoratedSharedService()
        #expect(container.decoratedSharedService() === shared, "shared while held")
    }

    @Test func resetting() {
        Container.shared.service.register { MockService() }
        let cached = Container.shared.migrationCachedService()

        // Reset all registrations, restoring original factories but leaving caches intact
        Container.shared.manager.reset(options: .registration)
        #expect(!(Container.shared.service() is MockService))
        #expect(Container.shared.migrationCachedService() === cached)

        // Reset all scope caches, leaving registrations intact
        Container.shared.service.register { MockService() }
        Container.shared.manager.reset(options: .scope)
        #expect(Container.shared.migrationCachedService() !== cached)
        #expect(Container.shared.service() is MockService)

        // a specific scope cache
        let again = Container.shared.migrationCachedService()
        Container.shared.manager.reset(scope: .cached)
        #expect(Container.shared.migrationCachedService() !== again)

        // Reset everything based in that container.
        Container.shared.manager.reset()
        #expect(!(Container.shared.service() is MockService))
    }

    @Test func resettingAContainerOnlyAffectsThatContainer() {
        let other = Container()
        other.service.register { MockService() }
        Container.shared.manager.reset()
        #expect(other.service() is MockService)
    }
}
