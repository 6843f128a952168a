// Code written as Factory 3 (FactoryKit) users write it, in Swift 6 mode, after `import FactoryKit` became
// `import Plugboard`: main-actor view models without annotations on their closures, actors of their own.
import Plugboard
import PlugboardTesting
import Testing

@MainActor final class ContentViewModel {
    let service: any GreetingService
    init(service: any GreetingService) { self.service = service }
}

protocol GreetingService: Sendable {
    var greeting: String { get }
}

struct LiveGreeting: GreetingService {
    let greeting = "live"
}

struct MockGreeting: GreetingService {
    let greeting = "mock"
}

@globalActor actor BackgroundActor {
    static let shared = BackgroundActor()
}

@BackgroundActor final class DataManager {
    let origin = "background"
    init() {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            BackgroundActor.shared.preconditionIsolated("made off its actor")
        }
    }
}

extension Container {
    var greeting: Factory<any GreetingService> { self { LiveGreeting() } }

    @MainActor
    var contentViewModel: Factory<ContentViewModel> {
        self { ContentViewModel(service: self.greeting()) }
    }

    @MainActor
    var sharedViewModel: Factory<ContentViewModel> {
        self { ContentViewModel(service: self.greeting()) }.cached
    }

    @BackgroundActor
    var dataManager: Factory<DataManager> {
        self { DataManager() }.singleton
    }
}

@MainActor final class Coordinator {
    @Injected(\.contentViewModel) var content: ContentViewModel
    @LazyInjected(\.sharedViewModel) var shared: ContentViewModel
}

@Suite(.container) struct MainActorFactoryTests {
    @Test @MainActor func aMainActorFactoryResolvesFromMainActorCode() {
        let viewModel = Container.shared.contentViewModel()
        #expect(viewModel.service.greeting == "live")
        #expect(Container.shared.sharedViewModel() === Container.shared.sharedViewModel())
        #expect(Container.shared.contentViewModel() !== viewModel)
    }

    @Test @MainActor func mainActorTypesInjectIntoMainActorTypes() {
        Container.shared.greeting.register { MockGreeting() }
        let coordinator = Coordinator()
        #expect(coordinator.content.service.greeting == "mock")
        #expect(coordinator.shared === Container.shared.sharedViewModel())
    }

    @Test func aDetachedTaskResolvesThroughResolveOnMainActor() async {
        let container = Container.shared
        let viewModel = await Task.detached {
            await container.contentViewModel.resolveOnMainActor()
        }.value
        #expect(viewModel.service.greeting == "live")
    }

    @Test func aGlobalActorFactoryResolvesOnItsActor() async {
        let container = Container.shared
        let origin = await Task.detached {
            let factory = await container.dataManager
            let manager = await factory.resolveOnGlobalActor(BackgroundActor.shared)
            return manager.origin
        }.value
        #expect(origin == "background")
    }

    @Test @MainActor func factory25sAnnotatedClosureStillCompilesOnTheMainActor() {
        let factory = Factory<ContentViewModel>(Container.shared) { @MainActor in
            ContentViewModel(service: LiveGreeting())
        }
        #expect(factory().service.greeting == "live")
    }
}
