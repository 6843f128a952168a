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
