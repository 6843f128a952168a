import Foundation
import Logging
import Plugboard
import PlugboardProfiles

/// What each factory of the reload rows is configured with.
public struct Knobs: Decodable, Sendable {
    public var size: Int
    public var label: String
    public var timeoutSeconds: Double
}

/// A real program's shape for the launch and reload rows: two containers of 500 factories each, typed settings
/// on every entry, and a chain of six files (`app` extends `l4` ... extends `base`). `base` sets every entry's
/// implementation and settings; each of `l1` to `l4` sets the settings of a fifth of them again; `app` sets
/// every entry's settings with a size that the reload rows change each time, so that every reload rewires all
/// 1,000 factories. (A profile's `with` replaces its parent's whole, so each file gives every field.)
public enum ReloadScenarios {
    public static let orders = OrdersSide()
    public static let payments = PaymentsSide()

    /// The folder of the chain (made once per process).
    public static let directory: String = {
        let path = NSTemporaryDirectory() + "plugboard-reload-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var base = "plugboard: 1\ncontainers:\n"
        for container in ["OrdersSide", "PaymentsSide"] {
            base += "  \(container):\n"
            for index in 0..<500 {
                base +=
                    "    s\(index): { use: \(index % 2 == 0 ? "a" : "b"), with: { size: 1, label: base, timeoutSeconds: 2.5 } }\n"
            }
        }
        try? base.write(toFile: path + "/base.yaml", atomically: true, encoding: .utf8)
        for level in 1...4 {
            var text = "plugboard: 1\nextends: \(level == 1 ? "base" : "l\(level - 1)")\ncontainers:\n"
            for container in ["OrdersSide", "PaymentsSide"] {
                text += "  \(container):\n"
                for index in stride(from: level - 1, to: 500, by: 5) {
                    text += "    s\(index): { with: { size: 1, label: level\(level), timeoutSeconds: 2.5 } }\n"
                }
            }
            try? text.write(toFile: path + "/l\(level).yaml", atomically: true, encoding: .utf8)
        }
        writeApp(size: 1, in: path)
        return path
    }()

    /// The active profile, with every entry's size set to `size`.
    static func writeApp(size: Int, in path: String = directory) {
        var text = "plugboard: 1\nextends: l4\ncontainers:\n"
        for container in ["OrdersSide", "PaymentsSide"] {
            text += "  \(container):\n"
            for index in 0..<500 {
                text += "    s\(index): { with: { size: \(size), label: app, timeoutSeconds: 2.5 } }\n"
            }
        }
        try? text.write(toFile: path + "/app.yaml", atomically: true, encoding: .utf8)
    }

    /// The program's launch over both containers (once per process); the number of factories changed.
    public static func launch() -> Int {
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in SwiftLogNoOpLogHandler() }
        let launch = ProfileSystem.launch([orders, payments], options: options)
        guard launch.isApplied else {
            fatalError("the launch was refused:\n" + launch.diagnostics.prefix(5).map(\.description).joined(separator: "\n"))
        }
        return launch.changedFactories.count
    }

    private nonisolated(unsafe) static var size = 1

    /// Changes every entry's size and reloads; the generation it applied (after ``launch()``).
    nonisolated(nonsending) public static func reloadAll() async -> Int {
        size += 1
        writeApp(size: size)
        guard case .applied(let generation, let changed) = await ProfileSystem.reload(), changed.count == 1000 else {
            fatalError("the reload did not apply to every factory")
        }
        return generation
    }
}
