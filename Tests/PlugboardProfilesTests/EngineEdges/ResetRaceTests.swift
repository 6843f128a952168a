import Foundation
import Plugboard
import Testing

@testable import PlugboardProfiles

/// A `reset()` (a logout) while requests resolve: every resolution gets the profile's wiring, before the reset
/// or after it re-applies, never the code's in between. Before the reset published "cleared, awaiting
/// `autoRegister()`" in the cleared states themselves, a resolution that read a slot between the reset's clear
/// and its flag got the store the code declares, which no profile chooses.
@Suite struct ResetRaceTests {
    @Test func resolutionsRacingResetsNeverGetTheCodesWiring() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReclamationProgram(installed: true)
            let ledger = program.ledger
            guard ledger.store() == "store g1" else { exit(1) }
            let stop = Locked(false)
            let wrong = Locked<[String]>([])
            let resolved = Locked(0)
            let group = DispatchGroup()
            for _ in 0..<6 {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    while !stop.withLock({ $0 }) {
                        usleep(UInt32.random(in: 0...200))
                        let store = ledger.store()
                        if !store.hasPrefix("store g") { wrong.withLock { $0.append(store) } }
                        resolved.withLock { $0 += 1 }
                    }
                }
            }
            // Two seconds at least, and until the race ran enough to mean something: a sanitizer build on a busy
            // machine reaches less in two seconds (a minute at most).
            let started = Date()
            var resets = 0
            func ranEnough() -> Bool {
                let elapsed = Date().timeIntervalSince(started)
                return elapsed > 60 || (elapsed > 2 && resets > 20 && resolved.withLock({ $0 }) > 100)
            }
            while !ranEnough() && wrong.withLock({ $0.isEmpty }) {
                usleep(UInt32.random(in: 200...2_000))
                ledger.manager.reset()
                resets += 1
            }
            stop.withLock { $0 = true }
            waitBlocking(for: group)
            let found = wrong.withLock { $0 }
            if !found.isEmpty {
                FileHandle.standardError.write(Data("after \(resets) resets: \(found.prefix(3))\n".utf8))
                exit(2)
            }
            guard resolved.withLock({ $0 }) > 100, resets > 20 else { exit(3) }
            exit(0)
        }
    }
}
