import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

@testable import PlugboardProfiles

/// The tag of a `tagged-memory` store.
struct MemoryTag: Decodable, Sendable {
    var tag: String
}

/// A store with settings, as a service's database would be declared.
struct StoreSettings: Decodable, Sendable {
    var url: String
    var password: Secret?
}

/// The first container of the reload tests' program: a store with implementations and settings, a
/// configurable value, and a cached service built from the store.
final class ShopContainer: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()

    var store: Factory<String> { self { "code-store" } }
    var pageSize: Factory<Int> { self { 10 } }
    /// Cached, and built from `store`: a reload that changes the store must not leave it serving the old one.
    var catalog: Factory<Box> { self { Box("catalog over \(self.store())") }.cached }
    /// The same, kept by the shared scope (while someone holds it) and by a custom scope.
    var sharedCatalog: Factory<Box> { self { Box("catalog over \(self.store())") }.shared }
    var sessionCatalog: Factory<Box> { self { Box("catalog over \(self.store())") }.scope(.session) }
    /// Cached, and built from `catalog` (so from `store`, one step further).
    var summary: Factory<Box> { self { Box("summary of \(self.catalog().name)") }.cached }
    /// Cached, and built from nothing the profiles change: a to-do list kept in memory.
    var notes: Factory<Box> { self { Box("notes") }.cached }
    /// Cached here, built from the other container's limiter.
    var throttle: Factory<Box> {
        self { Box("throttle with \(self.peer.withLock { $0 }?.limiter() ?? "none")") }.cached
    }
    /// A singleton built from `pageSize`.
    var pager: Factory<Box> { self { Box("pager of \(self.pageSize())") }.singleton }
    /// A singleton built from the cached `catalog`, so from `store` one step further: a build that only hits
    /// the catalog resolves nothing of the store's.
    var storefront: Factory<Box> { self { Box("storefront on \(self.catalog().name)") }.singleton }
    /// Cached, built from `store`, and made slowly: the build calls `pause` (when set) between resolving the
    /// store and returning, so a test can reload in the middle of it.
    var report: Factory<Box> { self { Box("report over \(self.pausing(self.store()))") }.cached }
    /// A singleton built from `pageSize` that pauses as `report` does, after resolving it.
    var slowPager: Factory<Box> { self { Box("pager of \(self.pausing(self.pageSize()))") }.singleton }
    let pause = Locked<(@Sendable () -> Void)?>(nil)

    /// `value`, once `pause` (when set) has returned.
    func pausing<Value>(_ value: Value) -> Value {
        pause.withLock { $0 }?()
        return value
    }

    /// A container no profile lists, that `page` is built through.
    let relay = Locked<RelayContainer?>(nil)
    /// Cached, and built from the relay's cached view, which is built from `store`.
    var page: Factory<Box> { self { Box("page of \(self.relay.withLock { $0 }!.view().name)") }.cached }

    /// The program's other container, for a resolution whose graph spans both.
    let peer = Locked<LimitsContainer?>(nil)
    /// The page size and the peer's limiter, resolved within one resolution.
    var pair: Factory<String> {
        self { "\(self.pageSize()) \(self.peer.withLock { $0 }?.limiter() ?? "no peer")" }
    }

    func autoRegister() {
        applyProfile(
            store.choices([
                "memory": .make { "memory-store" },
                // A memory store that says which profile chose it, for the stress test to date every generation.
                "tagged-memory": .settings(MemoryTag.self) { "memory-store \($0.tag)" },
                "sql": .settings(StoreSettings.self) { settings in
                    "sql-store \(settings.url)" + (settings.password.map { " password=\($0.value)" } ?? "")
                },
            ]),
            pageSize.configurable()
        )
    }
}

/// The second container: a switch whose settings a running service would change.
final class LimitsContainer: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()

    var limiter: Factory<String> { self { "code-limiter" } }
    /// A parameter factory, whose implementations get the parameter as its definition does.
    var quota: ParameterFactory<Int, String> { self { "quota \($0)" } }

    struct Settings: Decodable, Sendable {
        var perMinute: Int
    }

    func autoRegister() {
        applyProfile(
            limiter.choices([
                "off": .make { "no-limit" },
                "fixed": .settings(Settings.self) { "fixed \($0.perMinute)/min" },
            ]),
            quota.choices(["half": { "quota \($0 / 2)" }, "double": { "quota \($0 * 2)" }])
        )
    }
}

