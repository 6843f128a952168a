import Plugboard
import Testing

final class ModifierContainer: ManagedContainer {
    let manager = ContainerManager()
    let decorations = Lines()

    var plain: Factory<Thing> { self { Thing() } }
    var inlineContext: Factory<Thing> { self { Thing() }.cached.onTest { Thing("inline test") } }
    var sealed: Factory<Thing> { self { Thing() }.cached.onTest { Thing("inline test") }.once() }
    var decorated: Factory<Thing> {
        self { Thing() }.cached.decorator { [decorations] in decorations.append("factory \($0.name)") }
    }
    /// A decorator that captures a new value on each access: the latest one must run.
    func tagged(_ tag: String) -> Factory<Thing> {
        self { Thing() }.decorator { [decorations] in decorations.append("\(tag) \($0.name)") }
    }
    var optionalService: Factory<Thing?> { promised() }
    var optionalParameter: ParameterFactory<Int, Thing?> { promised() }
    var formal: Factory<Thing> { Factory(self, scope: .cached) { Thing() } }
    var formalParameter: ParameterFactory<Int, Thing> { ParameterFactory(self, scope: .cached) { Thing("\($0)") } }
}

@Suite struct ModifierTests {
    func inTest<R>(_ body: () -> R) -> R { FactoryContext.withContext(FactoryContext(isTest: true), operation: body) }

    @Test func theFactoryWinsOverOutsideChanges() {
        let container = ModifierContainer()
        inTest {
            container.inlineContext.onTest { Thing("outside") }.reset(.scope)
            #expect(container.inlineContext().name == "inline test")
        }
    }

    @Test func anOverrideThatCapturesNewValuesReplacesTheOldOne() {
        // The definition's own override is not written again when it is the very same closure; one that
        // captures other values is a different closure and must take its place.
        let container = ModifierContainer()
        inTest {
            for name in ["first", "second", "third"] {
                container.plain.onTest { Thing(name) }
                #expect(container.plain().name == name)
                #expect(container.inlineContext().name == "inline test")
            }
        }
    }

    @Test func aDecoratorThatCapturesNewValuesReplacesTheOldOne() {
        // Like the override above: the very same decorator is not written again, a different one is.
        let container = ModifierContainer()
        for tag in ["first", "second", "second", "third"] {
            _ = container.tagged(tag)()
        }
        #expect(container.decorations.all == ["first real", "second real", "second real", "third real"])
    }

    @Test func onceKeepsOutsideChanges() {
        let container = ModifierContainer()
        inTest {
            container.sealed.onTest { Thing("outside") }.reset(.scope)
            #expect(container.sealed().name == "outside")
            #expect(container.sealed() === container.sealed(), "the scope from before once() still holds")
        }
    }

    @Test func formalSpellingsWithScope() {
        let container = ModifierContainer()
        #expect(container.formal() === container.formal())
        #expect(container.formalParameter(1) === container.formalParameter(2))
    }

    @Test func decoratorsRunOnEveryResolutionFactoryFirstThenContainer() {
        let container = ModifierContainer()
        let decorations = container.decorations
        container.manager.decorator = { decorations.append("container \(($0 as? Thing)?.name ?? "?")") }
        _ = container.decorated()
        _ = container.decorated()
        #expect(decorations.all == ["factory real", "container real", "factory real", "container real"])
    }

