import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
@_spi(Tools) import PlugboardProfiles

protocol Analytics: Sendable {
    var name: String { get }
}

struct ConsoleAnalytics: Analytics { var name: String { "console" } }
struct NullAnalytics: Analytics { var name: String { "null" } }
struct CodeAnalytics: Analytics { var name: String { "code" } }
struct HTTPAnalytics: Analytics {
    let settings: HTTPSettings
    var name: String { "http \(settings.url.absoluteString) retries \(settings.retries ?? 0)" }
}

struct HTTPSettings: Decodable, Sendable {
    var url: URL
    var retries: Int?
    var timeoutSeconds: Double?
}

struct Limits: Decodable, Sendable, Equatable {
    var maxItems: Int
    var name: String
}

/// How loud: an enum, so its values are checked by the program's own decoding.
enum Level: String, Decodable, Sendable, CaseIterable {
    case quiet, loud
}

final class Box: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

extension Scope {
    static let session = Cached()
}

/// The container the rule tests apply profiles to.
final class RulesContainer: ManagedContainer {
    let manager = ContainerManager()

    var analytics: Factory<any Analytics> { self { CodeAnalytics() } }
    var apiBaseURL: Factory<URL> { self { URL(string: "https://code.example")! } }
    var retries: Factory<Int> { self { 0 } }
    var verbose: Factory<Bool> { self { false } }
    var servers: Factory<[String]> { self { [] } }
    var limits: Factory<Limits> { self { Limits(maxItems: 0, name: "code") } }
    var ratio: Factory<Double> { self { 1 } }
    var cache: Factory<Box> { self { Box("code") } }
    /// Its definition fixes the scope: a profile's `scope` cannot take effect.
    var ticker: Factory<Box> { self { Box("ticker") }.singleton }
    var level: Factory<Level> { self { .quiet } }
    /// A list whose members profiles choose.
    var sinks: Factory<[Box]> { self { [Box("code")] } }

    var declarations: [ProfileDeclaration] {
        [
            analytics.choices([
                "console": .make { ConsoleAnalytics() },
                "null": .make { NullAnalytics() },
                "http": .settings(HTTPSettings.self) { HTTPAnalytics(settings: $0) },
            ]),
            apiBaseURL.configurable(),
            retries.configurable(),
            verbose.configurable(),
            servers.configurable(),
            limits.configurable(),
            ratio.configurable(),
            cache.choices(["memory": { Box("memory") }, "disk": { Box("disk") }]),
            ticker.choices(["fast": { Box("fast") }]),
            level.configurable(),
            sinks.members(["console": { Box("console") }, "file": { Box("file") }]),
            .scope("session", .session),
        ]
    }

    /// Applies `names` from the fixtures, keeping the defaults on failure, with launch arguments and
    /// environment as given (none by default, so the test process's own never leak in).
    @discardableResult
    func apply(
        _ names: [String]?, directories: [String] = [Fixtures.profiles], arguments: [String] = ["test"],
        environment: [String: String] = [:], workingDirectory: String = Fixtures.profiles, log: Lines? = nil
    ) -> ProfileGeneration {
        var options = ProfileOptions(profiles: names, directories: directories, failurePolicy: .keepDefaults)
        options.arguments = arguments
        options.environment = environment
        options.workingDirectory = workingDirectory
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: log ?? Lines()) }
        return applyProfile(declarations, options: options)
    }

    /// Everything the container resolves, to compare before and after.
    var state: [String] {
        [
            analytics().name, apiBaseURL().absoluteString, "\(retries())", "\(verbose())", "\(servers())",
            "\(limits())", "\(ratio())", cache().name,
        ]
    }
}

enum Fixtures {
    /// Options for a test's launch of `profiles` from `directory`: no launch arguments, `environment` as given
    /// (never the test process's), nothing logged, and the code's defaults kept when a profile is refused.
    static func launchOptions(
        _ profiles: [String], in directory: String, environment: [String: String] = [:]
    ) -> ProfileOptions {
        var options = ProfileOptions(profiles: profiles, directories: [directory], failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = environment
        options.logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        return options
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path
    static let profiles = root + "/profiles"
    static let hostile = root + "/hostile"

    /// Lines of a manifest, without comments: the words of each line. A missing manifest stops the tests: a
    /// table built from it would otherwise run no case and pass.
    static func manifest(_ path: String) -> [[String]] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            fatalError("the test manifest \(path) is missing")
        }
        return text.split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
    }

    /// A new empty temporary folder.
    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "plugboard-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Collects log lines (NSLock: ThreadSanitizer sees pthread locks, not `Mutex`'s futexes on Linux).
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var observer: (@Sendable (String) -> Void)?
    private var observesBefore = false
    func append(_ line: String) {
        let (observer, before) = lock.withLock { (self.observer, observesBefore) }
        if before { observer?(line) }
        lock.withLock { lines.append(line) }
        if !before { observer?(line) }
    }
    var all: [String] { lock.withLock { lines } }
    /// Calls `observer` with each line appended from now on, as it is logged.
    func whenAppended(_ observer: @escaping @Sendable (String) -> Void) {
        lock.withLock {
            self.observer = observer
            observesBefore = false
        }
    }
    /// Calls `observer` with each line logged from now on, before it is recorded: a slow log handler, whose
    /// line is recorded only once it returns.
    func whenLogging(_ observer: @escaping @Sendable (String) -> Void) {
        lock.withLock {
            self.observer = observer
            observesBefore = true
        }
    }
}

struct CapturingLogHandler: LogHandler {
    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("\(event.level): \(event.message)")
    }
}

/// Waits for `semaphore` on this thread. A function of its own: Apple's Dispatch refuses `wait` in async code,
/// and an exit test's body, which blocks on purpose for threads it started, is async.
func waitBlocking(for semaphore: DispatchSemaphore, seconds: Double) -> DispatchTimeoutResult {
    semaphore.wait(timeout: .now() + seconds)
}

/// Waits on this thread until every member of `group` has left, for the reason `waitBlocking(for:seconds:)` gives.
func waitBlocking(for group: DispatchGroup) {
    group.wait()
}
