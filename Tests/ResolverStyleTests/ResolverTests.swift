import PlugboardResolver
import Testing

final class Repository: @unchecked Sendable {
    let store: Thing
    init(store: Thing) { self.store = store }
}

@Suite struct ResolverTests {
    @Test func ownRegistrationsComeBeforeChildren() {
        let child = Resolver(name: "child")
        let parent = Resolver(name: "parent", child: child)
        child.register { Thing("child") }
        #expect(parent.resolve(Thing.self).name == "child")
        parent.register { Thing("parent") }
        #expect(parent.resolve(Thing.self).name == "parent")
        #expect(child.resolve(Thing.self).name == "child", "a child never searches its parent")
    }

    @Test func childrenAreSearchedInOrderDepthFirst() {
        let grandchild = Resolver(name: "grandchild")
        let first = Resolver(name: "first", child: grandchild)
        let second = Resolver(name: "second")
        let root = Resolver(name: "root")
        root.add(child: first)
        root.add(child: second)
        second.register { Thing("second") }
        grandchild.register { Thing("grandchild") }
        #expect(root.resolve(Thing.self).name == "grandchild", "depth first: first's subtree before second")
        first.register { Thing("first") }
        #expect(root.resolve(Thing.self).name == "first")
    }

    @Test func aFactoryFoundInAChildResolvesDependenciesFromTheStartingContainer() {
        let base = Resolver(name: "base")
        base.register { r in Repository(store: r.resolve()) }
        base.register { Thing("real store") }
        let mocks = Resolver(name: "mocks", child: base)
        mocks.register { Thing("mock store") }
        #expect(mocks.resolve(Repository.self).store.name == "mock store")
        #expect(base.resolve(Repository.self).store.name == "real store")
    }

    @Test func childCyclesDoNotLoopForever() {
        let a = Resolver(name: "a"), b = Resolver(name: "b")
        a.add(child: b)
        b.add(child: a)
        #expect(a.optional(Thing.self) == nil)
    }

    @Test func namesArgumentsAndScopes() {
        let resolver = Resolver()
        resolver.register(name: "fast") { Thing("fast") }
        resolver.register { _, args in Thing(args("label")) }
        #expect(resolver.resolve(Thing.self, name: "fast").name == "fast")
        #expect(resolver.resolve(Thing.self, args: ["label": "from args"]).name == "from args")
        resolver.register(name: "cached") { Thing() }.scope(.cached)
        #expect(resolver.resolve(Thing.self, name: "cached") === resolver.resolve(Thing.self, name: "cached"))
        #expect(resolver.resolve(Thing.self, name: "fast") !== resolver.resolve(Thing.self, name: "fast"))
    }

    @Test func graphIsTheDefaultScopeAsInResolver() {
        let resolver = Resolver()
        resolver.register { Thing() }
        resolver.register { r in Dependent(a: r.resolve(), b: r.resolve()) }
        let dependent = resolver.resolve(Dependent.self)
        #expect(dependent.a === dependent.b)
        #expect(resolver.resolve(Thing.self) !== resolver.resolve(Thing.self))
    }

    @Test func implementsRegistersTheServiceUnderAProtocol() {
        let resolver = Resolver()
        resolver.register { Thing("concrete") }.implements(AnyObject.self)
        #expect((resolver.resolve(AnyObject.self) as? Thing)?.name == "concrete")
    }

    @Test func theEngineFeaturesApply() {
        let resolver = Resolver(name: "engine")
        let decorated = Lines()
        resolver.register { Thing("original") }.decorator { decorated.append($0.name) }
        resolver.manager.push()
        resolver.register { Thing("pushed") }
        #expect(resolver.resolve(Thing.self).name == "pushed")
        resolver.manager.pop()
        #expect(resolver.resolve(Thing.self).name == "original")
        #expect(decorated.all == ["pushed", "original"])
        resolver.manager.reset()
        #expect(resolver.optional(Thing.self) == nil)
    }

    @Test func registrationsExposeTheirKey() {
        let resolver = Resolver(name: "keys")
        #expect(resolver.register { Thing() }.key.name == "Thing")
        #expect(resolver.register(name: "fast") { Thing() }.key.name == "Thing:fast")
        #expect(resolver.containerName == "keys")
        #expect(Resolver.main.containerName == "main")
    }

    @Test func aResolverCycleStopsWithTheChain() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let resolver = Resolver()
            resolver.register { r in Repository(store: r.resolve()) }
            resolver.register { r in Thing((r.resolve() as Repository).store.name) }
            _ = resolver.resolve(Repository.self)
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            text.contains(
                "Plugboard: circular dependency: Resolver.Repository -> Resolver.Thing -> Resolver.Repository"))
    }

    @Test func newFactoriesRegisteredWhileOthersResolveAreSeenWhole() {
        // Each name is a new factory for the resolver: its slot is added (in place, or by growing the
        // table) while the other threads resolve the names registered before it.
        let resolver = Resolver(name: "growing")
        let names = (0..<400).map { "service\($0)" }
        let wrong = Counter()
        onThreads(4) { index in
            for (position, name) in names.enumerated() {
                if position % 4 == index {
                    resolver.register(name: .init(name)) { Thing(name) }
                } else if position >= 4 {
                    let earlier = names[position - 4 + (index + 1) % 4]
                    if let found: Thing = resolver.optional(name: earlier), found.name != earlier { wrong.increment() }
                }
            }
        }
        #expect(wrong.count == 0)
        #expect(names.allSatisfy { (resolver.optional(Thing.self, name: $0))?.name == $0 })
    }
}
