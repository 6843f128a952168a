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

/// `runsAsService()` for an async factory: the client runs once its build succeeds, and a reload that
/// replaces it shuts the old one down.
@Suite(.timeLimit(.minutes(1))) struct AsyncFactoryServicesTests {
    @Test func anAsyncBuiltClientRunsUntilAReloadReplacesIt() async throws {
        let directory = Fixtures.temporaryDirectory()
        func write(_ host: String) throws {
            let profile =
                #"{"plugboard": 1, "containers": {"AsyncClientServiceContainer": {"client": "#
                + #"{"use": "remote", "with": {"host": "\#(host)"}}}}}"#
            try profile.write(toFile: directory + "/app.json", atomically: false, encoding: .utf8)
        }
        try write("one")
        let services = FactoryServices(logger: Logger(label: "test") { _ in CapturingLogHandler(lines: Lines()) })
        let container = AsyncClientServiceContainer(services: services)
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .stop)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
        let running = try #require(ProfileSystem.start([container], options: options).1)

        try await testGracefulShutdown { shutdown in
            let runner = Task { try await services.run() }
            let first = try await container.client()
            #expect(first.host == "one")
            #expect(try await container.client() === first)
            #expect(await ServiceProgram.waitFor { first.isRunning }, "it runs from its build")

            try write("two")
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
}
