// Seed 000 ("After the fact, when the application runs...", "External Setup") and seed 003 ("Xcode
// UITesting") each extend `Container` with `AutoRegistering`; a program has one such conformance, so the
// two `autoRegister()` bodies of the seeds stand here together.
import Foundation
import Plugboard
import PlugboardTesting
import Testing

// "External Setup": only what should never change goes into the definition.
extension Container {
    var externalService: Factory<MyServiceType> {
        self { MyService() }
            .singleton
    }

    var myServiceType: Factory<MyServiceType> {
        self { MyService() }
    }
}

extension Container: AutoRegistering {
    public func autoRegister() {
        #if DEBUG
            // Seed 000 (with `myService` spelled `externalService` here, the seed's "External Setup" factory)
            externalService
                .onArg("mock0") { EmptyService() }
                .onArg("mock1") { MockServiceN(1) }
                .onArg("error") { MockError(404) }
            externalService
                .onTest { MockAnalyticsEngine() }
            // Seed 003: register directly from a launch argument...
            // (`ProcessInfo()` in the seed; swift-corelibs-foundation only exposes `processInfo`)
            if ProcessInfo.processInfo.arguments.contains("mock1") {
                myServiceType.register { MockServiceN(1) }
            }
            // ... or simplify things with an `arg` context.
            myServiceType.onArg("mock1") { MockServiceN(1) }
        #endif
    }
}

@Suite(.container)
struct SeedAutoRegistrationTests {
    @Test func externalSetupAppliesTheTestContext() {
        #expect(Container.shared.externalService() is MockAnalyticsEngine)
    }

    @Test(arguments: [("mock0", "EmptyService"), ("mock1", "MockServiceN"), ("error", "MockError")])
    func launchArgumentsPickTheirOverride(argument: String, type: String) {
        var context = FactoryContext.current
        context.arguments = ["App", argument]
        FactoryContext.withContext(context) {
            let service = Container.shared.externalService()
            #expect(String(describing: Swift.type(of: service)) == type)
        }
    }

    @Test func argContextFromSeed003() {
        var context = FactoryContext.current
        context.arguments = ["App", "mock1"]
        FactoryContext.withContext(context) {
            #expect((Container.shared.myServiceType() as? MockServiceN)?.n == 1)
        }
        #expect(!(Container.shared.myServiceType() is MockServiceN))
    }
}
