import Foundation
import Logging
import Plugboard
import Testing

@testable import PlugboardProfiles

/// A connection pool that records whether it was shut down, and what a probe said at that moment.
final class RecordedPool: @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var shutDown = false
    private var probe: (@Sendable () -> Bool)?
    private var probed: Bool?

    init(_ name: String) { self.name = name }

    var isShutDown: Bool { lock.withLock { shutDown } }

    /// What `probe` said when the pool was shut down; nil before.
    var probedAtShutdown: Bool? { lock.withLock { probed } }

    /// Asks `probe` when the pool is shut down (whether something that must come first has happened).
    func probe(_ probe: @escaping @Sendable () -> Bool) {
        lock.withLock { self.probe = probe }
    }

    func shutdown() async {
        let probe = lock.withLock { self.probe }
        let said = probe?()
        lock.withLock {
            shutDown = true
            probed = said
        }
    }
}

/// The pool's settings in a profile.
struct PoolSettings: Decodable, Sendable {
    var host: String
}

/// The first container: a pool that a reload shuts down when it drops it, a ledger kept in memory across
/// reloads that change only what it was built from, and a slow user of the pool.
final class DatabaseContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    let manager = ContainerManager()

    var pool: Factory<RecordedPool> { self { RecordedPool("code pool") }.cached }
    /// Built from the pool and the other container's limit; its entries live in memory.
    var ledger: Factory<Box> { self { self.ledger(kind: "ledger") }.cached }
    /// Not kept: a resolution that waits on `pause` between starting and resolving the pool, and records in
    /// `handedPool` that it has the pool, before it returns.
    var slowUser: Factory<RecordedPool> {
        self {
            self.pausing {
                let pool = self.pool()
                self.handedPool.withLock { $0 = true }
                return pool
            }
        }
    }
    /// A value the program registers itself (no profile names it), for push and pop.
    var limitNote: Factory<String> { self { "code note" } }
    let pause = Locked<(@Sendable () -> Void)?>(nil)
    let handedPool = Locked(false)
    let peer = Locked<QuotaContainer?>(nil)

    func ledger(kind: String) -> Box {
        Box("\(kind) on \(pool().name), limit \(peer.withLock { $0 }?.limit() ?? 0)")
    }

    func pausing<Value>(_ body: () -> Value) -> Value {
        pause.withLock { $0 }?()
        return body()
    }

    func autoRegister() {
        applyProfile(
            pool.choices(["postgres": .settings(PoolSettings.self) { RecordedPool("pool on \($0.host)") }]),
            pool.reloading(.rebuild) { await $0.shutdown() },
            ledger.choices(["journal": .make { self.ledger(kind: "journal") }]),
            ledger.reloading(.keep)
        )
    }
}

/// The second container: a limit a running service would change.
final class QuotaContainer: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()

    var limit: Factory<Int> { self { 10 } }

    func autoRegister() {
        applyProfile(limit.configurable())
    }
}

/// Both containers launched over `app.json` in a folder of their own.
final class PoolProgram: @unchecked Sendable {
    let directory = Fixtures.temporaryDirectory()
    let database = DatabaseContainer()
    let quota = QuotaContainer()
    private(set) var running: RunningProfiles!

    init(host: String = "one", limit: Int = 60) throws {
        try write(host: host, limit: limit)
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .stop)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
        database.peer.withLock { $0 = quota }
        running = ProfileSystem.start([database, quota], options: options).1
    }

    func write(host: String, limit: Int, ledger: String? = nil) throws {
        let ledger = ledger.map { #", "ledger": { "use": "\#($0)" }"# } ?? ""
        let profile = """
            { "plugboard": 1, "containers": {
              "DatabaseContainer": { "pool": { "use": "postgres", "with": { "host": "\(host)" } }\(ledger) },
              "QuotaContainer": { "limit": { "value": \(limit) } } } }
            """
        try profile.write(toFile: directory + "/app.json", atomically: false, encoding: .utf8)
    }

    /// Waits up to five seconds for `condition`.
    func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }
}

