// Seed 003, "Testing": registering mocks, push/pop, rebuilding, passed containers, common setup, singletons.
import Foundation
import Plugboard
import PlugboardTesting
import Testing
import XCTest

// MARK: The app code the seed's tests exercise

protocol AccountLoading {
    func load() async throws -> [String]
}

protocol Networking {
    func get() async throws -> String
}

struct NetworkAccountLoader: AccountLoading {
    let network: Networking
    func load() async throws -> [String] {
        let json = try await network.get()
        let decoded = try JSONDecoder().decode([String: [String]].self, from: Data(json.utf8))
        return decoded["accounts"] ?? []
    }
}

struct LiveNetwork: Networking {
    func get() async throws -> String { #"{ "accounts": ["live"] }"# }
}

struct MockNoAccounts: AccountLoading {
    func load() async throws -> [String] { [] }
}

struct MockAccountError: AccountLoading, Error {
    let code: Int
    init(_ code: Int) { self.code = code }
    func load() async throws -> [String] { throw self }
}

struct MockJSON: Networking {
    let json: String
    init(_ json: String) { self.json = json }
    func get() async throws -> String { json }
}

struct MockNetworkError: Networking, Error {
    let code: Int
    init(_ code: Int) { self.code = code }
    func get() async throws -> String { throw self }
}

@MainActor
final class AccountsViewModel {
    @Injected(\.accountLoading) var loader: AccountLoading
    private(set) var accounts: [String] = []
    private(set) var isLoaded = false
    private(set) var isError = false
    var isEmpty: Bool { accounts.isEmpty }

    nonisolated init() {}

    func load() async {
        do {
            accounts = try await loader.load()
            isLoaded = true
        } catch {
            isError = true
        }
    }
}

final class MyViewModel {
    let container: Container
    private(set) var isLoaded = false
    init(container: Container) { self.container = container }
    func load() { isLoaded = container.myServiceType() is MockService }
}

extension Container {
    var networking: Factory<Networking> { self { LiveNetwork() } }
    var accountLoading: Factory<AccountLoading> { self { NetworkAccountLoader(network: self.networking()) } }
    var accountsViewModel: Factory<AccountsViewModel> { self { AccountsViewModel() } }
    var someSingletonFactory: Factory<MyServiceType> { self { MyService() }.singleton }
    fileprivate var myService: Factory<MyServiceType> { self { MyService() } }

    // Common setup
    func setupMocks() {
        myService.register { MockServiceN(4) }
        sharedService.register { MockService2() }
    }
}

// MARK: The seed's XCTest classes, as written

final class FactoryCoreTests: XCTestCase {

    override func setUp() {
        Container.shared.manager.push()
        Container.shared.setupMocks()
    }

    override func tearDown() {
        Container.shared.manager.pop()
    }

    func testNoAccounts() async {
        Container.shared.accountLoading.register { MockNoAccounts() }
        let model = Container.shared.accountsViewModel()
        await model.load()
        let (isLoaded, isEmpty) = await (model.isLoaded, model.isEmpty)
        XCTAssertTrue(isLoaded)
        XCTAssertTrue(isEmpty)
    }

    func testError() async {
        Container.shared.accountLoading.register { MockAccountError(404) }
        let model = Container.shared.accountsViewModel()
        await model.load()
        let isError = await model.isError
        XCTAssertTrue(isError)
    }

    func testNoAccountsDeeper() async throws {
        let json = #"{ "accounts": [] }"#
        Container.shared.networking.register { MockJSON(json) }
        let model = Container.shared.accountsViewModel()
        await model.load()
        let (isLoaded, isEmpty) = await (model.isLoaded, model.isEmpty)
        XCTAssertTrue(isLoaded)
        XCTAssertTrue(isEmpty)
    }

    func testErrorDeeper() async throws {
        Container.shared.networking.register { MockNetworkError(404) }
        let model = Container.shared.accountsViewModel()
        await model.load()
        let isError = await model.isError
        XCTAssertTrue(isError)
    }

    func testPopRestoresWhatTheTestChanged() {
        XCTAssertTrue(Container.shared.myService() is MockServiceN)
        Container.shared.manager.pop()
        XCTAssertFalse(Container.shared.myService() is MockServiceN, "pop undid setupMocks")
        Container.shared.manager.push()  // balance tearDown
    }
}

final class FactoryRebuildingTests: XCTestCase {

    override func setUp() {
        Container.shared.reset()
        Container.shared.setupMocks()
    }

    func testSetupMocksApplied() throws {
        XCTAssertEqual((Container.shared.myService() as? MockServiceN)?.n, 4)
        XCTAssertTrue(Container.shared.sharedService() is MockService2)
    }
}

final class FactoryPassedContainerTests: XCTestCase {

    var container: Container!

    override func setUp() {
        container = Container()
        container.setupMocks()
    }

    func testSomething() throws {
        container.myServiceType.register(factory: { MockService() })
        let model = MyViewModel(container: container)
        model.load()
        XCTAssertTrue(model.isLoaded)
    }
}

// MARK: Singletons

final class SingletonAutoRegisteringContainer: SharedContainer, AutoRegistering {
    static var shared = SingletonAutoRegisteringContainer()
    var manager = ContainerManager()

    var highlander: Factory<MyServiceType> { self { MyService() }.singleton }

    func autoRegister() {
        highlander.register { MockServiceN(1) }
    }
}

// The seeds' Swift 5 spelling, `var manager`, is mutable state in a `Sendable` class: Swift 5 mode warns
// and Swift 6 mode refuses it. Declared unchecked apart, so the declaration above stays as the seeds write it.
extension SingletonAutoRegisteringContainer: @unchecked Sendable {}

@Suite(.container)
struct Seed003SingletonTests {
    @Test func singletonsSurviveContainerResetsAndPushPop() {
        let singleton = Container.shared.someSingletonFactory()
        Container.shared.manager.push()
        Container.shared.manager.reset()
        #expect(Container.shared.someSingletonFactory() === singleton)
        Container.shared.manager.pop()
        #expect(Container.shared.someSingletonFactory() === singleton)
    }

    @Test func resettingTheSingletonScope() {
        let singleton = Container.shared.someSingletonFactory()
        Scope.singleton.reset()
        #expect(Container.shared.someSingletonFactory() !== singleton)
    }

    @Test func resettingOneSingletonFactory() {
        var singleton = Container.shared.someSingletonFactory()
        // reset everything for that factory
        Container.shared.someSingletonFactory.reset()
        #expect(Container.shared.someSingletonFactory() !== singleton)
        singleton = Container.shared.someSingletonFactory()
        // reset just the scope cache
        Container.shared.someSingletonFactory.reset(options: .scope)
        #expect(Container.shared.someSingletonFactory() !== singleton)
        // or simply register a new instance
        Container.shared.someSingletonFactory.register { MyNewMock() }
        #expect(Container.shared.someSingletonFactory() is MyNewMock)
    }

    @Test func autoRegistrationDoesNotClearSingletons() {
        let first = SingletonAutoRegisteringContainer()
        let singleton = first.highlander()
        #expect((singleton as? MockServiceN)?.n == 1)
        let second = SingletonAutoRegisteringContainer()
        #expect(second.highlander() === singleton, "a new container's autoRegister() left the singleton alone")
        second.highlander.register { MockServiceN(2) }
        #expect((second.highlander() as? MockServiceN)?.n == 2, "outside autoRegister(), register clears it")
    }
}
