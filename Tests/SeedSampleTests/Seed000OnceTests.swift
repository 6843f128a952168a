// Seed 000, "Once".
import Plugboard
import PlugboardTesting
import Testing

extension Container {
    fileprivate var myService: Factory<MyServiceType> {
        self { MyService() }
            .singleton
            .onTest { MockAnalyticsEngine() }
            .once()
    }
}

@Suite(.container)
struct Seed000OnceTests {
    @Test func onceKeepsWhatWasChangedFromOutside() {
        Container.shared.myService.onTest { NullAnalyticsEngine() }
        let myService = Container.shared.myService()
        #expect(myService is NullAnalyticsEngine)
        #expect(Container.shared.myService() === myService, "the singleton applied once stays")
    }

    @Test func withoutOutsideChangesTheDefinitionApplies() {
        #expect(Container.shared.myService() is MockAnalyticsEngine)
    }

    @Test func resetLetsTheDefinitionApplyAgain() {
        Container.shared.myService.onTest { NullAnalyticsEngine() }
        #expect(Container.shared.myService() is NullAnalyticsEngine)
        Container.shared.myService.reset()
        #expect(Container.shared.myService() is MockAnalyticsEngine)
    }
}
