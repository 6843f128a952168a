// Factories isolated to the main actor, declared as Factory 2.5's users declare them. This package enables
// Plugboard's `IsolatedFactoryClosures` trait in its Package.swift, which is what makes them compile.
import Foundation
import Plugboard
import PlugboardTesting
import Testing

/// A reference type the tests resolve from any thread.
final class Thing: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// A view model whose initializer must run on the main actor, as SwiftUI and UIKit view models are.
@MainActor final class MainActorViewModel {
    let greeting: String
    init(greeting: String = "hello") { self.greeting = greeting }
}

/// Factories declared the way Factory 2.5's users declare main-actor types (its closures are
/// `@isolated(any)`), in Swift 6 mode.
extension Container {
    @MainActor var mainActorViewModel: Factory<MainActorViewModel> {
        self { @MainActor in MainActorViewModel() }
    }
    @MainActor var formalMainActorViewModel: Factory<MainActorViewModel> {
        Factory(self, scope: .cached) { @MainActor in MainActorViewModel(greeting: "formal") }
    }
    @MainActor var greetedViewModel: ParameterFactory<String, MainActorViewModel> {
        self { @MainActor greeting in MainActorViewModel(greeting: greeting) }
    }
    @MainActor var viewModelWithTestDouble: Factory<MainActorViewModel> {
        self { @MainActor in MainActorViewModel() }.onTest { @MainActor in MainActorViewModel(greeting: "test") }
    }
    /// Not isolated: resolvable from any thread, as before.
    var plainInMainActorFile: Factory<Thing> { self { Thing("plain") } }
}

@Suite(.container) struct MainActorFactoryTests {
    @MainActor @Test func mainActorClosuresResolveOnTheMainActor() {
        let container = Container()
        #expect(container.mainActorViewModel().greeting == "hello")
        #expect(container.greetedViewModel("hi").greeting == "hi")
        #expect(container.viewModelWithTestDouble().greeting == "test")

        let first = container.formalMainActorViewModel()
        #expect(first.greeting == "formal")
        #expect(container.formalMainActorViewModel() === first)
    }

    @MainActor @Test func aMainActorRegistrationReplacesTheDefinition() {
        let container = Container()
        container.mainActorViewModel.register { @MainActor in MainActorViewModel(greeting: "registered") }
        #expect(container.mainActorViewModel().greeting == "registered")
    }

    @Test func closuresWithoutIsolationStillResolveOffTheMainActor() async {
        let container = Container()
        let names = await withTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { container.plainInMainActorFile().name } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names == ["plain", "plain", "plain", "plain"])
    }

    @Test func resolvingAMainActorFactoryOffTheMainActorStopsWithItsName() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let factory = await MainActor.run { Container().mainActorViewModel }
            runOnAThreadOfItsOwn { _ = factory() }
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(text.contains("Plugboard: a factory closure from 'mainActorViewModel' is isolated to MainActor"))
    }
}

/// Runs `body` on a new thread, off every actor, and waits for it. A function of its own: Apple's Dispatch
/// refuses a semaphore's `wait` in async code, and a test's body is async.
private func runOnAThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    done.wait()
}
