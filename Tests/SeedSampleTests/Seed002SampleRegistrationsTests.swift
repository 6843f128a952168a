// Seed 002, "Sample Registrations".
import Plugboard
import PlugboardTesting
import Testing

extension Container {
    var basicService: Factory<MyServiceType> {
        self { MyService() }
    }
    var formalBasicService: Factory<MyServiceType> {
        Factory(self) { MyService() }
    }
}

// Scopes
extension Scope {
    static let session = Cached()
}

extension Container {
    var standardService: Factory<MyServiceType> {
        self { MyService() }
    }
    var cachedService: Factory<MyServiceType> {
        self { MyService() }
            .cached
    }
    var simpleSingletonService: Factory<SimpleService> {
        self { SimpleService() }
            .singleton
    }
    var sharedService: Factory<MyServiceType> {
        self { MyService() }
            .shared
            .decorator { print("DECORATING \($0.id)") }
    }
    var customScopedService: Factory<SimpleService> {
        self { SimpleService() }
            .scope(.session)
    }
}

// Constructor injection
extension Container {
    var constructedService: Factory<MyConstructedService> {
        self { MyConstructedService(service: self.cachedService()) }
    }
}

// Parameters
extension Container {
    var parameterService: ParameterFactory<Int, ParameterService> {
        self { ParameterService(value: $0) }
    }
}

// Same types
extension Container {
    var string1: Factory<String> {
        self { "String 1" }
    }
    var string2: Factory<String> {
        self { "String 2" }
    }
    var string3: Factory<String> {
        self { "String 3" }
    }
    var string4: Factory<String> {
        self { "String 4" }
    }
}

// Inside custom containers
final class ServiceContainer: SharedContainer {
    // CONFORMANCE
    static var shared = ServiceContainer()
    var manager = ContainerManager()

    // DEFINE FACTORY
    var service1: Factory<MyServiceType> {
        self { MyService() }
    }

    // DON'T DO THIS
    lazy var service2: Factory<MyServiceType> = self {
        MyService()
    }
}

// The seeds' Swift 5 spelling, `var manager`, is mutable state in a `Sendable` class: Swift 5 mode warns
// and Swift 6 mode refuses it. Declared unchecked apart, so the declaration above stays as the seeds write it.
extension ServiceContainer: @unchecked Sendable {}

// Static factories
extension Container {
    static var oldSchool: Factory<School> {
        Factory(shared) { School() }
    }
    var newSchool: Factory<School> {
        self { School() }
    }
}

@Suite(.container)
struct Seed002SampleRegistrationsTests {
    @Test func basicAndFormalDefinitionsReturnNewInstances() {
        let container = Container()
        #expect(container.basicService() !== container.basicService())
        #expect(container.formalBasicService() !== container.formalBasicService())
    }

    @Test func scopes() {
        let container = Container()
        #expect(container.standardService() !== container.standardService())
        #expect(container.cachedService() === container.cachedService())
        #expect(container.cachedService() !== Container().cachedService(), "cached per container")
        #expect(container.simpleSingletonService() === Container().simpleSingletonService(), "singleton per process")
        let held = container.sharedService()
        #expect(container.sharedService() === held)
        let session = container.customScopedService()
        #expect(container.customScopedService() === session)
        container.manager.reset(scope: .cached)
        #expect(container.customScopedService() === session, "a custom scope is reset on its own")
        container.manager.reset(scope: .session)
        #expect(container.customScopedService() !== session)
    }

    @Test func sharedLetsGoWhenNobodyHoldsTheInstance() {
        let container = Container()
        weak var released: MyServiceType?
        do {
            let held = container.sharedService()
            released = held
            #expect(container.sharedService() === held)
        }
        #expect(released == nil)
    }

    @Test func constructorInjection() {
        let container = Container()
        let constructed = container.constructedService()
        #expect(constructed.service === container.cachedService())
    }

    @Test func parameters() {
        #expect(Container.shared.parameterService(42).value == 42)
    }

    @Test func sameTypesAreDifferentFactories() {
        let container = Container()
        #expect(
            [container.string1(), container.string2(), container.string3(), container.string4()]
                == ["String 1", "String 2", "String 3", "String 4"])
        container.string2.register { "Replaced" }
        #expect(container.string1() == "String 1")
        #expect(container.string2() == "Replaced")
    }

    @Test func customContainers() {
        let container = ServiceContainer()
        #expect(container.service1() !== container.service1())
        #expect(container.service2() !== container.service2(), "the lazy factory still works")
        weak var released: ServiceContainer?
        do {
            let temporary = ServiceContainer()
            _ = temporary.service2
            released = temporary
        }
        // The seed warns that a lazy factory makes a reference cycle; Plugboard's factories hold the container's
        // manager, not the container, so there is none.
        #expect(released == nil, "a lazy factory keeps no cycle")
    }

    @Test func staticFactories() {
        let school = Container.oldSchool
        #expect(school() !== school())
        Container.shared.newSchool.register { School() }
        let newSchool = Container.shared.newSchool
        #expect(newSchool() !== newSchool())
    }
}
