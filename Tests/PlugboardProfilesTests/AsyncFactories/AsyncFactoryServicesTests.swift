import Foundation
import Logging
import Plugboard
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing

@testable import PlugboardProfiles
@testable import PlugboardReloadService

/// A container whose async-built client runs in the test's `FactoryServices`.
final class AsyncClientServiceContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    let manager = ContainerManager()
    let services: FactoryServices

    init(services: FactoryServices) { self.services = services }

    var client: AsyncFactory<RecordedClient> { self { RecordedClient(host: "code") }.cached }

    func autoRegister() {
        applyProfile(
            client.choices([
                "remote": .settings(ClientSettings.self) { settings in
                    await Task.yield()  // connecting
                    return RecordedClient(host: settings.host)
                }
            ]),
            client.runsAsService(in: services)
        )
    }
}

/// A container whose async-built pool serves only while it runs: its build adopts the pool, waits for it to
/// run (as a database client's build waits for its first connection), and retires it when it cannot serve.
final class SelfStartingPoolContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    struct Unreachable: Error {}

    let manager = ContainerManager()
    let services: FactoryServices
    /// Every pool a build made, in order.
    let made = Made()

    final class Made: @unchecked Sendable {
        private let lock = NSLock()
        private var pools: [RecordedClient] = []
        func append(_ pool: RecordedClient) { lock.withLock { pools.append(pool) } }
        var all: [RecordedClient] { lock.withLock { pools } }
    }

    init(services: FactoryServices) { self.services = services }

    var pool: AsyncFactory<RecordedClient> { self { RecordedClient(host: "code") }.cached }

    func autoRegister() {
        let (services, made) = (services, made)
        applyProfile(
            pool.choices([
                "remote": .settings(ClientSettings.self) { settings in
                    let pool = RecordedClient(host: settings.host)
                    made.append(pool)
                    services.adopt(pool)
                    guard await ServiceProgram.waitFor({ pool.isRunning }), settings.host != "down" else {
                        await services.retire(pool)
                        throw Unreachable()
                    }
                    return pool
                }
            ]),
            pool.runsAsService(in: services)
        )
    }
}

/// One container launched over `app.json` in a folder of its own, whose `factory` uses `remote` with a host.
struct AsyncServiceProgram<Container: ManagedContainer> {
    let directory = Fixtures.temporaryDirectory()
    let services = FactoryServices(logger: Logger(label: "test") { _ in CapturingLogHandler(lines: Lines()) })
    let factory: String
    let container: Container
    let running: RunningProfiles

    init(factory: String, host: String, _ make: (FactoryServices) -> Container) throws {
        self.factory = factory
        container = make(services)
        try Self.write(host: host, factory: factory, in: directory)
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .stop)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
        running = try #require(ProfileSystem.start([container], options: options).1)
    }

    /// Rewrites the profile with `host`.
    func write(host: String) throws {
        try Self.write(host: host, factory: factory, in: directory)
    }

    private static func write(host: String, factory: String, in directory: String) throws {
        let profile =
            #"{"plugboard": 1, "containers": {"\#(Container.self)": {"\#(factory)": "#
            + #"{"use": "remote", "with": {"host": "\#(host)"}}}}}"#
        try profile.write(toFile: directory + "/app.json", atomically: false, encoding: .utf8)
    }
}

/// `runsAsService()` for an async factory: the client runs once its build succeeds, and a reload that
/// replaces it shuts the old one down.
@Suite(.timeLimit(.minutes(1))) struct AsyncFactoryServicesTests {
    @Test func anAsyncBuiltClientRunsUntilAReloadReplacesIt() async throws {
        let program = try AsyncServiceProgram(factory: "client", host: "one") {
            AsyncClientServiceContainer(services: $0)
        }
        let (services, running, container) = (program.services, program.running, program.container)

        try await testGracefulShutdown { shutdown in
            let runner = Task { try await services.run() }
            let first = try await container.client()
            #expect(first.host == "one")
            #expect(try await container.client() === first)
            #expect(await ServiceProgram.waitFor { first.isRunning }, "it runs from its build")

            try program.write(host: "two")
            #expect(running.reload().generation == 2)
            let second = try await container.client()
            #expect(second.host == "two")
            #expect(await ServiceProgram.waitFor { first.hasStopped }, "the replaced client is shut down")
            #expect(await ServiceProgram.waitFor { second.isRunning })

            shutdown.triggerGracefulShutdown()
            try await runner.value
            #expect(second.hasStopped)
        }
    }

    @Test func aBuildThatAdoptsItsOwnPoolRunsItOnceAndRetiresItWhenItFails() async throws {
        let program = try AsyncServiceProgram(factory: "pool", host: "down") { SelfStartingPoolContainer(services: $0) }
        let (services, running, container) = (program.services, program.running, program.container)

        try await testGracefulShutdown { shutdown in
            let runner = Task { try await services.run() }
            await #expect(throws: SelfStartingPoolContainer.Unreachable.self) { try await container.pool() }
            let failed = try #require(container.made.all.first)
            #expect(failed.runCount == 1 && failed.hasStopped, "the failed build's pool ran, and was shut down")
            await #expect(throws: SelfStartingPoolContainer.Unreachable.self) { try await container.pool() }
            #expect(container.made.all.count == 2, "a failed build is not kept: the next resolution builds again")

            try program.write(host: "up")
            #expect(running.reload().generation == 2)
            let pool = try await container.pool()
            #expect(pool.host == "up" && pool.isRunning)
            #expect(try await container.pool() === pool)
            // Run twice, it would start again within milliseconds of its build: half a second shows it does not.
            try await Task.sleep(nanoseconds: 500_000_000)
            #expect(pool.runCount == 1, "adopted by its build and by runsAsService(), it runs once")

            shutdown.triggerGracefulShutdown()
            try await runner.value
            #expect(pool.hasStopped && pool.runCount == 1)
        }
    }
}
