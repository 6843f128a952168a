// Resolver 1.5's API that its users call, written as they write it (Swift 5 mode, as this target is).
import Foundation
import PlugboardResolver
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

extension ResolverRootTests {
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
            ResolverScope.compatSession.reset()
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

/// The registrations the wrapper and `Resolving` tests share, made once per process: registering again
/// replaces a registration and drops its cached instance, which would reach a test running beside it.
enum CompatRegistrations {
    static let made: Void = {
        Resolver.main.register { CompatRootOnly() }
        Resolver.compat.register(name: .fast) { CompatSessionService() }.scope(.container)
        Resolver.compat.register { _, args in CompatLazyService(size: args() ?? 1) }
        Resolver.compat.register { CompatSessionService() }.scope(.container)
    }()
}

final class CompatResolverViewModel {
    @Injected var root: CompatRootOnly
    @Injected(name: .fast, container: .compat) var fast: CompatSessionService
    @LazyInjected(container: .compat) var lazy: CompatLazyService
    @WeakLazyInjected(container: .compat) var weak: CompatSessionService?
    @OptionalInjected(container: .compat) var missing: CompatUnregistered?
    @OptionalInjected(name: .fast, container: .compat) var present: CompatSessionService?
}

extension ResolverRootTests {
    @Suite struct ResolverWrapperTests {
        init() {
            CompatRegistrations.made
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
}

/// A view controller as Resolver's users write one: it resolves from `Resolver.root` through `Resolving`.
final class CompatProfileViewController: Resolving {
    lazy var session: CompatSessionService = resolver.resolve(name: .fast)
}

/// One that names its own container.
final class CompatMockedViewController: Resolving {
    var resolver: Resolver { .compat }
    lazy var session: CompatSessionService = resolver.resolve(name: .fast)
}

extension ResolverRootTests {
    @Suite struct ResolverResolvingTests {
        @Test func resolvingTypesResolveFromRootUnlessTheyNameAContainer() {
            CompatRegistrations.made
            #expect(CompatProfileViewController().resolver === Resolver.root)
            let mocked = CompatMockedViewController()
            #expect(mocked.session === Resolver.compat.resolve(name: .fast) as CompatSessionService)
        }
    }
}

/// Resolver's process-wide state: each test runs in a process of its own, so that resetting `main` or a
/// cache scope never reaches the tests running beside it.
@Suite struct ResolverProcessStateTests {
    @Test func cachedAndSharedResetsReachEveryResolver() async {
        await #expect(processExitsWith: .success) {
            let first = Resolver(), second = Resolver()
            for resolver in [first, second] {
                resolver.register { CompatSessionService() }.scope(.cached)
                resolver.register { CompatGraphObject() }.scope(.shared)
            }
            let cached = [first, second].map { $0.resolve(CompatSessionService.self) }
            let shared = [first, second].map { $0.resolve(CompatGraphObject.self) }
            guard cached[0] === first.resolve(CompatSessionService.self) else { exit(1) }
            ResolverScope.cached.reset()
            guard cached[0] !== first.resolve(CompatSessionService.self),
                cached[1] !== second.resolve(CompatSessionService.self)
            else { exit(2) }
            guard shared[1] === second.resolve(CompatGraphObject.self) else { exit(3) }
            ResolverScope.shared.reset()
            guard shared[0] !== first.resolve(CompatGraphObject.self),
                shared[1] !== second.resolve(CompatGraphObject.self)
            else { exit(4) }
        }
    }

    @Test func resetStartsOverWithANewMain() async {
        await #expect(processExitsWith: .success) {
            let oldMain = Resolver.main
            Resolver.register { CompatRootOnly() }.scope(.application)
            let kept: CompatRootOnly = Resolver.resolve()
            Resolver.reset()
            guard Resolver.main !== oldMain, Resolver.root === Resolver.main else { exit(1) }
            guard Resolver.optional(CompatRootOnly.self) == nil else { exit(2) }  // the new main is empty
            Resolver.register { CompatRootOnly() }.scope(.application)
            guard Resolver.resolve(CompatRootOnly.self) !== kept else { exit(3) }  // application cleared
            let network: XYZNetworkService = Resolver.resolve()  // registerAllServices ran again
            _ = network
        }
    }

    @Test func mainIsSettableAndRootStaysWhereItWas() async {
        await #expect(processExitsWith: .success) {
            let original = Resolver.root
            let replacement = Resolver(name: "replacement")
            Resolver.main = replacement
            Resolver.register(name: "only-here") { CompatRootOnly() }
            guard Resolver.main === replacement, Resolver.root === original else { exit(1) }
            guard replacement.optional(CompatRootOnly.self, name: "only-here") != nil,
                Resolver.optional(CompatRootOnly.self, name: "only-here") == nil
            else { exit(2) }
        }
    }

    @Test func registerServicesRunsRegistrationNowAndOnce() async {
        await #expect(processExitsWith: .success) {
            // registerAllServices() registers XYZSessionService: run it first, then replace the registration.
            Resolver.registerServices?()
            Resolver.register { XYZMockSessionService() as XYZSessionService }
            Resolver.main.registerServices()
            guard Resolver.resolve(XYZSessionService.self) is XYZMockSessionService else { exit(1) }
        }
    }
}

/// `Resolver.Name.name(fromString:)` as Resolver 1.5 declares it: an optional string, an optional name.
@Suite struct ResolverNameFromStringTests {
    @Test func anAbsentStringIsNoName() {
        Resolver.main.register(name: "fromString") { "named service" }
        let configured: String? = "fromString"
        let missing: String? = nil
        #expect(Resolver.Name.name(fromString: missing) == nil)
        if let name = Resolver.Name.name(fromString: configured) {
            #expect(Resolver.resolve(String.self, name: name) == "named service")
        } else {
            Issue.record("a present string is a name")
        }
        let literal: Resolver.Name = .name(fromString: "fast")
        #expect(literal.rawValue == "fast")
    }
}
