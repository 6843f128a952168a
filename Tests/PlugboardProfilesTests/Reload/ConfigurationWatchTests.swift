import Configuration
import Foundation
import Plugboard
import PlugboardConfiguration
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// A configuration that tells its changes, as swift-configuration's providers do.
final class ChangingConfiguration: ProfileValueSource {
    let values = Locked<[String: String]>([:])
    let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (changes, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Sets the setting at `path` (`ShopContainer.pageSize.value`) and tells the change.
    func set(_ path: String, _ value: String) {
        values.withLock { $0[path] = value }
        continuation.yield()
    }

    func setting(at path: [String], isSecret: Bool) -> String? { values.withLock { $0[path.joined(separator: ".")] } }
    func origin(of path: [String]) -> String { "test configuration" }
    func secret(forKey key: String) -> String? { nil }
    func watchChanges(_ changed: @escaping @Sendable () -> Void) async {
        for await _ in changes { changed() }
    }
}

/// The watcher follows the program's configuration as it follows the files: a change it tells is reloaded
/// after the quiet period, with no file touched.
@Suite struct ConfigurationWatchTests {
    /// Runs `program`'s watcher with real time (a 20 ms poll, a 50 ms quiet period) while `change` runs, and
    /// returns the first outcome that applied.
    static func firstApplied(_ program: ReloadProgram, after change: @escaping @Sendable () -> Void) async
        -> ReloadOutcome?
    {
        var outcomes = program.running.outcomeUpdates().makeAsyncIterator()
        let watcher = program.running.makeWatcher()
        let running = Task { await watcher.run() }
        defer { running.cancel() }
        #expect(await outcomes.next() == .unchanged(generation: 1), "the first look reloads once")
        change()
        while let outcome = await outcomes.next() {
            if case .applied = outcome { return outcome }
        }
        return nil
    }

    @Test(.timeLimit(.minutes(1))) func aChangeTheConfigurationTellsIsReloaded() async throws {
        let configuration = ChangingConfiguration()
        let program = try ReloadProgram(["app.yaml": appProfile()]) { options in
            options.valueSource = configuration
            options.reload.pollInterval = 0.02
            options.reload.quietPeriod = 0.05
        }
        let outcome = await Self.firstApplied(program) { configuration.set("ShopContainer.pageSize.value", "55") }
        #expect(outcome == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(program.shop.pageSize() == 55)
    }

    /// A value set before the watcher subscribes (between the launch's read and the watcher's start) is told:
    /// no later change is needed for the reload to see it.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(.timeLimit(.minutes(1))) func aValueSetBeforeTheSubscriptionIsTold() async throws {
        let provider = MutableInMemoryProvider(initialValues: [:])
        var options = ProfileOptions()
        options.readValues(from: ConfigReader(provider: provider))
        let source = try #require(options.valueSource)
        provider.setValue(57, forKey: ["plugboard", "ShopContainer", "pageSize", "value"])
        let told = AsyncStream.makeStream(of: Void.self)
        let watching = Task { await source.watchChanges { told.continuation.yield() } }
        defer { watching.cancel() }
        // Bounded: a source that tells nothing fails here instead of at the time limit.
        let timeout = Task {
            try? await Task.sleep(nanoseconds: 10_000_000_000)
            told.continuation.finish()
        }
        defer { timeout.cancel() }
        var updates = told.stream.makeAsyncIterator()
        #expect(await updates.next() != nil, "the value set before the subscription")
        #expect(source.setting(at: ["ShopContainer", "pageSize", "value"], isSecret: false) == "57")
    }

    /// swift-configuration's own providers, through `PlugboardConfiguration`: a value set in a mutable provider.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(.timeLimit(.minutes(1))) func aProvidersChangeIsReloaded() async throws {
        let provider = MutableInMemoryProvider(initialValues: [:])
        let reader = ConfigReader(provider: provider)
        let program = try ReloadProgram(["app.yaml": appProfile()]) { options in
            options.readValues(from: reader)
            options.reload.pollInterval = 0.02
            options.reload.quietPeriod = 0.05
        }
        let outcome = await Self.firstApplied(program) {
            provider.setValue(56, forKey: ["plugboard", "ShopContainer", "pageSize", "value"])
        }
        #expect(outcome == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(program.shop.pageSize() == 56)
    }
}
