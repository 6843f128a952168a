// A program with two profile-aware containers, launched by `PlugboardCLITests` as a subprocess: the
// scenarios a real program's launch goes through (bootstrap with each failure policy, containers made after
// the launch, the launch API that never exits). It prints what each container resolves, one `name=value`
// line each, so the tests read what a user would see.
import Configuration
import Foundation
import Logging
import Plugboard
import PlugboardConfiguration
@_spi(Tools) import PlugboardProfiles
import PlugboardReloadService
import ServiceLifecycle

final class OrdersContainer: SharedContainer, AutoRegistering {
    @TaskLocal static var shared = OrdersContainer()
    let manager = ContainerManager()

    var store: Factory<String> { self { "code-store" } }
    var retries: Factory<Int> { self { 0 } }

    func autoRegister() {
        applyProfile(
            store.choices(["sql": { "sql-store" }, "memory": { "memory-store" }]),
            retries.configurable()
        )
    }
}

final class PaymentContainer: SharedContainer, AutoRegistering {
    @TaskLocal static var shared = PaymentContainer()
    let manager = ContainerManager()

    var gateway: Factory<String> { self { "code-gateway" } }
    /// Its definition sets its scope on every access, so a profile's `scope` for it cannot take effect.
    var region: Factory<String> { self { "code-region" }.cached }

    struct Settings: Decodable, Sendable {
        var url: URL
        var timeoutSeconds: Double?
        /// The gateway's key, given by reference (`env:`, `file:`); `LAUNCH_CHECKS_EXPECTED_KEY` says what the
        /// test made it, so that the program can say whether it arrived without printing it.
        var apiKey: Secret?
    }

    static func describe(_ settings: Settings) -> String {
        var text = "http-gateway \(settings.url.absoluteString)"
        if let timeout = settings.timeoutSeconds { text += " timeout=\(timeout)" }
        if let key = settings.apiKey {
            let expected = ProcessInfo.processInfo.environment["LAUNCH_CHECKS_EXPECTED_KEY"]
            text += " key=\(key.value == expected ? "expected" : "unexpected")"
            // What a careless log line would print: the reference, never the value.
            FileHandle.standardError.write(Data("gateway settings: \(settings)\n".utf8))
        }
        return text
    }

    func autoRegister() {
        applyProfile(
            gateway.choices([
                "stub": .make { "stub-gateway" },
                "http": .settings(Settings.self) { PaymentContainer.describe($0) },
            ]),
            region.configurable()
        )
    }
}

/// A third container, for the `warm` scenario: its `autoRegister()` warms a cached summary and a singleton,
/// both built from the orders store, before the launch applies the profiles.
final class WarmingContainer: SharedContainer, AutoRegistering {
    @TaskLocal static var shared = WarmingContainer()
    let manager = ContainerManager()

    var summary: Factory<String> { self { "summary over \(OrdersContainer.shared.store())" }.cached }
    var banner: Factory<String> { self { "banner over \(OrdersContainer.shared.store())" }.singleton }

    func autoRegister() {
        _ = summary()
        _ = banner()
    }
}

/// A fourth container, for the `promises` scenario: three `promised()` factories, one a profile must provide,
/// one the code registers in `autoRegister()`, one the program registers later (after a login).
final class AccountsContainer: SharedContainer, AutoRegistering {
    @TaskLocal static var shared = AccountsContainer()
    let manager = ContainerManager()

    var accountLoader: Factory<String?> { promised() }
    var ledger: Factory<String?> { promised() }
    var session: Factory<String?> { promised() }

    func autoRegister() {
        ledger.register { "code-ledger" }
        applyProfile(
            accountLoader.choices(["live": { "live-loader" }, "demo": { "demo-loader" }]),
            ledger.choices(["remote": { "remote-ledger" }]),
            session.choices(["guest": { "guest-session" }]),
            session.providedLater()
        )
    }
}

func show(_ label: String, _ orders: OrdersContainer, _ payment: PaymentContainer) {
    print(
        "\(label) orders.store=\(orders.store()) orders.retries=\(orders.retries()) payment.gateway=\(payment.gateway())"
    )
}

/// The shared containers' wiring after `label`, as one line.
func wiring(_ label: String) -> String {
    let orders = OrdersContainer.shared, payment = PaymentContainer.shared
    return
        "\(label): orders.store=\(orders.store()) orders.retries=\(orders.retries()) payment.gateway=\(payment.gateway())"
}

