import Foundation
import Testing

/// Singletons in a process where no test isolates them: there, containers serve singleton hits from copies
/// of the scopes' instances, which every reset, `register`, `push()` and isolation must drop. The scenarios
/// live in `plugboard-singleton-checks` (this process's tests isolate singletons, so they never make copies).
@Suite struct SingletonMirrorTests {
    @Test(arguments: [
        "reset", "register", "factory-reset", "container-reset", "push-pop", "isolation", "custom-scope",
        "time-to-live", "many-containers", "kept-factory", "concurrent-reset",
    ])
    func singletonsStayConsistentAcrossContainers(scenario: String) throws {
        let process = Process()
        process.executableURL = Self.checks
        process.arguments = [scenario]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(report == "\(scenario): ok\n")
        #expect(process.terminationStatus == 0)
    }

    /// The scenarios' executable, built beside this test bundle: the folder of the `.xctest` bundle on macOS,
    /// of the test executable on Linux.
    static let checks: URL = {
        let name = "plugboard-singleton-checks"
        let candidates =
            Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map {
                $0.deletingLastPathComponent().appendingPathComponent(name)
            } + [
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
            ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()
}
