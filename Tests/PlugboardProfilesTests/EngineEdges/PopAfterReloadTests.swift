import Foundation
import Plugboard
import Testing

@testable import PlugboardProfiles

/// `push()`, a reload, `pop()`: the pop puts back the program's own registrations and what its scopes kept, but
/// never an instance the reload dropped (and handed to its disposal action), nor the wiring of a generation no
/// longer running. Before, `pop()` brought back the pool the reload had shut down, and the next resolution was
/// handed it.
@Suite struct PopAfterReloadTests {
    @Test func aPopAfterAReloadNeverBringsBackWhatTheReloadDropped() async throws {
        let program = try PoolProgram(host: "one")
        let database = program.database
        let first = database.pool()
        #expect(first.name == "pool on one")
        database.limitNote.register { "pushed" }
        database.manager.push()
        database.limitNote.register { "inside the push" }
        try program.write(host: "two", limit: 60)
        #expect(program.running.reload().generation == 2)
        #expect(await program.eventually { first.isShutDown }, "the reload disposed of the pool it dropped")
        database.manager.pop()
        let after = database.pool()
        #expect(after !== first, "pop() brought back the pool the reload shut down")
        #expect(!after.isShutDown)
        #expect(after.name == "pool on two", "the running generation's wiring, not the one pushed under")
        #expect(database.limitNote() == "pushed", "the program's own registration is put back")
    }

    /// What the scopes kept and the reload did not touch comes back with `pop()`, as without profiles.
    @Test func aPopPutsBackWhatTheReloadDidNotDrop() throws {
        let program = try PoolProgram(host: "one")
        let database = program.database
        let pool = database.pool()
        database.manager.push()
        database.pool.register { RecordedPool("a mock pool") }
        #expect(database.pool().name == "a mock pool")
        try program.write(host: "one", limit: 70)
        #expect(program.running.reload().generation == 2)
        database.manager.pop()
        #expect(database.pool() === pool)
    }
}