/// Writes a line to standard output at once (print's output waits in a buffer when it goes to a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

var options = ProfileOptions()
options.logger = Logger(label: "plugboard") { StreamLogHandler.standardError(label: $0) }
let scenario = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("-") && !$0.contains("/") } ?? "stop"

switch scenario {
case "stop":
    ProfileSystem.bootstrap(OrdersContainer.shared, PaymentContainer.shared, options: options)
    show("shared", OrdersContainer.shared, PaymentContainer.shared)

case "required":
    // A program whose code's defaults must not serve: without a profile it stops instead of running on them.
    options.requiresProfile = true
    ProfileSystem.bootstrap(OrdersContainer.shared, PaymentContainer.shared, options: options)
    show("shared", OrdersContainer.shared, PaymentContainer.shared)

case "keep-defaults":
    options.failurePolicy = .keepDefaults
    ProfileSystem.bootstrap(OrdersContainer.shared, PaymentContainer.shared, options: options)
    show("shared", OrdersContainer.shared, PaymentContainer.shared)
    show("fresh", OrdersContainer(), PaymentContainer())

case "later":
    // Containers made after the launch, and a container after reset(), apply what the launch checked,
    // without reading the files again: the profile file is gone by then.
    ProfileSystem.bootstrap(OrdersContainer.shared, PaymentContainer.shared, options: options)
    if let file = ProfileSystem.current?.files.last {
        try? FileManager.default.removeItem(atPath: file)
    }
    show("shared", OrdersContainer.shared, PaymentContainer.shared)
    show("fresh", OrdersContainer(), PaymentContainer())
    OrdersContainer.shared.manager.reset()
    show("after-reset", OrdersContainer.shared, PaymentContainer.shared)

case "launch-api":
    // The library returns the outcome; the program decides, and goes on.
    let launch = ProfileSystem.launch([OrdersContainer.shared, PaymentContainer.shared], options: options)
    print(
        "outcome=\(launch.outcome) errors=\(launch.diagnostics.filter { $0.severity == .error }.count) containers=\(launch.containers.joined(separator: ",")) changed=\(launch.profiledFactories.count)"
    )
    show("shared", OrdersContainer.shared, PaymentContainer.shared)

case "configuration":
    // A program that already reads its configuration with swift-configuration: the environment first, then
    // the program's own defaults in memory. Profile settings and `config:` secrets come through it. Its types
    // are Configuration 1.0, macOS 15 / iOS 18, above the floor an executable target is built at on a Mac.
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else {
        FileHandle.standardError.write(Data("the configuration scenario needs macOS 15\n".utf8))
        exit(2)
    }
    let defaults = InMemoryProvider(values: [
        "plugboard.OrdersContainer.store.use": "memory",
        "plugboard.OrdersContainer.retries.value": 2,
        "payments.apiKey": ConfigValue(
            .string(ProcessInfo.processInfo.environment["LAUNCH_CHECKS_CONFIG_KEY"] ?? ""), isSecret: true),
    ])
    let config = ConfigReader(providers: [EnvironmentVariablesProvider(), defaults])
    options.readValues(from: config)
    ProfileSystem.bootstrap(OrdersContainer.shared, PaymentContainer.shared, options: options)
    show("shared", OrdersContainer.shared, PaymentContainer.shared)

case "watch":
    // A service that reloads its profiles: the reload service in a ServiceGroup, with SIGHUP, printing each
    // attempt's outcome and what the containers resolve after it. SIGTERM stops it gracefully.
    let environment = ProcessInfo.processInfo.environment
    options.reload.pollInterval = Double(environment["LAUNCH_CHECKS_POLL"] ?? "") ?? 0.05
    options.reload.quietPeriod = Double(environment["LAUNCH_CHECKS_QUIET"] ?? "") ?? 0.1
    ProfileSystem.bootstrap(OrdersContainer.shared, PaymentContainer.shared, options: options)
    // A hang-up that arrives before the service traps it is ignored rather than fatal (the tests send it early).
    signal(SIGHUP, SIG_IGN)
    let outcomes = ProfileSystem.reloadOutcomes
    say(wiring("launched generation 1"))
    let reporter = Task {
        for await outcome in outcomes {
            switch outcome {
            case .applied(let generation, let changed):
                say(wiring("applied generation \(generation) changed=\(changed.joined(separator: ","))"))
            case .unchanged(let generation):
                say(wiring("unchanged generation \(generation)"))
            case .refused(let generation, let diagnostics):
                say(wiring("refused generation \(generation) errors=\(diagnostics.count)"))
            }
        }
    }
    if environment["LAUNCH_CHECKS_WATCH"] == "task" {
        // No service group: the watch runs in a task of its own, cancelled when SIGTERM arrives.
        let watching = Task { await ProfileSystem.watchProfiles() }
        signal(SIGTERM, SIG_IGN)
        let terminate = DispatchSource.makeSignalSource(signal: SIGTERM)
        await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
            terminate.setEventHandler { stopped.resume() }
            terminate.resume()
        }
        watching.cancel()
        await watching.value
    } else {
        let group = ServiceGroup(
            services: [ProfileReloadService(reloadOnHangUp: true)], gracefulShutdownSignals: [.sigterm],
            logger: options.logger)
        try await group.run()
    }
    reporter.cancel()
    say("stopped")

