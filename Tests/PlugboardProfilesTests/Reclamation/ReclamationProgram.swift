import Foundation
import Logging
import Plugboard

@_spi(Tools) @testable import PlugboardProfiles

/// An object that records its `deinit`, so that a test can tell an object handed out after it was freed.
final class Tracked: Sendable {
    let name: String
    let serial: Int
    private static let serials = Locked(0)
    /// The serials of every tracked object whose `deinit` ran.
    static let freed = Locked<Set<Int>>([])

    init(_ name: String) {
        self.name = name
        serial = Self.serials.withLock {
            $0 += 1
            return $0
        }
    }

    deinit {
        let serial = serial
        Self.freed.withLock { _ = $0.insert(serial) }
    }

    /// Whether this object's `deinit` already ran: the engine handed out an object it had freed.
    var wasFreed: Bool { Self.freed.withLock { $0.contains(serial) } }
}

/// Sixty-four factories that every reload of the stress profile sets to another value, so that a reload's
/// publication takes a moment, as a large program's does.
protocol Toggles: ManagedContainer {}

extension Toggles {
    /// The declarations of the toggles, for `applyProfile`.
    var toggleDeclarations: [ProfileDeclaration] {
        (0..<Self.toggleCount).map { toggle($0).configurable() }
    }

    static var toggleCount: Int { 64 }

    /// Toggle `index`.
    func toggle(_ index: Int) -> Factory<Int> {
        // One property each: a factory's key is its property's name, a static string.
        let row: [Factory<Int>] = [
            t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16, t17, t18, t19, t20, t21, t22,
            t23, t24, t25, t26, t27, t28, t29, t30, t31, t32, t33, t34, t35, t36, t37, t38, t39, t40, t41, t42, t43,
            t44, t45, t46, t47, t48, t49, t50, t51, t52, t53, t54, t55, t56, t57, t58, t59, t60, t61, t62, t63,
        ]
        return row[index]
    }

    var t0: Factory<Int> { self { 0 } }
    var t1: Factory<Int> { self { 0 } }
    var t2: Factory<Int> { self { 0 } }
    var t3: Factory<Int> { self { 0 } }
    var t4: Factory<Int> { self { 0 } }
    var t5: Factory<Int> { self { 0 } }
    var t6: Factory<Int> { self { 0 } }
    var t7: Factory<Int> { self { 0 } }
    var t8: Factory<Int> { self { 0 } }
    var t9: Factory<Int> { self { 0 } }
    var t10: Factory<Int> { self { 0 } }
    var t11: Factory<Int> { self { 0 } }
    var t12: Factory<Int> { self { 0 } }
    var t13: Factory<Int> { self { 0 } }
    var t14: Factory<Int> { self { 0 } }
    var t15: Factory<Int> { self { 0 } }
    var t16: Factory<Int> { self { 0 } }
    var t17: Factory<Int> { self { 0 } }
    var t18: Factory<Int> { self { 0 } }
    var t19: Factory<Int> { self { 0 } }
    var t20: Factory<Int> { self { 0 } }
    var t21: Factory<Int> { self { 0 } }
    var t22: Factory<Int> { self { 0 } }
    var t23: Factory<Int> { self { 0 } }
    var t24: Factory<Int> { self { 0 } }
    var t25: Factory<Int> { self { 0 } }
    var t26: Factory<Int> { self { 0 } }
    var t27: Factory<Int> { self { 0 } }
    var t28: Factory<Int> { self { 0 } }
    var t29: Factory<Int> { self { 0 } }
    var t30: Factory<Int> { self { 0 } }
    var t31: Factory<Int> { self { 0 } }
    var t32: Factory<Int> { self { 0 } }
    var t33: Factory<Int> { self { 0 } }
    var t34: Factory<Int> { self { 0 } }
    var t35: Factory<Int> { self { 0 } }
    var t36: Factory<Int> { self { 0 } }
    var t37: Factory<Int> { self { 0 } }
    var t38: Factory<Int> { self { 0 } }
    var t39: Factory<Int> { self { 0 } }
    var t40: Factory<Int> { self { 0 } }
    var t41: Factory<Int> { self { 0 } }
    var t42: Factory<Int> { self { 0 } }
    var t43: Factory<Int> { self { 0 } }
    var t44: Factory<Int> { self { 0 } }
    var t45: Factory<Int> { self { 0 } }
    var t46: Factory<Int> { self { 0 } }
    var t47: Factory<Int> { self { 0 } }
    var t48: Factory<Int> { self { 0 } }
    var t49: Factory<Int> { self { 0 } }
    var t50: Factory<Int> { self { 0 } }
    var t51: Factory<Int> { self { 0 } }
    var t52: Factory<Int> { self { 0 } }
    var t53: Factory<Int> { self { 0 } }
    var t54: Factory<Int> { self { 0 } }
    var t55: Factory<Int> { self { 0 } }
    var t56: Factory<Int> { self { 0 } }
    var t57: Factory<Int> { self { 0 } }
    var t58: Factory<Int> { self { 0 } }
    var t59: Factory<Int> { self { 0 } }
    var t60: Factory<Int> { self { 0 } }
    var t61: Factory<Int> { self { 0 } }
    var t62: Factory<Int> { self { 0 } }
    var t63: Factory<Int> { self { 0 } }
}

