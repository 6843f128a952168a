import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// A configuration that, the first time it is asked, checks whether the main actor can run something meanwhile
/// (for up to two seconds): it cannot while the reload that asks runs on it.
final class MainActorProbingConfiguration: ProfileValueSource {
    let mainActorRan = Locked<[Bool]>([])
    func setting(at path: [String], isSecret: Bool) -> String? {
        guard mainActorRan.withLock({ $0.isEmpty }) else { return nil }  // once per reload is enough
        let ran = DispatchSemaphore(value: 0)
        Task { @MainActor in ran.signal() }
        let free = ran.wait(timeout: .now() + 2) == .success
        mainActorRan.withLock { $0.append(free) }
        return nil
    }
    func origin(of path: [String]) -> String { "test configuration" }
    func secret(forKey key: String) -> String? { nil }
}

/// `ProfileSystem.reload()` from the main actor, as an app's button or a SwiftUI task calls it: the files,
/// the configuration and the program's decoding run off the main actor, which goes on meanwhile. In a process of its
/// own, as the program's launch is once per process.
@Suite struct ReloadExecutorTests {
    @Test func aReloadCalledFromTheMainActorDoesItsWorkOffIt() async {
        await #expect(processExitsWith: .success) {
            let directory = Fixtures.temporaryDirectory()
            let profile = #"{ "plugboard": 1, "containers": { "ShopContainer": { "pageSize": { "value": 20 } } } }"#
            try? profile.write(toFile: directory + "/app.json", atomically: true, encoding: .utf8)
            let configuration = MainActorProbingConfiguration()
            var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .keepDefaults)
            options.arguments = []
            options.environment = [:]
            options.valueSource = configuration
            options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
            let shop = ShopContainer()
            ProfileSystem.bootstrap(shop, options: options)
            guard shop.pageSize() == 20 else { exit(1) }
            try? profile.replacingOccurrences(of: "20", with: "25").write(
                toFile: directory + "/app.json", atomically: true, encoding: .utf8)
            configuration.mainActorRan.withLock { $0 = [] }
            let outcome = await Task { @MainActor in
                return await ProfileSystem.reload()
            }.value
            let asked = configuration.mainActorRan.withLock { $0 }
            guard case .applied = outcome, shop.pageSize() == 25 else { exit(2) }
            guard !asked.isEmpty else { exit(3) }
            guard !asked.contains(false) else { exit(4) }
        }
    }
}

/// A configuration whose secrets hang, once told to, until released: a provider that stops answering.
final class HangingConfiguration: ProfileValueSource {
    private let hanging = Locked(false)
    private let released = DispatchSemaphore(value: 0)
    func setting(at path: [String], isSecret: Bool) -> String? { nil }
    func origin(of path: [String]) -> String { "hanging configuration" }
    func secret(forKey key: String) -> String? {
        if hanging.withLock({ $0 }) { released.wait() }
        return "from the provider"
    }
    /// From now on, every secret read hangs.
    func hang() { hanging.withLock { $0 = true } }
    /// Lets every read go on, and stops hanging.
    func release(waiting count: Int) {
        hanging.withLock { $0 = false }
        for _ in 0..<count { released.signal() }
    }
}

/// Nothing of the program waits on a reload: reloads wait for each other, and for the files and providers they
/// read, on a thread of their own, never on a thread of Swift's cooperative pool. Under e21c435, as many
/// waiting reloads as the pool has threads stopped every task of the program until the slow one ended.
@Suite struct ReloadWaitTests {
    @Test func reloadsWaitingOnAHungProviderLeaveEveryOtherTaskRunning() async {
        await #expect(processExitsWith: .success) {
            let configuration = HangingConfiguration()
            let program = try! ReloadProgram(
                ["app.yaml": appProfile(store: "{ use: sql, with: { url: db, password: \"config:db.password\" } }")],
                installed: true
            ) { $0.valueSource = configuration }
            guard program.shop.store() == "sql-store db password=from the provider" else { exit(1) }
            // Nothing below may depend on the pool's threads to end the process: a watchdog of its own.
            Thread.detachNewThread {
                sleep(30)
                exit(9)
            }
            configuration.hang()
            let reloads = ProcessInfo.processInfo.activeProcessorCount + 1
            let finished = Locked(0)
            for _ in 0..<reloads {
                Task.detached {
                    _ = await ProfileSystem.reload()
                    finished.withLock { $0 += 1 }
                }
            }
            try? await Task.sleep(nanoseconds: 300_000_000)  // every reload is under way or waiting by now
            // An unrelated task runs, and a health check reads the status, while the reloads wait.
            let ran = await Task.detached { true }.value
            guard ran, finished.withLock({ $0 }) == 0 else { exit(2) }
            guard ProfileSystem.reloadStatus?.generation == 1 else { exit(3) }
            configuration.release(waiting: reloads)
            for _ in 0..<100 where finished.withLock({ $0 }) < reloads {
                try? await Task.sleep(nanoseconds: 50_000_000)
            }
            guard finished.withLock({ $0 }) == reloads else { exit(4) }
            guard ProfileSystem.reloadStatus?.lastOutcome == .unchanged(generation: 1) else { exit(5) }
        }
    }
}