/// Two fresh containers launched over profiles in a folder of their own, with the launch's pipeline and a
/// reloader that the test drives: the profile `app` is active, and the log is captured.
final class ReloadProgram: @unchecked Sendable {
    let directory = Fixtures.temporaryDirectory()
    let shop = ShopContainer()
    let limits = LimitsContainer()
    let log = Lines()
    private(set) var launch: ProfileGeneration!
    private(set) var running: RunningProfiles!

    /// Writes `files` (name -> text), then launches with `configure`'s options; `installed`: as the process's
    /// profiles (``ProfileSystem/launch(_:options:)``, once per process), which ``ProfileSystem/reload()`` reloads.
    init(_ files: [String: String], installed: Bool = false, configure: (inout ProfileOptions) -> Void = { _ in })
        throws
    {
        for (name, text) in files { try write(text, to: name) }
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        options.workingDirectory = directory
        options.reload.quietPeriod = 0.5
        let log = log
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: log) }
        configure(&options)
        shop.peer.withLock { $0 = limits }
        if installed {
            launch = ProfileSystem.launch([shop, limits], options: options)
            running = ProfileSystem.reloader
        } else {
            (launch, running) = ProfileSystem.start([shop, limits], options: options)
        }
    }

    /// Replaces `name`'s content in place (truncate and write), as most programs save.
    func write(_ text: String, to name: String = "app.yaml") throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// What both containers resolve now.
    var wiring: String {
        "\(shop.store()) | \(shop.pageSize()) | \(limits.limiter())"
    }

    /// The log lines at error level.
    var errors: [String] { log.all.filter { $0.hasPrefix("error:") } }
}

/// A profile for both containers.
func appProfile(
    store: String = "{ use: memory }", pageSize: Int = 20, limiter: String = "{ use: fixed, with: { perMinute: 60 } }"
) -> String {
    """
    plugboard: 1
    containers:
      ShopContainer:
        store: \(store)
        pageSize: { value: \(pageSize) }
      LimitsContainer:
        limiter: \(limiter)
    """
}

/// A program's configuration that holds secrets only (no settings), and that the test changes while it runs.
final class SecretsOnlyConfiguration: ProfileValueSource {
    let values: Locked<[String: String]>
    init(_ values: [String: String]) { self.values = Locked(values) }
    func setting(at path: [String], isSecret: Bool) -> String? { nil }
    func origin(of path: [String]) -> String { "test configuration" }
    func secret(forKey key: String) -> String? { values.withLock { $0[key] } }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}

/// A resolution run on a thread of its own that stops inside, where its container calls `pause`, until
/// ``finish()``. Its own thread: blocking the cooperative pool's few threads would stall parallel tests.
final class PausedResolution<Value>: @unchecked Sendable {
    private let proceed = DispatchSemaphore(value: 0)
    private let returned = DispatchSemaphore(value: 0)
    private let value = Locked<Value?>(nil)

    /// Starts `resolve` and returns once it is inside `pause` (which is then cleared for later resolutions).
    init(pausingAt pause: Locked<(@Sendable () -> Void)?>, _ resolve: @escaping @Sendable () -> Value) {
        let inside = DispatchSemaphore(value: 0)
        let proceed = proceed
        pause.withLock {
            $0 = {
                inside.signal()
                proceed.wait()
            }
        }
        let (value, returned) = (value, returned)
        Thread.detachNewThread {
            let resolved = resolve()
            value.withLock { $0 = resolved }
            returned.signal()
        }
        inside.wait()
        pause.withLock { $0 = nil }
    }

    /// Lets the resolution go on, and returns what it returned.
    func finish() -> Value {
        proceed.signal()
        returned.wait()
        return value.withLock { $0 }!
    }
}