/// The tag a profile gives an implementation, so that every object built from it says which generation it
/// comes from.
struct GenerationTag: Decodable, Sendable {
    var tag: String
}

/// The first listed container: a store the profiles choose, and a cached catalog built from it.
final class LedgerContainer: ManagedContainer, AutoRegistering, Toggles {
    let manager = ContainerManager()

    var store: Factory<String> { self { "code-store" } }
    var catalog: Factory<Tracked> { self { Tracked("catalog over \(self.store())") }.cached }

    func autoRegister() {
        applyProfile(
            [store.choices(["tagged": .settings(GenerationTag.self) { "store \($0.tag)" }])] + toggleDeclarations)
    }
}

/// The second listed container: a rate the profiles choose, and a cached quote built from it.
final class RatesContainer: ManagedContainer, AutoRegistering, Toggles {
    let manager = ContainerManager()

    var rate: Factory<String> { self { "code-rate" } }
    var quote: Factory<Tracked> { self { Tracked("quote at \(self.rate())") }.cached }

    func autoRegister() {
        applyProfile(
            [rate.choices(["tagged": .settings(GenerationTag.self) { "rate \($0.tag)" }])] + toggleDeclarations)
    }
}

/// An unlisted container, as a server's request handlers are: its handler does some work, then reaches both
/// listed containers' cached instances within one resolution.
final class DeskContainer: ManagedContainer {
    let manager = ContainerManager()
    let ledger: LedgerContainer
    let rates: RatesContainer
    /// The work a request does at the start of the handler's resolution, before it reaches the listed
    /// containers. A constant: a closure read out of a `Locked` is wrapped in a thunk on every read.
    let work: @Sendable () -> Void
    /// Called (when set) after ``work``, for a test that stops a request there.
    let pause = Locked<(@Sendable () -> Void)?>(nil)
    /// Whether the handler looks at ``pause``.
    let pauses: Bool

    init(_ ledger: LedgerContainer, _ rates: RatesContainer, pauses: Bool, work: @escaping @Sendable () -> Void) {
        self.ledger = ledger
        self.rates = rates
        self.pauses = pauses
        self.work = work
    }

    /// What one request is handed: the catalog and the quote, as one resolution reads them.
    var handler: Factory<Handled> {
        self {
            self.work()
            if self.pauses { self.pause.withLock { $0 }?() }
            return Handled(catalog: self.ledger.catalog(), quote: self.rates.quote())
        }
    }
}

/// What the handler's resolution returned.
struct Handled: @unchecked Sendable {
    let catalog: Tracked
    let quote: Tracked

    /// The generation tags of the two objects (`g7`), which one resolution must read from one generation.
    var tags: (catalog: String, quote: String) {
        (String(catalog.name.split(separator: " ").last ?? ""), String(quote.name.split(separator: " ").last ?? ""))
    }
}

/// The two listed containers launched over profiles in a folder of their own, and the unlisted desk.
final class ReclamationProgram: @unchecked Sendable {
    let directory = Fixtures.temporaryDirectory()
    let ledger = LedgerContainer()
    let rates = RatesContainer()
    let desk: DeskContainer
    private(set) var running: RunningProfiles!

    /// `installed`: launched as the process's profiles (``ProfileSystem/launch(_:options:)``), once per process.
    /// `pauses` and `work`: see ``DeskContainer``.
    init(installed: Bool = false, pauses: Bool = false, work: @escaping @Sendable () -> Void = {}) throws {
        desk = DeskContainer(ledger, rates, pauses: pauses, work: work)
        try write(generation: 1)
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .stop)
        options.arguments = []
        options.environment = [:]
        options.workingDirectory = directory
        options.logger = Logger(label: "plugboard") { _ in SwiftLogNoOpLogHandler() }
        if installed {
            let launch = ProfileSystem.launch([ledger, rates], options: options)
            precondition(launch.isApplied, "\(launch.diagnostics)")
            running = ProfileSystem.reloader
        } else {
            let (launch, running) = ProfileSystem.start([ledger, rates], options: options)
            precondition(launch.isApplied, "\(launch.diagnostics)")
            self.running = running
        }
    }

    /// Writes generation `number`'s profile: both implementations tagged `g<number>`, every toggle set to it.
    func write(generation number: Int) throws {
        let toggles = (0..<LedgerContainer.toggleCount).map { "    t\($0): { value: \(number) }" }.joined(
            separator: "\n")
        let text = """
            plugboard: 1
            containers:
              LedgerContainer:
                store: { use: tagged, with: { tag: g\(number) } }
            \(toggles)
              RatesContainer:
                rate: { use: tagged, with: { tag: g\(number) } }
            \(toggles)

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/app.yaml"))
    }
}

/// Runs `action` on the reloading thread after the `number`th run of a container's staged change from now on,
/// before it is published (the first container's is 1, the second's 2): a process-wide hook, for exit tests.
func duringStagedChange(_ number: Int, _ action: @escaping @Sendable () -> Void) {
    let runs = Locked(0)
    ContainerManager.whileStaging = {
        let run = runs.withLock {
            $0 += 1
            return $0
        }
        if run == number { action() }
    }
}
