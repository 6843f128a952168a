// Factory 2.5's public API that Factory's users call, written as they write it (Swift 5 mode, as this target is).
import Foundation
import Plugboard
import PlugboardTesting
import Testing

final class CompatService {
    var closed = false
    func close() { closed = true }
}

final class CompatContainer: SharedContainer {
    static var shared = CompatContainer()
    let manager = ContainerManager()
    var service: Factory<CompatService> { self { CompatService() } }
    var api: Factory<MyServiceType> { self { MyService() } }
    var tracked: Factory<CompatService> { self { CompatService() }.singleton }
}

extension Container {
    var compatAPI: Factory<MyServiceType> { self { MyService() } }
}

final class CompatViewModel {
    @LazyInjected(\CompatContainer.service) var service
    @WeakLazyInjected(\CompatContainer.service) var weakService
    @DynamicInjected(\CompatContainer.service) var dynamicService

    func cleanUp() -> Bool {
        // The deinit pattern: clean up only what was resolved.
        $service.resolvedOrNil()?.close()
        return $service.resolvedOrNil() != nil
    }
}

@Suite struct Factory25CompatibilityTests {
    @Test func withSetsAContainerUpAndReturnsIt() async {
        let container = CompatContainer().with { $0.api.register { MockService() } }
        #expect(container.api() is MockService)
        let later = await CompatContainer().with { container in
            await Task.yield()
            container.api.register { MockService2() }
        }
        #expect(later.api() is MockService2)
    }

    @Test func resolvedOrNilDoesNotResolve() {
        let model = CompatViewModel()
        #expect(model.cleanUp() == false, "nothing was resolved, nothing resolved now")
        let service = model.service
        #expect(model.cleanUp() == true)
        #expect(service.closed)
        #expect(model.$weakService.resolvedOrNil() == nil)
    }

    @Test func weakLazyInjectedResolvesOnRequest() {
        let model = CompatViewModel()
        let held = CompatContainer.shared.tracked()
        // Factory 2.5 declares `resolve(reset:)` mutating and Factory 3 does not, nor does Plugboard: a `var`
        // here compiles, with the compiler's note that a `let` would do.
        let wrapper = WeakLazyInjected(\CompatContainer.tracked)
        wrapper.resolve()
        #expect(wrapper.resolvedOrNil() === held)
        _ = model
    }

    @Test func dynamicInjectedResolveReturnsTheValue() {
        let model = CompatViewModel()
        let first = model.$dynamicService.resolve()
        #expect(first !== model.$dynamicService.resolve(), "resolved anew each time")
    }

    @Test func theGlobalResolveSpelling() {
        let service: CompatService = resolve(\CompatContainer.service)
        #expect(service.closed == false)
        let api: MyServiceType = resolve(\.compatAPI)
        #expect(api is MyService)
    }

    @Test func aContainerWideDecoratorFromTheContainer() {
        let container = CompatContainer()
        let seen = Counted()
        container.decorator { _ in seen.add() }
        _ = container.service()
        _ = container.api()
        #expect(seen.count == 2)
        container.decorator(nil)
        _ = container.service()
        #expect(seen.count == 2)
    }

    /// Isolated singletons: resetting the process's singleton scope would reach the tests running beside it
    /// (a stress test saw its singletons built twice).
    @Test(.container) func resettingTheSingletonScopeOfAContainerLeavesSingletonsAlone() {
        let container = CompatContainer()
        let singleton = container.tracked()
        container.manager.reset(scope: .singleton)
        #expect(container.tracked() === singleton, "a container does not manage singletons")
        Scope.singleton.reset()
        #expect(container.tracked() !== singleton)
    }

    @Test func factoryContextIsTheDetectedOne() {
        #expect(FactoryContext().isTest, "under swift test")
        #expect(FactoryContext() == FactoryContext.detected())
        #expect(FactoryContext.empty.isTest == false)
    }
}

final class Counted: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() {
        lock.lock()
        value += 1
        lock.unlock()
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

final class TraitCompatContainer: SharedContainer {
    @TaskLocal static var shared = TraitCompatContainer()
    let manager = ContainerManager()
    var service: Factory<CompatService> { self { CompatService() }.cached }
}

extension Trait where Self == ContainerTrait<TraitCompatContainer> {
    static var traitCompatContainer: ContainerTrait<TraitCompatContainer> {
        .init(shared: TraitCompatContainer.$shared, container: .init())
    }
}

@Suite(.traitCompatContainer) struct Factory25ContainerTraitTests {
    @Test(arguments: 0..<4) func eachTestGetsItsOwnContainer(_ value: Int) {
        let service = TraitCompatContainer.shared.service()
        #expect(service.closed == false)
        service.close()  // the next test's container makes another
    }

    @Test(
        .container { container in
            await Task.yield()
            container.compatAPI.register { MockService() }
        })
    func anAsyncSetupRunsBeforeTheTest() {
        #expect(Container.shared.compatAPI() is MockService)
    }
}
