// Seed 004, "Resolver: Containers": main and root, custom containers, nested containers, the party
// trick, multiple children. A program has one `ResolverRegistering` conformance, so the seed's
// `registerAllServices()` bodies stand here together.
import Foundation
import PlugboardResolver
import Testing

class XYZSessionService {}
final class XYZMockSessionService: XYZSessionService {}

final class XYZNetworkService {
    let session: XYZSessionService
    init(session: XYZSessionService) { self.session = session }
}

final class Segment {
    let origin: String
    init(_ origin: String) { self.origin = origin }
}
final class OnlyInB {}
struct Sized {
    let size: Int
}

extension Resolver {
    // "Creating your own containers"
    static let custom = Resolver()

    // "Nested Containers" / "Party Trick?"
    static let mock = Resolver(child: main)

    // "Multiple Child Containers"
    static let containerA = Resolver()
    static let containerB = Resolver()
}

extension Resolver: ResolverRegistering {
    public static func registerAllServices() {
        register { XYZNetworkService(session: resolve()) }
        register { XYZSessionService() }

        #if DEBUG
            mock.register { XYZMockSessionService() as XYZSessionService }
        #endif

        custom.register { XYZNetworkService(session: custom.resolve()) }
        custom.register { XYZSessionService() }

        main.add(child: containerA)
        main.add(child: containerB)
        containerA.register { Segment("A") }
        containerB.register { Segment("B") }
        containerB.register { OnlyInB() }

        register { _, args in Sized(size: args()) }
        register(name: "large") { Sized(size: 1_000) }
    }
}

class MyClass {
    var session: XYZNetworkService = Resolver.custom.resolve()
}

extension ResolverRootTests {
    @Suite struct Seed004ResolverTests {
        init() {
            Resolver.root = Resolver.main
        }

        @Test func staticRegistrationGoesToMainAndResolutionToRoot() {
            let network: XYZNetworkService = Resolver.resolve()
            #expect(type(of: network.session) == XYZSessionService.self)
            let viaMain: XYZNetworkService = Resolver.main.resolve()
            #expect(type(of: viaMain.session) == XYZSessionService.self)
        }

        @Test func customContainers() {
            let object = MyClass()
            #expect(type(of: object.session.session) == XYZSessionService.self)
            let fromMain: XYZSessionService? = Resolver.custom.optional()
            #expect(fromMain != nil)
        }

        // The mock registration is made under `#if DEBUG`, as the seed writes it: a release build has none, and
        // the two tests that need it are built in debug only.
        #if DEBUG
            @Test func nestedContainerSearchesItselfThenItsChild() {
                Resolver.root = Resolver.mock
                defer { Resolver.root = Resolver.main }
                let session: XYZSessionService = Resolver.resolve()
                #expect(session is XYZMockSessionService)
                // Found in the child (main), its dependency resolved from root = mock.
                let network: XYZNetworkService = Resolver.resolve()
                #expect(network.session is XYZMockSessionService)
            }

            @Test func thePartyTrickSwitchesRootForASectionAndBack() {
                let before: XYZNetworkService = Resolver.resolve()
                #expect(!(before.session is XYZMockSessionService))
                Resolver.root = Resolver.mock
                let during: XYZNetworkService = Resolver.resolve()
                #expect(during.session is XYZMockSessionService)
                Resolver.root = Resolver.main
                let after: XYZNetworkService = Resolver.resolve()
                #expect(!(after.session is XYZMockSessionService))
            }
        #endif

        @Test func multipleChildrenAreSearchedInTheOrderAdded() {
            let segment: Segment = Resolver.resolve()
            #expect(segment.origin == "A")
            let onlyInB: OnlyInB? = Resolver.optional()
            #expect(onlyInB != nil)
        }

        @Test func argumentsAndNames() {
            let sized: Sized = Resolver.resolve(args: 42)
            #expect(sized.size == 42)
            let large: Sized = Resolver.resolve(name: "large")
            #expect(large.size == 1_000)
        }

        @Test func missingRegistrationsStopWithTypeNameAndContainers() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let _: Sized = Resolver.resolve(name: "huge")
            }
            let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
            #expect(text.contains(#"Plugboard: Resolver could not resolve Sized (name: "huge"); searched main -> "#))
            #expect(text.contains("Resolver@"), "the children are listed too")
        }

        @Test func optionalReturnsNilInsteadOfStopping() {
            let missing: Sized? = Resolver.optional(name: "huge")
            #expect(missing == nil)
        }

        /// Registering, resolving and switching `root` from many threads at once (run under ThreadSanitizer in CI).
        @Test func concurrentRegisterResolveAndRootSwitching() {
            let done = DispatchGroup()
            let failures = Counter()
            for thread in 0..<6 {
                done.enter()
                Thread {
                    for round in 0..<1_000 {
                        switch (thread + round) % 6 {
                        case 0: Resolver.root = Resolver.mock
                        case 1: Resolver.root = Resolver.main
                        case 2: Resolver.mock.register { XYZMockSessionService() as XYZSessionService }
                        case 3: Resolver.containerB.register { OnlyInB() }
                        default:
                            let network: XYZNetworkService? = Resolver.optional()
                            let segment: Segment? = Resolver.optional()
                            if network == nil || segment?.origin != "A" { failures.increment() }
                        }
                    }
                    done.leave()
                }.start()
            }
            done.wait()
            Resolver.root = Resolver.main
            #expect(failures.count == 0)
        }
    }
}
