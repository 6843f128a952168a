// Behaviours that code written for Factory 2.5 relies on, found by porting such code: each test failed
// before Plugboard behaved as Factory does.
import Foundation
import Plugboard
import Testing

final class Named {
    let name: String
    init(_ name: String) { self.name = name }
}

final class ContextContainer: SharedContainer {
    static var shared = ContextContainer()
    let manager = ContainerManager()
    var service: Factory<Named> { self { Named("base") }.onTest { Named("test") } }
    var sealed: Factory<Named> { self { Named("base") }.onTest { Named("once") }.once() }
}

/// A container written as a real command-line tool wrote one for Factory 2.5: its manager is computed, so
/// every read makes a new one.
final class ThrowawayManagerContainer: SharedContainer {
    static var shared = ThrowawayManagerContainer()
    var manager: ContainerManager { ContainerManager() }
    var service: Factory<Named> { self { Named("definition") } }
    var cachedService: Factory<Named> { self { Named("cached") }.cached }
}

@Suite(.serialized) struct Factory25BehaviourTests {
    /// A test's setup adds a context from outside the factory's definition; a context reset takes it away
    /// again however the getter ran in between.
    @Test(arguments: ["factory", "manager", "manager.context"])
    func aContextAddedFromOutsideIsTakenAwayByAContextReset(reset: String) {
        let argument = "PB-OUTSIDE-\(reset)"
        FactoryContext.setArg(argument, forKey: argument)
        defer { FactoryContext.removeArg(forKey: argument) }
        let container = ContextContainer()
        #expect(container.service().name == "test")
        container.service.onArg(argument) { Named("outside") }
        #expect(container.service().name == "outside")
        #expect(container.service().name == "outside", "the getter's modifiers ran again")
        switch reset {
        case "factory": container.service.reset(.context)
        case "manager": container.manager.reset()
        default: container.manager.reset(options: .context)
        }
        #expect(container.service().name == "test", "exactly the contexts the definition gives")
        #expect(container.service().name == "test")
    }

    @Test func aContextResetLeavesASealedDefinitionsContextsOff() {
        let container = ContextContainer()
        #expect(container.sealed().name == "once")
        container.sealed.reset(.context)
        #expect(container.sealed().name == "base", "the once state survives, so the getter does not re-apply them")
        container.manager.reset()
        #expect(container.sealed().name == "once", "a full reset clears the once state too")
    }

    @Test func aManagerMadeOnEveryReadResolvesTheDefinitions() {
        let container = ThrowawayManagerContainer()
        #expect(container.service().name == "definition")
        #expect(container.cachedService() !== container.cachedService(), "no manager keeps the instance")
        container.service.register { Named("registered") }
        #expect(container.service().name == "definition", "a registration on a throwaway manager is lost")
    }

    @Test func aManagerMadeOnEveryReadIsNamedInOneWarning() async throws {
        let result = try #require(
            await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                _ = ThrowawayManagerContainer().service()
                _ = ThrowawayManagerContainer().cachedService()
                _ = ThrowawayManagerContainer.shared.service()
            })
        let lines = String(decoding: result.standardErrorContent, as: UTF8.self).split(separator: "\n")
        let warnings = lines.filter { $0.hasPrefix("warning: Plugboard: ThrowawayManagerContainer.manager") }
        #expect(warnings.count == 1, "\(lines)")
    }
}
