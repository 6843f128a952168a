// Factory 3.2.1's names that came last, written as its users write them. The same file is compiled in Swift 5
// mode too (SeedSampleTests links to it), so that both modes of a user's code compile.
import Foundation
import PlugboardTesting
import Testing

final class Badge: @unchecked Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

extension Container {
    var badge: ParameterFactory<Int, Badge> { self { Badge("badge \($0)") } }
    var badgeTitle: Factory<String> { self { "title" } }
    var badgeStore: Factory<Badge> { self { Badge("store") }.singleton }
    var graphDepth: Factory<Int> { self { Scope.graph.depth } }
    var graphDepths: Factory<[Int]> { self { [Scope.graph.depth, self.graphDepth()] } }
}

/// A test trait of a user's own, as Factory 3's documentation writes one: singletons of the test's own.
struct OwnSingletonsTrait: TestTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Scope.$singleton.withValue(Scope.singleton.clone()) {
            try await function()
        }
    }
}

@Suite struct Factory321NamesTests {
    @Test func aParameterFactoryTakesItsRegistrationAsAClosureCall() {
        let container = Container()
        container.badge { Badge("mock \($0)") }
        #expect(container.badge(7).label == "mock 7")
    }

    @Test(.container) func dependencyResolvesAParameterFactoryOnEitherContainer() {
        Container.shared.badge.register { Badge("registered \($0)") }
        #expect(dependency(\.badge, parameter: 3).label == "registered 3")
        #expect(dependency(\Container.badge, parameter: 4).label == "registered 4")
    }

    @Test func aClonedSingletonScopeKeepsWhatATestMakesToItself() {
        Scope.withIsolatedSingletons {
            let container = Container()
            let before = container.badgeStore()
            Scope.$singleton.withValue(Scope.singleton.clone()) {
                #expect(container.badgeStore() === before, "the copy starts with the singletons made so far")
                Scope.singleton.reset()
                let inside = container.badgeStore()
                #expect(inside !== before)
                #expect(container.badgeStore() === inside)
            }
            #expect(container.badgeStore() === before, "what the test reset and made stayed in its copy")
        }
    }

    @Test(OwnSingletonsTrait()) func aTraitOfOnesOwnRunsWithACopyOfTheSingletons() {
        #expect(Scope.singleton !== Scope.$singleton.withValue(Scope.singleton) { Scope.singleton.clone() })
        let made = Container().badgeStore()
        Scope.singleton.reset()
        #expect(Container().badgeStore() !== made)
    }

    @Test(.container(transform: { $0.badgeTitle.register { "transformed" } }))
    func theContainerTraitTakesATransformAsACall() {
        #expect(Container.shared.badgeTitle() == "transformed")
    }

    @Test func aLazyWrapperResolvesAgainWithoutBeingMutable() {
        let container = Container()
        let wrapper = LazyInjected<String>(\.badgeTitle)
        let weakWrapper = WeakLazyInjected<Badge>(\.badgeStore)
        try? #require(Container.$shared.withValue(container) { wrapper.wrappedValue } == "title")
        container.badgeTitle.register { "again" }
        Container.$shared.withValue(container) {
            wrapper.resolve(reset: .none)
            weakWrapper.resolve()
        }
        #expect(wrapper.wrappedValue == "again")
    }

    @Test func theGraphScopeSaysHowDeepTheResolutionIs() {
        #expect(Scope.graph.depth == 0)
        #expect(Container().graphDepths() == [1, 2])
    }
}
