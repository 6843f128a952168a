// Seed 000, "Factory Modifiers": the first definition, "The Factory Wins", "Reset" and "Chaining".
import Plugboard
import PlugboardTesting
import Testing

// The seed writes `public func myService: Factory<MyServiceType>()`: a computed property, as its text says.
extension Container {
    fileprivate var myService: Factory<MyServiceType> {
        self { MyService() }
            .singleton
            .onTest { MockAnalyticsEngine() }
    }

    var userProviding: Factory<UserProviding?> {
        self { nil }
    }
}

// "Or even under direct program control..."
func logout() {
    Container.shared.userProviding.register { nil }
}

@Suite(.container)
struct Seed000ModifiersTests {
    @Test func definitionModifiersApplyUnderTest() {
        let myService = Container.shared.myService()
        #expect(myService is MockAnalyticsEngine)
        #expect(Container.shared.myService() === myService, "singleton")
    }

    @Test func theFactoryWins() {
        Container.shared.myService.onTest { NullAnalyticsEngine() }
        let myService = Container.shared.myService()
        #expect(myService is MockAnalyticsEngine)
    }

    @Test func resetScopeClearsTheCachedSingleton() {
        let first = Container.shared.myService()
        Container.shared.myService
            .onTest { NullAnalyticsEngine() }
            .reset(.scope)
        let second = Container.shared.myService()
        #expect(first !== second)
    }

    @Test func chainingResolvesWithTheLatestDefinition() {
        // The seed writes `.()`; the call is `()` right after the modifier.
        let myService = Container.shared.myService
            .onTest { NullAnalyticsEngine() }()
        #expect(myService is NullAnalyticsEngine)
    }

    @Test func registerUnderProgramControl() {
        Container.shared.userProviding.register { EmptyUser() }
        #expect(Container.shared.userProviding() != nil)
        logout()
        #expect(Container.shared.userProviding() == nil)
    }
}

private struct EmptyUser: UserProviding {}
