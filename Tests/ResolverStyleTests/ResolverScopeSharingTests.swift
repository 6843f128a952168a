// Resolver 1.5.1's scopes with two or more resolvers, as its documented mock and child patterns use them: what
// each scope keeps, and where. Each type here is used by one test only, because `.cached` and `.shared` keep
// one instance per type and name for the whole process, as in Resolver.
import Foundation
import PlugboardResolver
import Testing

final class ProcessCachedService {
    let origin: String
    init(_ origin: String) { self.origin = origin }
}

final class ProcessSharedService {
    let origin: String
    init(_ origin: String) { self.origin = origin }
}

final class ContainerKeptService {}

protocol Storing: AnyObject {}
final class FastStore: Storing {
    let variant: String
    init(_ variant: String) { self.variant = variant }
}

@Suite struct ResolverScopeSharingTests {
    /// Resolver keeps `.cached` instances by type and name for the whole process: a second resolver that
    /// registers the same type gets the instance the first one made, not its own.
    @Test func twoResolversShareTheCachedInstanceOfATypeAndName() {
        let app = Resolver(name: "app"), mock = Resolver(name: "mock")
        app.register { ProcessCachedService("app") }.scope(.cached)
        mock.register { ProcessCachedService("mock") }.scope(.cached)
        mock.register(name: "other") { ProcessCachedService("mock, named") }.scope(.cached)
        let fromApp = app.resolve(ProcessCachedService.self)
        #expect(fromApp.origin == "app")
        #expect(mock.resolve(ProcessCachedService.self) === fromApp, "one instance per type and name")
        let named: ProcessCachedService = mock.resolve(name: "other")
        #expect(named.origin == "mock, named", "another name is another instance")
    }

    /// `.shared` likewise, while someone holds the instance.
    @Test func twoResolversShareTheSharedInstanceWhileItIsHeld() {
        let app = Resolver(), mock = Resolver()
        app.register { ProcessSharedService("app") }.scope(.shared)
        mock.register { ProcessSharedService("mock") }.scope(.shared)
        var held: ProcessSharedService? = app.resolve(ProcessSharedService.self)
        #expect(mock.resolve(ProcessSharedService.self) === held)
        #expect(held?.origin == "app")
        held = nil
        #expect(mock.resolve(ProcessSharedService.self).origin == "mock", "released: the resolver asked makes one")
    }

    /// `.container` keeps the instance in the resolver where the resolution started: a child's registration
    /// resolved from its parent is the parent's instance, and the child's own resolutions get another.
    @Test func theContainerScopeKeepsInTheResolverWhereResolutionStarted() {
        let child = Resolver(name: "child")
        let parent = Resolver(name: "parent", child: child)
        child.register { ContainerKeptService() }.scope(.container)
        let fromParent = parent.resolve(ContainerKeptService.self)
        let fromChild = child.resolve(ContainerKeptService.self)
        #expect(fromParent !== fromChild)
        #expect(parent.resolve(ContainerKeptService.self) === fromParent)
        #expect(child.resolve(ContainerKeptService.self) === fromChild)
        parent.cache.reset()
        #expect(parent.resolve(ContainerKeptService.self) !== fromParent, "the parent's cache was reset")
        #expect(child.resolve(ContainerKeptService.self) === fromChild, "the child's was not")
    }

    /// Resolver's `.implements` resolves the service's unnamed registration, even from a named one.
    @Test func implementsOnANamedRegistrationResolvesTheUnnamedOne() {
        let resolver = Resolver()
        resolver.register { FastStore("unnamed") }
        resolver.register(name: "fast") { FastStore("fast") }.implements(Storing.self)
        #expect((resolver.resolve(Storing.self) as? FastStore)?.variant == "unnamed")
        let fast: FastStore = resolver.resolve(name: "fast")
        #expect(fast.variant == "fast")
    }
}

/// Resolver's process-wide hooks and resets, each in a process of its own so that the tests running beside
/// them never see them.
@Suite struct ResolverProcessScopeTests {
    @Test func cachedResetClearsEveryResolversSharedInstanceButNotTheContainerScope() async {
        await #expect(processExitsWith: .success) {
            let app = Resolver(), mock = Resolver()
            for resolver in [app, mock] {
                resolver.register { ProcessCachedService("kept") }.scope(.cached)
                resolver.register { ContainerKeptService() }.scope(.container)
            }
            let cached = app.resolve(ProcessCachedService.self)
            let contained = (app.resolve(ContainerKeptService.self), mock.resolve(ContainerKeptService.self))
            guard mock.resolve(ProcessCachedService.self) === cached, contained.0 !== contained.1 else { exit(1) }
            ResolverScope.cached.reset()
            guard mock.resolve(ProcessCachedService.self) !== cached else { exit(2) }
            guard app.resolve(ContainerKeptService.self) === contained.0,
                mock.resolve(ContainerKeptService.self) === contained.1
            else { exit(3) }
            ResolverScope.container.reset()
            guard app.resolve(ContainerKeptService.self) === contained.0 else { exit(4) }
        }
    }

    /// `Resolver.decorate` (Resolver 1.5.1) sees every service any resolver resolves, nested ones too.
    @Test func decorateSeesEveryServiceEveryResolverResolves() async {
        await #expect(processExitsWith: .success) {
            let seen = Lines()
            Resolver.decorate = { seen.append("\(type(of: $0))") }
            let first = Resolver(), second = Resolver()
            first.register { Thing("first") }
            second.register { Dependent(a: first.resolve(), b: first.resolve()) }
            _ = second.resolve(Dependent.self)
            _ = second.optional(Thing.self)
            _ = first.optional(Thing.self)
            guard seen.all == ["Thing", "Thing", "Dependent", "Thing"] else {
                FileHandle.standardError.write(Data("\(seen.all)\n".utf8))
                exit(1)
            }
            Resolver.decorate = nil
            _ = first.resolve(Thing.self)
            guard seen.all.count == 4 else { exit(2) }
        }
    }
}