/// What a reload does to kept instances, as their factories declare it: `.keep` leaves an instance whose
/// collaborators changed, and a disposal action shuts a dropped pool down once nothing that began before the
/// reload can still be handed it.
@Suite struct KeptInstanceReloadTests {
    @Test func aDroppedPoolIsShutDownAndAnUntouchedOneIsNot() async throws {
        let program = try PoolProgram()
        let pool = program.database.pool()
        #expect(pool.name == "pool on one")

        try program.write(host: "one", limit: 90)
        #expect(program.running.reload().generation == 2)
        #expect(program.database.pool() === pool, "a limit edit does not reach the pool")

        try program.write(host: "two", limit: 90)
        #expect(program.running.reload().generation == 3)
        let replacement = program.database.pool()
        #expect(replacement.name == "pool on two")
        #expect(await program.eventually { pool.isShutDown }, "the dropped pool is shut down")
        #expect(!replacement.isShutDown)
    }

    /// A resolution that began before the reload is handed the old pool after it, and the pool is shut down
    /// only once that resolution has returned.
    @Test func theShutdownWaitsForResolutionsThatBeganBeforeTheReload() async throws {
        let program = try PoolProgram()
        let pool = program.database.pool()
        let database = program.database
        // Begun, and not yet at the pool.
        let straddling = PausedResolution(pausingAt: database.pause) { database.slowUser() }
        pool.probe { database.handedPool.withLock { $0 } }
        try program.write(host: "two", limit: 60)
        #expect(program.running.reload().generation == 2)
        // The collections at which a rule that did not wait for the resolution would free the disposal.
        for _ in 0..<3 { ContainerManager.collectRetired() }
        // Tasks already started (a disposal released too early) get their turn: the probe would then say false.
        for _ in 0..<3 { await Task.detached {}.value }
        #expect(!pool.isShutDown, "a resolution that began before the reload may still be handed it")

        #expect(straddling.finish() === pool, "it reads the wiring it began with")
        #expect(await program.eventually { pool.isShutDown })
        #expect(pool.probedAtShutdown == true, "shut down only once the resolution that began before had it")
        #expect(program.database.pool().name == "pool on two")
    }

    @Test func aKeptInstanceStaysWhenWhatItWasBuiltFromChangesAndGoesWhenItsOwnEntryDoes() async throws {
        let program = try PoolProgram()
        let ledger = program.database.ledger()
        #expect(ledger.name == "ledger on pool on one, limit 60")

        try program.write(host: "one", limit: 90)  // the other container's limit
        #expect(program.running.reload().generation == 2)
        #expect(program.database.ledger() === ledger)

        try program.write(host: "two", limit: 90)  // the pool it was built from
        #expect(program.running.reload().generation == 3)
        #expect(program.database.ledger() === ledger)
        #expect(program.database.pool().name == "pool on two")

        try program.write(host: "two", limit: 90, ledger: "journal")  // its own entry
        #expect(program.running.reload().generation == 4)
        #expect(program.database.ledger() !== ledger)
        #expect(program.database.ledger().name == "journal on pool on two, limit 90")
    }

    @Test func aResetDropsWithoutTheReloadsDisposal() async throws {
        let program = try PoolProgram()
        let pool = program.database.pool()
        program.database.manager.reset(options: .scope)
        let replacement = program.database.pool()
        #expect(replacement !== pool)
        // A reload's disposal, which starts after any the reset could have started, is waited for first.
        try program.write(host: "two", limit: 60)
        #expect(program.running.reload().generation == 2)
        #expect(await program.eventually { replacement.isShutDown })
        #expect(!pool.isShutDown, "a reset is the program's own doing")
    }
}

/// Replaced states are freed per era: once every resolution that began before them has returned, even while
/// a later one runs. Each test is a process of its own, so that no other test's resolutions count.
@Suite struct RetiredStateTests {
    @Test func statesAReloadReplacedAreFreedWhileALaterResolutionStillRuns() async {
        await #expect(processExitsWith: .success) {
            let program = try! PoolProgram()
            _ = program.database.pool()
            let database = program.database
            let early = PausedResolution(pausingAt: database.pause) { database.slowUser() }
            try! program.write(host: "two", limit: 60)
            guard program.running.reload().generation == 2 else { exit(1) }
            guard ProfileSystem.retiredStateCount > 0 else { exit(2) }  // the early resolution may read them

            let late = PausedResolution(pausingAt: database.pause) { database.slowUser() }  // began after it
            _ = early.finish()
            guard await program.eventually({ ProfileSystem.retiredStateCount == 0 }) else { exit(3) }
            guard late.finish().name == "pool on two" else { exit(4) }
        }
    }
}