case "warm":
    // A container that resolves in its autoRegister(): what it built there is built again from the profiles.
    ProfileSystem.bootstrap(OrdersContainer.shared, PaymentContainer.shared, WarmingContainer.shared, options: options)
    print("warm summary=\(WarmingContainer.shared.summary()) banner=\(WarmingContainer.shared.banner())")

case "lazy":
    // No bootstrap: the first container's applyProfile is the launch, for that container alone.
    show("shared", OrdersContainer.shared, PaymentContainer.shared)

case "lazy-reset":
    // A one-container app written as the iOS article says (applyProfile in autoRegister(), no bootstrap) that
    // resets its container, as on logout, after its profile was edited into a wrong one; then reloads.
    let file = ProcessInfo.processInfo.environment["LAUNCH_CHECKS_PROFILE_FILE"]!
    func orders(_ label: String, _ orders: OrdersContainer = OrdersContainer.shared) {
        say("\(label) orders.store=\(orders.store()) orders.retries=\(orders.retries())")
    }
    orders("launched")
    try! "plugboard: 1\ncontainers:\n  OrdersContainer:\n    retries: { value: many }\n".write(
        toFile: file, atomically: true, encoding: .utf8)
    OrdersContainer.shared.manager.reset()
    orders("after-reset")
    orders("fresh", OrdersContainer())
    say("reload \(ProfileSystem.reloadNow())".components(separatedBy: "diagnostics").first!)
    try! "plugboard: 1\ncontainers:\n  OrdersContainer:\n    store: { use: memory }\n".write(
        toFile: file, atomically: true, encoding: .utf8)
    say("reload \(ProfileSystem.reloadNow())")
    OrdersContainer.shared.manager.reset()
    orders("after-reload-reset")

case "promises":
    // A program whose accounts container promises factories: a profile that provides none of them is refused
    // for the one nothing else provides, and warned for the one the program registers later.
    ProfileSystem.bootstrap(OrdersContainer.shared, AccountsContainer.shared, options: options)
    let accounts = AccountsContainer.shared
    say(
        "accounts accountLoader=\(accounts.accountLoader() ?? "nil") ledger=\(accounts.ledger() ?? "nil") "
            + "orders.store=\(OrdersContainer.shared.store())")

case "switch":
    // A demo mode: the app switches its active profiles while it runs, to `demo` and back; a switch to a
    // profile that does not exist is refused and changes nothing. Each step prints both containers' wiring.
    ProfileSystem.bootstrap(OrdersContainer.shared, PaymentContainer.shared, options: options)
    /// The active profiles: the running generation's.
    func activeProfiles() -> [String] { ProfileSystem.current?.selection.names ?? [] }
    let launched = activeProfiles()
    say(wiring("launched \(launched)"))
    let demo = await ProfileSystem.switchProfiles(to: ["demo"])
    say(wiring("demo applied=\(demo.isApplied) generation=\(demo.generation) \(activeProfiles())"))
    let missing = ProfileSystem.switchProfilesNow(to: ["missing"])
    say(wiring("missing applied=\(missing.isApplied) generation=\(missing.generation) \(activeProfiles())"))
    let back = await ProfileSystem.switchProfiles(to: launched)
    say(wiring("back applied=\(back.isApplied) generation=\(back.generation) \(activeProfiles())"))

default:
    FileHandle.standardError.write(Data("unknown scenario \(scenario)\n".utf8))
    exit(2)
}
