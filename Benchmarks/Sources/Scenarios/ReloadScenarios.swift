import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfiles

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

    /// Whether the chain is written in JSON instead of YAML (set before the first use of ``directory``): the
    /// same entries through the package's own JSON reader instead of libyaml.
    public nonisolated(unsafe) static var json = false

    /// One entry: its implementation (nil: left to the parent) and its settings.
    private static func entry(_ index: Int, use: String?, size: Int, label: String) -> String {
        let settings =
            json
            ? "{\"size\": \(size), \"label\": \"\(label)\", \"timeoutSeconds\": 2.5}"
            : "{ size: \(size), label: \(label), timeoutSeconds: 2.5 }"
        if json {
            return "\"s\(index)\": {" + (use.map { "\"use\": \"\($0)\", " } ?? "") + "\"with\": \(settings)}"
        }
        return "s\(index): { " + (use.map { "use: \($0), " } ?? "") + "with: \(settings) }"
    }

    /// A profile file: `extends` (if any), then per container the entries of `indices`.
    private static func file(extends parent: String?, indices: StrideTo<Int>, entry: (Int) -> String) -> String {
        let containers = ["OrdersSide", "PaymentsSide"].map { container in
            let entries = indices.map(entry)
            return json
                ? "\"\(container)\": {\n" + entries.map { "    " + $0 }.joined(separator: ",\n") + "\n  }"
                : "  \(container):\n" + entries.map { "    " + $0 + "\n" }.joined()
        }
        if json {
            let extends = parent.map { "\"extends\": \"\($0)\",\n" } ?? ""
            return "{\"plugboard\": 1,\n\(extends)\"containers\": {\n  " + containers.joined(separator: ",\n  ")
                + "\n}}\n"
        }
        let extends = parent.map { "extends: \($0)\n" } ?? ""
        return "plugboard: 1\n\(extends)containers:\n" + containers.joined()
    }

    private static var fileExtension: String { json ? "json" : "yaml" }

    /// The folder of the chain (made once per process).
    public static let directory: String = {
        let path = NSTemporaryDirectory() + "plugboard-reload-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in chain(size: 1) {
            try? text.write(toFile: path + "/\(name).\(fileExtension)", atomically: true, encoding: .utf8)
        }
        return path
    }()

    /// The six files of the chain, by name, with every entry's size set to `size`.
    private static func chain(size: Int) -> [(name: String, text: String)] {
        let base = file(extends: nil, indices: stride(from: 0, to: 500, by: 1)) { index in
            entry(index, use: index % 2 == 0 ? "a" : "b", size: size, label: "base")
        }
        let levels = (1...4).map { level in
            (
                "l\(level)",
                file(extends: level == 1 ? "base" : "l\(level - 1)", indices: stride(from: level - 1, to: 500, by: 5)) {
                    entry($0, use: nil, size: size, label: "level\(level)")
                }
            )
        }
        return [("base", base)] + levels + [("app", appText(size: size))]
    }

    /// The active profile's text, with every entry's size set to `size`.
    private static func appText(size: Int) -> String {
        file(extends: "l4", indices: stride(from: 0, to: 500, by: 1)) { entry($0, use: nil, size: size, label: "app") }
    }

    /// Writes the active profile, with every entry's size set to `size`.
    static func writeApp(size: Int, in path: String = directory) {
        writeApp(Data(appText(size: size).utf8), in: path)
    }

    private static func writeApp(_ data: Data, in path: String = directory) {
        try? data.write(to: URL(fileURLWithPath: path + "/app.\(fileExtension)"), options: .atomic)
    }

    /// The active profile with sizes 2 and 1, made before the reloads start so that a reload row measures the
    /// reload, not the making of its text (about 9 M instructions per 1,000 entries).
    private static let alternateApps = [Data(appText(size: 2).utf8), Data(appText(size: 1).utf8)]

    /// Every file of the chain with sizes 2 and 1, made before the reloads start (see ``alternateApps``).
    private static let alternateChains = [2, 1].map { size in
        chain(size: size).map { (name: $0.name, data: Data($0.text.utf8)) }
    }

    private nonisolated(unsafe) static var everythingReloads = 0

    /// Rewrites all six files, every entry changed (a deploy that replaced the profiles), and reloads: the
    /// reload that reads everything a launch reads (after ``launch()``).
    public static func reloadEverything() -> Int {
        for (name, data) in alternateChains[everythingReloads % 2] {
            try? data.write(to: URL(fileURLWithPath: directory + "/\(name).\(fileExtension)"), options: .atomic)
        }
        everythingReloads += 1
        guard case .applied(let generation, let changed) = ProfileSystem.reloadNow(), changed.count == 1000 else {
            fatalError("the reload did not apply to every factory")
        }
        return generation
    }

    /// The program's launch over both containers (once per process); the number of factories changed.
    public static func launch() -> Int {
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in SwiftLogNoOpLogHandler() }
        let launch = ProfileSystem.launch([orders, payments], options: options)
        guard launch.outcome == .applied else {
            fatalError(
                "the launch was refused:\n" + launch.diagnostics.prefix(5).map(\.description).joined(separator: "\n"))
        }
        return launch.profiledFactories.count
    }

    private nonisolated(unsafe) static var reloads = 0

    /// Changes every entry's size (between 1 and 2) and reloads; the generation it applied (after ``launch()``).
    nonisolated(nonsending) public static func reloadAll() async -> Int {
        writeApp(alternateApps[reloads % 2])
        reloads += 1
        // The synchronous form, on this thread: `reload()` moves to the global executor, whose threads valgrind's
        // callgrind does not survive; the work measured is the same.
        guard case .applied(let generation, let changed) = ProfileSystem.reloadNow(), changed.count == 1000 else {
            fatalError("the reload did not apply to every factory")
        }
        return generation
    }
}
