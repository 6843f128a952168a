// Resolver 1.5's API that its users call, written as they write it (Swift 5 mode, as this target is).
import Foundation
import Plugboard
import Testing

extension Resolver.Name {
    static let fast = Self("fast")
}

extension ResolverScope {
    static let compatSession = ResolverScopeCache()
}

final class CompatSessionService {
    var token = ""
}

final class CompatPropertyTarget {
    var session: CompatSessionService?
}

struct CompatToken {
    let id = UUID()
}

final class CompatGraphObject {}

final class CompatHolder {
    let tokens: (CompatToken, CompatToken)
    let objects: (CompatGraphObject, CompatGraphObject)
    init(_ tokens: (CompatToken, CompatToken), _ objects: (CompatGraphObject, CompatGraphObject)) {
        self.tokens = tokens
        self.objects = objects
    }
}

@Suite struct Resolver15CompatibilityTests {
    @Test func namesAsResolverSpellsThem() {
        let resolver = Resolver()
        resolver.register(name: .fast) { CompatSessionService() }
        let fast: CompatSessionService = resolver.resolve(name: .fast)
        let maybe: CompatSessionService? = resolver.optional(name: .fast)
        #expect(maybe != nil)
        #expect(fast !== maybe, "graph scope: a new one per resolution")
        let missing: CompatSessionService? = resolver.optional(name: Resolver.Name("slow"))
        #expect(missing == nil)
    }

    @Test func resolverScopesAndCachesOfYourOwn() {
        let resolver = Resolver()
        resolver.register { CompatSessionService() }.scope(.container)
        resolver.register(name: "session") { CompatSessionService() }.scope(.compatSession)
        let container: CompatSessionService = resolver.resolve()
        #expect(container === resolver.resolve() as CompatSessionService)
        let session: CompatSessionService = resolver.resolve(name: "session")
        #expect(session === resolver.resolve(name: "session") as CompatSessionService)
        resolver.manager.reset(scope: .compatSession)
        #expect(session !== resolver.resolve(name: "session") as CompatSessionService)
        #expect(container === resolver.resolve() as CompatSessionService, "another scope's cache stays")
    }

    @Test func propertiesAreInjectedAfterCreation() {
        let resolver = Resolver()
        resolver.register { CompatSessionService() }.scope(.container)
        resolver.register { CompatPropertyTarget() }
            .resolveProperties { resolver, target in target.session = resolver.resolve(CompatSessionService.self) }
            .resolveProperties { _, target in target.session?.token = "injected" }
        let target: CompatPropertyTarget = resolver.resolve()
        #expect(target.session === resolver.resolve() as CompatSessionService)
        #expect(target.session?.token == "injected")
    }

    @Test func theGraphScopeReusesObjectsButNotValues() {
        let resolver = Resolver()
        resolver.register { CompatToken() }
        resolver.register { CompatGraphObject() }
        resolver.register { r in CompatHolder((r.resolve(), r.resolve()), (r.resolve(), r.resolve())) }
        let holder: CompatHolder = resolver.resolve()
        #expect(holder.objects.0 === holder.objects.1, "one object per resolution graph")
        #expect(holder.tokens.0.id != holder.tokens.1.id, "a struct is made for each injection, as in Resolver")
    }

    @Test func theDefaultScopeAppliesToLaterRegistrations() async {
        await #expect(processExitsWith: .success) {
            Resolver.defaultScope = .application
            let resolver = Resolver()
            resolver.register { CompatSessionService() }
            let first: CompatSessionService = resolver.resolve()
            guard first === resolver.resolve() as CompatSessionService else { exit(1) }
        }
    }
}

final class CompatRootOnly {}
final class CompatLazyService {
    let size: Int
    init(size: Int) { self.size = size }
}
final class CompatUnregistered {}

extension Resolver {
    static let compat = Resolver(name: "compat")
}

final class CompatResolverViewModel {
    @Injected var root: CompatRootOnly
    @Injected(name: .fast, container: .compat) var fast: CompatSessionService
    @LazyInjected(container: .compat) var lazy: CompatLazyService
    @WeakLazyInjected(container: .compat) var weak: CompatSessionService?
    @OptionalInjected(container: .compat) var missing: CompatUnregistered?
    @OptionalInjected(name: .fast, container: .compat) var present: CompatSessionService?
}

@Suite struct ResolverWrapperTests {
    init() {
        Resolver.main.register { CompatRootOnly() }
        Resolver.compat.register(name: .fast) { CompatSessionService() }.scope(.container)
        Resolver.compat.register { _, args in CompatLazyService(size: args() ?? 1) }
        Resolver.compat.register { CompatSessionService() }.scope(.container)
    }

    @Test func typeInferredWrappersResolveFromResolver() {
        let model = CompatResolverViewModel()
        #expect(model.fast === Resolver.compat.resolve(name: .fast) as CompatSessionService)
        #expect(model.missing == nil)
        #expect(model.present === model.fast)
        _ = model.root
    }

    @Test func lazyWrappersTakeArgumentsAndCanBeReleased() {
        let model = CompatResolverViewModel()
        #expect(model.$lazy.isEmpty)
        model.$lazy.args = 5
        #expect(model.lazy.size == 5)
        #expect(!model.$lazy.isEmpty)
        model.$lazy.release()
        #expect(model.$lazy.isEmpty)
        let held = Resolver.compat.resolve(CompatSessionService.self)
        #expect(model.weak === held)
    }
}
