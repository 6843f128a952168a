import Foundation
import Logging
import Plugboard
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing

@testable import PlugboardProfiles
@testable import PlugboardReloadService

/// A client whose `run()` is a swift-service-lifecycle service's: it records when it starts and when its
/// graceful shutdown has made it return.
final class RecordedClient: Service, @unchecked Sendable {
    let host: String
    private let lock = NSLock()
    private var started = false
    private var stopped = false
    private var runs = 0

    private let stops: StopOrder?

    init(host: String, stops: StopOrder? = nil) {
        self.host = host
        self.stops = stops
    }

    var isRunning: Bool { lock.withLock { started && !stopped } }
    var hasStopped: Bool { lock.withLock { stopped } }
    /// How many times its `run()` was entered.
    var runCount: Int { lock.withLock { runs } }

    func run() async throws {
        lock.withLock {
            started = true
            runs += 1
        }
        try? await gracefulShutdown()
        stops?.record(host)
        lock.withLock { stopped = true }
    }
}

/// The order in which clients stopped.
final class StopOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var hosts: [String] = []

    func record(_ host: String) { lock.withLock { hosts.append(host) } }
    var order: [String] { lock.withLock { hosts } }
}

/// The client's settings in a profile.
struct ClientSettings: Decodable, Sendable {
    var host: String
}

/// A container whose cached client runs in the test's `FactoryServices`, beside a plain cached value.
final class ClientContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    let manager = ContainerManager()
    let services: FactoryServices

    init(services: FactoryServices) { self.services = services }

    var client: Factory<RecordedClient> { self { RecordedClient(host: "code") }.cached }

    func autoRegister() {
        applyProfile(
            client.choices(["remote": .settings(ClientSettings.self) { RecordedClient(host: $0.host) }]),
            client.runsAsService(in: services)
        )
    }
}

/// Both containers launched over `app.json` in a folder of their own.
final class ServiceProgram: @unchecked Sendable {
    let directory = Fixtures.temporaryDirectory()
    let services = FactoryServices(logger: Logger(label: "test") { _ in CapturingLogHandler(lines: Lines()) })
    let clients: ClientContainer
    let quota = QuotaContainer()
    private(set) var running: RunningProfiles!

    init() throws {
        clients = ClientContainer(services: services)
        try write(host: "one", limit: 60)
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .stop)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
        running = ProfileSystem.start([clients, quota], options: options).1
    }

    func write(host: String, limit: Int) throws {
        let profile = """
            { "plugboard": 1, "containers": {
              "ClientContainer": { "client": { "use": "remote", "with": { "host": "\(host)" } } },
              "QuotaContainer": { "limit": { "value": \(limit) } } } }
            """
        try profile.write(toFile: directory + "/app.json", atomically: false, encoding: .utf8)
    }

    /// Waits up to five seconds for `condition`.
    func eventually(_ condition: () -> Bool) async -> Bool {
        await Self.waitFor(condition)
    }
}

/// What a factory declared with `runsAsService()` does with its instances inside a service group: each runs
/// from its build, a reload's replacement shuts the old one down, and the group's graceful shutdown shuts the
/// current one down before the runner returns.
@Suite(.timeLimit(.minutes(1))) struct FactoryServicesTests {
    @Test func aBuiltClientRunsUntilAReloadReplacesItOrTheGroupShutsDown() async throws {
        let program = try ServiceProgram()
        // Built before the runner starts: it waits for it.
        let first = program.clients.client()
        #expect(first.host == "one")
        #expect(!first.isRunning)

        try await testGracefulShutdown { shutdown in
            let runner = Task { try await program.services.run() }
            #expect(await program.eventually { first.isRunning })

            try program.write(host: "one", limit: 90)  // the other container only
            #expect(program.running.reload().generation == 2)
            #expect(program.clients.client() === first)
            #expect(first.isRunning, "an edit that does not reach the client keeps it running")

            try program.write(host: "two", limit: 90)
            #expect(program.running.reload().generation == 3)
            let second = program.clients.client()
            #expect(second.host == "two")
            #expect(await program.eventually { first.hasStopped }, "the replaced client is shut down")
            #expect(await program.eventually { second.isRunning }, "its replacement runs from its build")

            shutdown.triggerGracefulShutdown()
            try await runner.value
            #expect(second.hasStopped, "the runner returns once the current client has stopped")
        }
        #expect(!program.services.adopt(RecordedClient(host: "late")), "nothing runs after the shutdown")
    }

    @Test func onlyServicesAreRunAndAResolutionOfAKeptOneRunsNothingMore() async throws {
        let services = FactoryServices(logger: Logger(label: "test") { _ in CapturingLogHandler(lines: Lines()) })
        #expect(!services.adopt("not a service"))
        let container = ClientContainer(services: services)
        let client = container.client()
        #expect(container.client() === client)
        try await testGracefulShutdown { shutdown in
            let runner = Task { try await services.run() }
            let started = await ServiceProgram.waitFor { client.isRunning }
            #expect(started)
            await services.retire(client)
            #expect(client.hasStopped, "retire returns once the client's run has returned")
            shutdown.triggerGracefulShutdown()
            try await runner.value
        }
    }
}

extension FactoryServicesTests {
    @Test func theGroupsShutdownStopsTheNewestFirst() async throws {
        let services = FactoryServices(logger: Logger(label: "test") { _ in CapturingLogHandler(lines: Lines()) })
        let stops = StopOrder()
        let pool = RecordedClient(host: "pool", stops: stops)
        let consumer = RecordedClient(host: "consumer", stops: stops)
        #expect(services.adopt(pool))
        #expect(services.adopt(consumer))
        try await testGracefulShutdown { shutdown in
            let runner = Task { try await services.run() }
            #expect(await ServiceProgram.waitFor { pool.isRunning && consumer.isRunning })
            shutdown.triggerGracefulShutdown()
            try await runner.value
        }
        #expect(stops.order == ["consumer", "pool"], "the one built last may use the one built first")
    }

    @Test func aClientRetiredBeforeTheGroupRunsNeverStarts() async throws {
        let services = FactoryServices(logger: Logger(label: "test") { _ in CapturingLogHandler(lines: Lines()) })
        let replaced = RecordedClient(host: "replaced")
        let current = RecordedClient(host: "current")
        services.adopt(replaced)
        services.adopt(current)
        await services.retire(replaced)  // returns at once: nothing runs yet, and nothing waits for a run
        try await testGracefulShutdown { shutdown in
            let runner = Task { try await services.run() }
            #expect(await ServiceProgram.waitFor { current.isRunning })
            #expect(!replaced.isRunning && !replaced.hasStopped, "a retired client is not started late")
            shutdown.triggerGracefulShutdown()
            try await runner.value
        }
        #expect(current.hasStopped)
    }
}

extension ServiceProgram {
    /// Waits up to five seconds for `condition`.
    static func waitFor(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }
}
