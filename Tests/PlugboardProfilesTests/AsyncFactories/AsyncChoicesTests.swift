import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// A database client whose connection is made with `await`.
final class AsyncClient: Sendable {
    let description: String
    init(_ description: String) { self.description = description }

    static func connect(_ settings: AsyncClientSettings) async throws -> AsyncClient {
        try await Task.sleep(nanoseconds: 1_000_000)
        return AsyncClient("\(settings.host):\(settings.port ?? 5432)")
    }
}

struct AsyncClientSettings: Decodable, Sendable {
    var host: String
    /// 5432 when left out.
    var port: Int?
}

/// A container whose async factory profiles rewire.
final class AsyncClientContainer: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()

    var client: AsyncFactory<AsyncClient> { self { AsyncClient("code") } }

    func autoRegister() {
        applyProfile(
            client.choices([
                "postgres": .settings(AsyncClientSettings.self) { try await AsyncClient.connect($0) },
                "memory": .make { AsyncClient("memory") },
            ]))
    }
}

/// Profiles choose among an async factory's implementations as among a synchronous one's: `use:`, `with:`
/// (decoded at launch, before anything is built), `scope:`, contexts and reloads.
@Suite struct AsyncChoicesTests {
    final class Program: @unchecked Sendable {
        let directory = Fixtures.temporaryDirectory()
        let container = AsyncClientContainer()
        let launch: ProfileGeneration
        let running: RunningProfiles?

        init(_ entry: String) throws {
            try Self.write(entry, in: directory)
            (launch, running) = ProfileSystem.start(
                [container], options: Fixtures.launchOptions(["app"], in: directory))
        }

        func write(_ entry: String) throws {
            try Self.write(entry, in: directory)
        }

        static func write(_ entry: String, in directory: String) throws {
            let text = "plugboard: 1\ncontainers:\n  AsyncClientContainer:\n    client: \(entry)\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/app.yaml"))
        }
    }

    @Test func aProfileChoosesAnAsyncImplementationWithItsSettings() async throws {
        let program = try Program("{ use: postgres, with: { host: db.internal }, scope: cached }")
        #expect(program.launch.isApplied, "\(program.launch.diagnostics)")
        let client = try await program.container.client()
        #expect(client.description == "db.internal:5432")
        #expect(try await program.container.client() === client, "the profile's scope keeps it")
    }

    @Test func wrongSettingsAreRefusedAtLaunchBeforeAnythingIsBuilt() async throws {
        let program = try Program("{ use: postgres, with: { port: 5432 } }")
        #expect(!program.launch.isApplied)
        #expect(program.launch.diagnostics.map(\.code) == [.invalidSettings])
        #expect(try await program.container.client().description == "code")
    }

    @Test func aContextChoosesAnotherAsyncImplementation() async throws {
        let program = try Program("{ use: postgres, with: { host: db }, contexts: { test: memory } }")
        #expect(try await program.container.client().description == "memory", "under swift test")
    }

    @Test func aReloadThatChangesTheEntryDropsTheKeptBuild() async throws {
        let program = try Program("{ use: postgres, with: { host: one }, scope: cached }")
        let first = try await program.container.client()
        #expect(first.description == "one:5432")

        try program.write("{ use: postgres, with: { host: two }, scope: cached }")
        #expect(program.running?.reload() == .applied(generation: 2, changedFactories: ["AsyncClientContainer.client"]))
        let second = try await program.container.client()
        #expect(second.description == "two:5432")
        #expect(second !== first)
    }
}
