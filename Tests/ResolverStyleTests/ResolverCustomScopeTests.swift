// Scopes of a program's own, as Resolver's Scopes.md declares them (`static let session = ResolverScopeCache()`),
// and the scope types Resolver users name (`ResolverScopeType` and its implementations). Each type here is used
// by one test only: a cache of one's own keeps one instance per type and name for the whole process.
import PlugboardResolver
import Testing

final class SessionUser {
    let origin: String
    init(_ origin: String) { self.origin = origin }
}

final class SessionCart {
    let origin: String
    init(_ origin: String) { self.origin = origin }
}

final class LoggedInProfile {}

extension Resolver {
    static let session = ResolverScopeCache()
    static let basket = ResolverScopeCache()
    static let screen = ResolverScopeShare()
}

@Suite struct ResolverCustomScopeTests {
    /// In Resolver a cache of one's own is one cache, whichever resolver registers with it: a mock resolver's
    /// registration resolves the instance the app's made, until the scope is reset.
    @Test func aCacheOfYourOwnIsOneCacheForEveryResolver() {
        let app = Resolver(name: "app"), mock = Resolver(name: "mock")
        app.register { SessionUser("app") }.scope(Resolver.session)
        mock.register { SessionUser("mock") }.scope(Resolver.session)
        let fromApp = app.resolve(SessionUser.self)
        #expect(fromApp.origin == "app")
        #expect(mock.resolve(SessionUser.self) === fromApp, "one instance per type and name in the scope")
        Resolver.session.reset()
        #expect(mock.resolve(SessionUser.self).origin == "mock", "after the reset, the resolver asked makes one")
        #expect(app.resolve(SessionUser.self).origin == "mock")
    }

    /// Each cache of one's own is separate from `.cached` and from the others: resetting one leaves the rest.
    @Test func resettingOneCacheLeavesTheOthers() {
        let resolver = Resolver()
        resolver.register { SessionCart("basket") }.scope(Resolver.basket)
        resolver.register(name: "cached") { SessionCart("cached") }.scope(.cached)
        let inBasket = resolver.resolve(SessionCart.self)
        let cached: SessionCart = resolver.resolve(name: "cached")
        ResolverScope.cached.reset()
        #expect(resolver.resolve(SessionCart.self) === inBasket)
        Resolver.basket.reset()
        #expect(resolver.resolve(SessionCart.self) !== inBasket)
        #expect((resolver.resolve(name: "cached") as SessionCart) !== cached)
    }

    /// A shared scope of one's own keeps the instance for every resolver while someone holds it.
    @Test func aSharedScopeOfYourOwnIsSharedByEveryResolver() {
        let app = Resolver(), mock = Resolver()
        app.register { LoggedInProfile() }.scope(Resolver.screen)
        mock.register { LoggedInProfile() }.scope(Resolver.screen)
        var held: LoggedInProfile? = app.resolve(LoggedInProfile.self)
        #expect(mock.resolve(LoggedInProfile.self) === held)
        Resolver.screen.reset()
        #expect(mock.resolve(LoggedInProfile.self) !== held)
        held = nil
    }

    /// Resolver's scope types, as its users name them: a logout resets every session-level scope through
    /// `ResolverScopeType`, and each implementation can be made.
    @Test func everyScopeIsAResolverScopeType() {
        let resolver = Resolver()
        let graph = ResolverScopeGraph(), unique = ResolverScopeUnique(), container = ResolverScopeContainer()
        resolver.register(name: "graph") { SessionUser("graph") }.scope(graph)
        resolver.register(name: "unique") { SessionUser("unique") }.scope(unique)
        resolver.register(name: "container") { SessionUser("container") }.scope(container)
        let first: SessionUser = resolver.resolve(name: "container")
        #expect((resolver.resolve(name: "container") as SessionUser) === first, "kept in this resolver")
        #expect((resolver.resolve(name: "unique") as SessionUser) !== (resolver.resolve(name: "unique") as SessionUser))
        let scopes: [any ResolverScopeType] = [
            Resolver.session, ResolverScope.cached, ResolverScope.shared, ResolverScope.application, graph, unique,
            container,
        ]
        for scope in scopes { scope.reset() }
        #expect(
            (resolver.resolve(name: "container") as SessionUser) === first,
            "as in Resolver, the container scope's reset does nothing")
        resolver.cache.reset()
        #expect((resolver.resolve(name: "container") as SessionUser) !== first)
    }
}
