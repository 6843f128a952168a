import Foundation
import Plugboard
import Testing

@testable import PlugboardProfiles

/// A request that began before a reload reads one generation in every container, also in one that was reset (a
/// logout) just before the reload, while the request was under way. Before a reload ran a reset container's
/// `autoRegister()` ahead of its publication (and resets waited for publications), the reset's cleared slots
/// were linked behind the reload's new states, and the request's `autoRegister()` put back the new generation:
/// it got `catalog over store g2` beside `quote at rate g1`.
@Suite struct ResetBeforeReloadStraddleTests {
    @Test func aRequestStraddlingAResetAndAReloadReadsOneGeneration() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReclamationProgram(installed: true, pauses: true)
            guard program.desk.handler().tags == ("g1", "g1") else { exit(1) }
            let request = PausedResolution(pausingAt: program.desk.pause) { program.desk.handler() }
            // A logout, then a reload, while the request is under way: nothing resolves the ledger in between.
            program.ledger.manager.reset()
            try! program.write(generation: 2)
            guard program.running.reload().generation == 2 else { exit(3) }
            let tags = request.finish().tags
            guard tags == ("g1", "g1") else {
                FileHandle.standardError.write(Data("the straddling request read \(tags)\n".utf8))
                exit(5)
            }
            // Requests after the reload read the new generation in both containers, the reset one included.
            guard program.desk.handler().tags == ("g2", "g2") else { exit(6) }
            exit(0)
        }
    }
}
