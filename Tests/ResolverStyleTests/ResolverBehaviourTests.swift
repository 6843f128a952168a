// Behaviours a real server written for Resolver 1.5 relies on: each test failed before Plugboard behaved as
// Resolver does.
import PlugboardResolver
import Testing

final class Session {
    let origin: String
    var user: String?
    init(_ origin: String) { self.origin = origin }
}

@Suite struct ResolverBehaviourTests {
    @Test func reRegisteringKeepsTheInstanceAScopeHolds() {
        let resolver = Resolver(name: "server")
        resolver.register { Session("first") }.scope(.container)
        let held = resolver.resolve(Session.self)
        resolver.register { Session("second") }.scope(.container)
        #expect(resolver.resolve(Session.self) === held, "Resolver keys the scope's cache by type and name")
        resolver.cache.reset()
        #expect(resolver.resolve(Session.self).origin == "second")
    }

    @Test func aSharedInstanceStillHeldSurvivesANewRegistration() {
        let resolver = Resolver()
        resolver.register { Session("first") }.scope(.shared)
        let held = resolver.resolve(Session.self)
        resolver.register { Session("second") }.scope(.shared)
        #expect(resolver.resolve(Session.self) === held)
    }

    @Test func aRegistrationWithoutAScopeStartsWithTheDefaultScope() {
        let resolver = Resolver()
        resolver.register { Session("app") }.scope(.container)
        #expect(resolver.resolve(Session.self) === resolver.resolve(Session.self))
        resolver.register { Session("graph") }
        let first = resolver.resolve(Session.self)
        #expect(first.origin == "graph")
        #expect(resolver.resolve(Session.self) !== first, "graph, not the scope of the registration it replaced")
    }

    @Test func resolvePropertiesMayTakeTheArguments() {
        let resolver = Resolver()
        resolver.register { Session("args") }
            .resolveProperties { _, session, args in session.user = args() }
        let session: Session = resolver.resolve(args: "ada")
        #expect(session.user == "ada")
    }

    @Test func theCacheOfOneResolverIsItsOwn() {
        let first = Resolver(), second = Resolver()
        for resolver in [first, second] { resolver.register { Session("kept") }.scope(.container) }
        let kept = (first.resolve(Session.self), second.resolve(Session.self))
        first.cache.reset()
        #expect(first.resolve(Session.self) !== kept.0)
        #expect(second.resolve(Session.self) === kept.1)
    }
}

final class Delegate {}

final class Owner {
    @WeakLazyInjected(container: .delegates) var delegate: Delegate?
}

extension Resolver {
    static let delegates: Resolver = {
        let resolver = Resolver(name: "delegates")
        resolver.register { Delegate() }.scope(.shared)
        return resolver
    }()
}

@Suite struct ResolverWeakLazyTests {
    @Test func isEmptyTellsWhetherAnythingIsHeld() {
        let owner = Owner()
        #expect(owner.$delegate.isEmpty)
        let held = Resolver.delegates.resolve(Delegate.self)
        #expect(owner.delegate === held)
        #expect(!owner.$delegate.isEmpty)
        _ = held
    }
}
