// Scopes that resolve, as Resolver 1.5.1's users write them: a type of their own that conforms to
// `ResolverScopeType` and decides each resolution, one that hands registrations to a scope of Resolver's, a
// unique `ResolverScope()`, and a resolver whose `cache` (its `.container` scope) is another kind.
import Foundation
import PlugboardResolver
import Testing

final class Wallet {
    let owner: String
    init(_ owner: String) { self.owner = owner }
}

final class Ticket {}

/// Keeps one instance per registration for the signed-in user, and drops them on sign-out.
final class PerUserScope: ResolverScopeType, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: Any] = [:]
    var user = "ann"

    func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?) -> Service? {
        let key = registration.cacheKey + "@" + lock.withLock { user }
        if let service = lock.withLock({ kept[key] }) as? Service { return service }
        let service = registration.instantiate(resolver: resolver, args: args)
        lock.withLock { kept[key] = service }
        return service
    }

    func reset() {
        lock.withLock { kept = [:] }
    }
}

/// Keeps nothing itself: hands every registration to Resolver's cache scope while caching is on.
final class SwitchedScope: ResolverScopeType, @unchecked Sendable {
    var caching = true

    func resolve<Service>(registration: ResolverRegistration<Service>, resolver: Resolver, args: Any?) -> Service? {
        caching
            ? ResolverScope.cached.resolve(registration: registration, resolver: resolver, args: args)
            : registration.instantiate(resolver: resolver, args: args)
    }

    func reset() {}
}

@Suite struct ResolverScopeOfYourOwnTests {
    @Test func aScopeOfYourOwnDecidesEachResolution() {
        let scope = PerUserScope()
        let resolver = Resolver()
        let made = Counter()
        resolver.register { () -> Wallet in
            made.increment()
            return Wallet("wallet \(made.count)")
        }.scope(scope)
        let first = resolver.resolve(Wallet.self)
        #expect(resolver.resolve(Wallet.self) === first, "kept for the user")
        scope.user = "bob"
        let bobs = resolver.resolve(Wallet.self)
        #expect(bobs !== first)
        scope.user = "ann"
        #expect(resolver.resolve(Wallet.self) === first)
        scope.reset()
        #expect(resolver.resolve(Wallet.self) !== first, "a sign-out drops what the scope kept")
        #expect(made.count == 3)
    }

    @Test func aScopeOfYourOwnMayHandARegistrationToOneOfResolvers() {
        let scope = SwitchedScope()
        let resolver = Resolver()
        resolver.register { Ticket() }.scope(scope)
        let cached = resolver.resolve(Ticket.self)
        #expect(resolver.resolve(Ticket.self) === cached)
        scope.caching = false
        #expect(resolver.resolve(Ticket.self) !== cached)
    }

    @Test func aResolverScopeMadeAsSuchIsUnique() {
        let resolver = Resolver()
        resolver.register { Wallet("unique") }.scope(ResolverScope())
        #expect(resolver.resolve(Wallet.self) !== resolver.resolve(Wallet.self))
    }

    @Test func aResolversCacheMayBeAnotherKindOfScope() {
        let resolver = Resolver()
        resolver.cache = ResolverScopeShare()
        resolver.register { Wallet("shared") }.scope(.container)
        var held: Wallet? = resolver.resolve(Wallet.self)
        #expect(resolver.resolve(Wallet.self) === held, "kept while someone holds it")
        weak let released = held
        held = nil
        #expect(released == nil, "a shared scope lets go once nothing else holds it")
        let other = Resolver()
        other.register { Wallet("other") }.scope(ResolverScopeContainer())
        let kept = other.resolve(Wallet.self)
        #expect(other.resolve(Wallet.self) === kept, "the default cache keeps one per resolver")
        other.cache.reset()
        #expect(other.resolve(Wallet.self) !== kept)
    }

    @Test func aContainerScopeIsAResolverScope() {
        let scopes: [ResolverScope] = [.application, ResolverScopeContainer()]
        let resolver = Resolver()
        resolver.register { Wallet("per resolver") }.scope(scopes[1])
        let kept = resolver.resolve(Wallet.self)
        #expect(resolver.resolve(Wallet.self) === kept)
        let child = Resolver(child: resolver)
        #expect(child.resolve(Wallet.self) !== kept, "kept by the resolver where the resolution started")
    }
}