    /// Factory's trace lines: the level from 0, four spaces a level, then `Container.key<Type> = M:address Type`,
    /// where `M` says where the instance came from (`F` the definition, `R` a registration, `O` a context
    /// override, `C` a scope's kept instance), as Factory's own tests read them.
    @Test func traceLogsEveryResolutionAsFactoryDoes() throws {
        let container = TestContainer()
        let lines = Lines()
        container.manager.logger = { lines.append($0) }
        container.manager.trace = true
        let root = container.graphRoot()
        container.manager.trace = false
        _ = container.unique()
        #expect(
            lines.all.map(Self.withoutAddress) == [
                "0: TestContainer.graphRoot<Dependent> = F:# Dependent",
                "1:     TestContainer.graphThing<Thing> = F:# Thing",
                "1:     TestContainer.graphThing<Thing> = C:# Thing",
            ])
        let address = Int(bitPattern: ObjectIdentifier(root.a))
        #expect(lines.all[1].contains(" = F:\(address) Thing"), "the instance's address, as Factory shows it")
        #expect(lines.all[2].contains(" = C:\(address) Thing"), "the graph scope's kept instance: the same one")
    }

    /// `R` for a registration, `O` for a context override (`onTest` under `swift test`), `C` for a cached hit.
    @Test func traceMarksRegistrationsOverridesAndCachedInstances() {
        let container = TestContainer()
        let lines = Lines()
        container.manager.logger = { lines.append($0) }
        container.unique.register { Thing("registered") }
        container.cachedThing.onTest { Thing("under test") }
        container.manager.trace = true
        _ = container.unique()
        _ = container.cachedThing()
        _ = container.cachedThing()
        container.manager.trace = false
        #expect(
            lines.all.map(Self.withoutAddress) == [
                "0: TestContainer.unique<Thing> = R:# Thing",
                "0: TestContainer.cachedThing<Thing> = O:# Thing",
                "0: TestContainer.cachedThing<Thing> = C:# Thing",
            ])
    }

    @Test func traceOrdersADeeperGraphParentsFirst() {
        let container = TraceContainer()
        let lines = Lines()
        container.manager.logger = { lines.append($0) }
        container.manager.trace = true
        _ = container.a()
        _ = container.c()
        #expect(
            lines.all.map(Self.withoutAddress) == [
                "0: TraceContainer.a<String> = F:# String",
                "1:     TraceContainer.b<String> = F:# String",
                "2:         TraceContainer.c<String> = F:# String",
                "1:     TraceContainer.d<String> = F:# String",
                "2:         TraceContainer.e<String> = F:# String",
                "0: TraceContainer.c<String> = F:# String",
            ])
    }

    /// A trace line with its address as `#`, for lines whose addresses differ from run to run.
    static func withoutAddress(_ line: String) -> String {
        line.replacingOccurrences(of: #"= ([A-Z]):-?[0-9]+ "#, with: "= $1:# ", options: .regularExpression)
    }

    @Test func promisedResolvesToNilUntilRegistered() {
        let container = ModifierContainer()
        #expect(container.optionalService() == nil)
        #expect(container.optionalParameter(1) == nil)
        container.optionalService.register { Thing("supplied") }
        container.optionalParameter.register { Thing("supplied \($0)") }
        #expect(container.optionalService()?.name == "supplied")
        #expect(container.optionalParameter(2)?.name == "supplied 2")
    }

    @Test func promisedStopsWhenAskedTo() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = ModifierContainer()
            container.manager.promiseTriggersError = true
            _ = container.optionalService()
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                text.contains(
                    "Plugboard: ModifierContainer.optionalService is promised() but nothing was registered for it"))
        }
    }

    @Test func resetSpellings() {
        let container = TestContainer()
        let cached = container.cachedThing()
        container.cachedThing.reset(options: .scope)
        let second = container.cachedThing()
        #expect(second !== cached)
        container.cachedThing.reset(.scope)
        #expect(container.cachedThing() !== second)
        container.cachedThing.register { Thing("mock") }
        container.cachedThing.reset()
        #expect(container.cachedThing().name == "real")
        container.cachedThing.register { Thing("mock") }.reset(.none)
        #expect(container.cachedThing().name == "mock")
    }

    @Test func parameterFactoryRegistration() {
        let container = TestContainer()
        #expect(container.named("a").name == "a")
        container.named.register { Thing("mock \($0)") }
        #expect(container.named("a").name == "mock a")
    }

    @MainActor @Test func resolveOnMainActor() {
        let container = TestContainer()
        #expect(container.unique.resolveOnMainActor().name == "real")
        #expect(container.named.resolveOnMainActor("x").name == "x")
    }
}

/// a resolves b (which resolves c), then d (which resolves e).
private final class TraceContainer: ManagedContainer {
    let manager = ContainerManager()
    var a: Factory<String> { self { self.b() + self.d() } }
    var b: Factory<String> { self { "b" + self.c() } }
    var c: Factory<String> { self { "c" } }
    var d: Factory<String> { self { "d" + self.e() } }
    var e: Factory<String> { self { "e" } }
}
