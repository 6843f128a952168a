import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// A container whose instances declare different choices: what a program's own code can do, which the running
/// profiles were not checked against.
final class VaryingContainer: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()
    let offersFast: Bool
    init(offersFast: Bool) { self.offersFast = offersFast }

    var mode: Factory<String> { self { "code mode" } }

    func autoRegister() {
        let slow: Implementation<String> = .make { "slow mode" }
        applyProfile(mode.choices(offersFast ? ["fast": .make { "fast mode" }, "slow": slow] : ["slow": slow]))
    }
}

/// Containers made after the launch (a new instance, a test's, one after `reset()`) take their wiring from the
/// running generation: no file read, no secret read again, and a program that declares other choices gets a
/// diagnostic, never a stop. Each test is a process of its own, as the launch is once per process.
@Suite struct LaterContainerTests {
    /// A listed container reset while a reload publishes (after its own change was committed, while the next
    /// container's is staged) waits for the publication, then auto-registers the reload's generation, not the
    /// one it replaces. Before, the reset landed in the publication and applied the old generation for good,
    /// and the next reload of the same files was `.unchanged`.
    @Test func aListedContainerResetWhileAReloadPublishesEndsOnTheReloadsGeneration() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReclamationProgram(installed: true)
            let ledger = program.ledger
            guard ledger.store() == "store g1" else { exit(1) }
            let landedWhileStaged = Locked<Bool?>(nil)
            let done = DispatchSemaphore(value: 0)
            duringStagedChange(2) {
                // A logout on another thread: the ledger is reset and used again.
                Thread.detachNewThread {
                    ledger.manager.reset()
                    _ = ledger.store()
                    done.signal()
                }
                landedWhileStaged.withLock { $0 = done.wait(timeout: .now() + 0.2) == .success }
            }
            try! program.write(generation: 2)
            guard program.running.reload().generation == 2 else { exit(2) }
            ContainerManager.whileStaging = nil
            guard landedWhileStaged.withLock({ $0 }) == false, waitBlocking(for: done, seconds: 60) == .success
            else { exit(7) }
            guard ledger.store() == "store g2", ledger.catalog().name == "catalog over store g2" else { exit(3) }
            guard ledger.toggle(5)() == 2, program.rates.rate() == "rate g2" else { exit(4) }
            // A new instance applies it too, and the same files again change nothing.
            guard LedgerContainer().store() == "store g2" else { exit(5) }
            guard program.running.reload() == .unchanged(generation: 2), ledger.store() == "store g2" else { exit(6) }
        }
    }

    /// Launches a `ShopContainer` over a store whose password is a mounted secret file, in `directory`.
    static func launchWithMountedPassword(in directory: String) -> String {
        let password = directory + "/password"
        try? "one".write(toFile: password, atomically: true, encoding: .utf8)
        let profile = """
            { "plugboard": 1, "containers": { "ShopContainer": {
              "store": { "use": "sql", "with": { "url": "db", "password": "file:\(password)" } } } } }
            """
        try? profile.write(toFile: directory + "/app.json", atomically: true, encoding: .utf8)
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
        ProfileSystem.launch([ShopContainer()], options: options)
        return password
    }

    @Test func aContainerMadeWhileTheSecretIsMissingOrRotatedGetsTheRunningOne() async {
        await #expect(processExitsWith: .success) {
            let password = Self.launchWithMountedPassword(in: Fixtures.temporaryDirectory())
            try? FileManager.default.removeItem(atPath: password)  // mid-rotation: the mount is empty a moment
            guard ShopContainer().store() == "sql-store db password=one" else { exit(1) }
            try? "two".write(toFile: password, atomically: true, encoding: .utf8)  // rotated, not yet reloaded
            guard ShopContainer().store() == "sql-store db password=one" else { exit(2) }
            let reset = ShopContainer()
            _ = reset.store()
            reset.manager.reset()
            guard reset.store() == "sql-store db password=one" else { exit(3) }
        }
    }

    /// A container made after a rotation must not hide the rotation from the next reload.
    @Test func aSecretRotatedBeforeTheFirstReloadIsReloaded() async {
        await #expect(processExitsWith: .success) {
            let password = Self.launchWithMountedPassword(in: Fixtures.temporaryDirectory())
            try? "two".write(toFile: password, atomically: true, encoding: .utf8)
            _ = ShopContainer().store()
            guard case .applied(2, let changed) = await ProfileSystem.reload(), changed == ["ShopContainer.store"]
            else { exit(1) }
            guard ShopContainer().store() == "sql-store db password=two" else { exit(2) }
        }
    }

    /// Two instances of one type listed at launch that declare different choices: the launch is refused whole,
    /// with the finding, and neither instance changes.
    @Test func twoInstancesThatDeclareDifferentlyRefuseTheLaunchWhole() throws {
        let directory = Fixtures.temporaryDirectory()
        let profile = #"{ "plugboard": 1, "containers": { "VaryingContainer": { "mode": { "use": "fast" } } } }"#
        try profile.write(toFile: directory + "/app.json", atomically: true, encoding: .utf8)
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
        let offering = VaryingContainer(offersFast: true), other = VaryingContainer(offersFast: false)
        let (launch, _) = ProfileSystem.start([offering, other], options: options)
        #expect(launch.outcome == .refused)
        #expect(launch.diagnostics.map(\.code) == [.unknownImplementation])
        #expect(offering.mode() == "code mode")
        #expect(other.mode() == "code mode")
    }

    /// An instance that declares other choices than the launch checked keeps its code's wiring, with the
    /// findings logged: the process goes on.
    @Test func aContainerThatDeclaresOtherChoicesKeepsItsDefaultsWithADiagnostic() async {
        await #expect(processExitsWith: .success) {
            let directory = Fixtures.temporaryDirectory()
            let profile = #"{ "plugboard": 1, "containers": { "VaryingContainer": { "mode": { "use": "fast" } } } }"#
            try? profile.write(toFile: directory + "/app.json", atomically: true, encoding: .utf8)
            let log = Lines()
            var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .keepDefaults)
            options.arguments = []
            options.environment = [:]
            options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: log) }
            let first = VaryingContainer(offersFast: true)
            ProfileSystem.launch([first], options: options)
            guard first.mode() == "fast mode" else { exit(1) }
            let other = VaryingContainer(offersFast: false)
            guard other.mode() == "code mode" else { exit(2) }
            let lines = log.all
            guard lines.contains(where: { $0.hasPrefix("error: ") && $0.contains("[PB402]") }),
                lines.contains(where: { $0.contains("were not applied to this VaryingContainer") })
            else { exit(3) }
            guard VaryingContainer(offersFast: true).mode() == "fast mode" else { exit(4) }
        }
    }
}
