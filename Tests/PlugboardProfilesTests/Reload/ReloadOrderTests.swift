import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// Two reloads racing (the watcher and `SIGHUP`, or two callers): their log lines and outcomes come out in
/// generation order, even when the first is still logging while the second finishes its work.
@Suite struct ReloadOrderTests {
    @Test(.timeLimit(.minutes(1))) func outcomesAndLogLinesComeOutInGenerationOrder() async throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let published = Locked<[Int]>([])
        let updates = program.running.outcomeUpdates()  // subscribed now, before either reload
        let collector = Task {
            for await outcome in updates {
                published.withLock { $0.append(outcome.generation) }
                if published.withLock({ $0.count }) == 2 { return }
            }
        }
        let firstLogging = DispatchSemaphore(value: 0)
        let secondReturned = DispatchSemaphore(value: 0)
        // The first reload's log handler is slow: it waits (up to a second) for the second reload to return, and
        // its line is recorded only then, so the second reload's line comes first unless it waits for its turn.
        program.log.whenLogging { line in
            if line.contains("generation 2") {
                firstLogging.signal()
                _ = secondReturned.wait(timeout: .now() + 1)
            }
        }
        try program.write(appProfile(pageSize: 31))
        let first = Thread { _ = program.running.reload() }
        first.start()
        #expect(waitBlocking(for: firstLogging, seconds: 10) == .success)
        try program.write(appProfile(pageSize: 32))
        Thread.detachNewThread {
            _ = program.running.reload()
            secondReturned.signal()
        }
        await collector.value
        #expect(published.withLock { $0 } == [2, 3])
        let logged = program.log.all.filter { $0.contains("generation") }.map { line in
            line.contains("generation 2") ? 2 : line.contains("generation 3") ? 3 : 0
        }
        #expect(logged == [2, 3])
        #expect(program.shop.pageSize() == 32)
    }
}
