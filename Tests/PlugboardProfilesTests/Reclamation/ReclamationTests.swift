import Foundation
import Plugboard
import Testing

@testable import PlugboardProfiles

/// A reload never frees a state, or an instance a state keeps, that a resolution under way may still reach: the
/// rule `docs/models/reclamation.pml` checks, tried on the engine.
@Suite struct ReclamationTests {
    /// A resolution that starts while a reload publishes (here, while the second listed container is staged,
    /// after the first one's states were replaced) reads the wiring it started in, and is handed the first
    /// container's old cached instance alive. Under the rule of e21c435, that state was freed by the reload's
    /// collection before the resolution reached it.
    @Test func aResolutionThatStartsWhileAReloadPublishesIsHandedLiveObjects() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReclamationProgram(pauses: true)
            let before = program.ledger.catalog()
            guard before.name == "catalog over store g1" else { exit(1) }
            let paused = Locked<PausedResolution<Handled>?>(nil)
            // The second container's stage: the ledger's replaced states are retired by now under the old rule.
            duringStagedChange(2) {
                let desk = program.desk
                paused.withLock { $0 = PausedResolution(pausingAt: desk.pause) { desk.handler() } }
            }
            try! program.write(generation: 2)
            guard program.running.reload().generation == 2 else { exit(2) }
            ContainerManager.whileStaging = nil
            // The reload dropped its reference to the old catalog: only the paused resolution may still reach it.
            let beforeSerial = before.serial
            _ = consume before
            guard let resolution = paused.withLock({ $0.take() }) else { exit(3) }
            do {
                let handled = resolution.finish()
                guard !handled.catalog.wasFreed, !handled.quote.wasFreed else { exit(4) }
                // It read generation 1 everywhere: it started before the reload's epoch was visible.
                guard handled.catalog.serial == beforeSerial, handled.tags == ("g1", "g1") else { exit(5) }
            }
            // Resolutions from now on read generation 2; the old catalog is freed once nothing can reach it.
            guard program.desk.handler().tags == ("g2", "g2") else { exit(6) }
            _ = consume resolution
            for _ in 0..<200 where !Tracked.freed.withLock({ $0.contains(beforeSerial) }) {
                ContainerManager.collectRetired()
                usleep(10_000)
            }
            guard Tracked.freed.withLock({ $0.contains(beforeSerial) }) else { exit(7) }
        }
    }

    /// What "Reloading profiles" says of the program's own writes: a resolution that began before a reload
    /// reads, for a factory that reload changed, the wiring it began with, even once the program registers over
    /// that factory after the reload; resolutions that start after the register see it.
    @Test func aRegisterAfterAReloadIsSeenFromTheNextResolutionOn() throws {
        let program = try ReclamationProgram(pauses: true)
        _ = program.ledger.catalog()
        let desk = program.desk
        let paused = PausedResolution(pausingAt: desk.pause) { desk.handler() }
        try program.write(generation: 2)
        #expect(program.running.reload().generation == 2)
        program.ledger.catalog.register { Tracked("registered catalog") }
        #expect(program.ledger.catalog().name == "registered catalog")
        let handled = paused.finish()
        #expect(handled.catalog.name == "catalog over store g1")
        #expect(handled.tags == ("g1", "g1"))
        #expect(desk.handler().catalog.name == "registered catalog")
    }

    /// The shape of a server under reloads, through the public API and no hook: threads that idle between
    /// requests, a handler in an unlisted container that reaches both listed containers' cached instances,
    /// and a reload every few milliseconds. No object is handed out after its `deinit` ran, every request reads
    /// one generation in both containers, none older than the last reload applied when it started, and some
    /// requests straddle a reload. CI runs it longer under AddressSanitizer and ThreadSanitizer
    /// (`PLUGBOARD_STRESS_SECONDS`).
    @Test func requestsUnderReloadsEveryFewMillisecondsAreHandedLiveObjectsOfOneGeneration() throws {
        let seconds = ProcessInfo.processInfo.environment["PLUGBOARD_STRESS_SECONDS"].flatMap(Double.init) ?? 2
        // The work a request does before it reaches the listed containers: up to a millisecond.
        let program = try ReclamationProgram { usleep(UInt32.random(in: 0...1_000)) }
        let applied = Locked(1)
        let stop = Locked(false)
        let violations = Locked<[String]>([])
        let requests = Locked(0)
        let straddled = Locked(0)
        let desk = program.desk
        let group = DispatchGroup()
        for _ in 0..<6 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                while !stop.withLock({ $0 }) {
                    usleep(UInt32.random(in: 0...2_000))  // idle between requests
                    let floor = applied.withLock { $0 }
                    let handled = desk.handler()
                    let after = applied.withLock { $0 }
                    let (catalog, quote) = handled.tags
                    var found: [String] = []
                    if handled.catalog.wasFreed || handled.quote.wasFreed {
                        found.append("handed \(handled.catalog.name) / \(handled.quote.name) after its deinit ran")
                    }
                    if catalog != quote { found.append("one request read two generations: \(catalog), \(quote)") }
                    if let number = Int(catalog.dropFirst()), number < floor {
                        found.append("a request that began after generation \(floor) read \(catalog)")
                    } else if Int(catalog.dropFirst()) == nil {
                        found.append("an object of neither wiring: \(handled.catalog.name)")
                    }
                    if !found.isEmpty { violations.withLock { $0 += found } }
                    if after != floor { straddled.withLock { $0 += 1 } }
                    requests.withLock { $0 += 1 }
                }
            }
        }
        let deadline = Date().addingTimeInterval(seconds)
        var generation = 1
        while Date() < deadline {
            usleep(UInt32.random(in: 0...3_000))
            generation += 1
            try program.write(generation: generation)
            let outcome = program.running.reload()
            #expect(outcome.generation == generation, "\(outcome)")
            applied.withLock { $0 = generation }
        }
        stop.withLock { $0 = true }
        #expect(group.wait(timeout: .now() + 60) == .success, "a request thread did not finish")
        #expect(violations.withLock { $0 }.isEmpty, "\(violations.withLock { $0.prefix(5) })")
        #expect(generation > 10, "too few reloads to show anything: \(generation)")
        #expect(requests.withLock { $0 } > 100)
        #expect(straddled.withLock { $0 } > 0, "no request straddled a reload: the run showed nothing")
        #expect(program.desk.handler().tags == ("g\(generation)", "g\(generation)"))
    }
}
