import Foundation
import Plugboard
import Synchronization
import Testing

/// The public API of async factories under load, with no hook: many tasks resolve cached and singleton async
/// factories whose builds sometimes throw, while others reset them and register replacements. Run under
/// AddressSanitizer and ThreadSanitizer in CI (`PLUGBOARD_STRESS_SECONDS`, 1 second by default): no freed or
/// torn instance, every resolution ends, and each one gets an instance some build made or an error one threw.
@Suite struct AsyncFactoryStressTests {
    final class StressContainer: ManagedContainer {
        let manager = ContainerManager()
        let builds = Atomic<Int>(0)

        /// Every third build throws.
        func build(_ tag: String) async throws -> Connection {
            let number = builds.add(1, ordering: .relaxed).newValue
            await Task.yield()
            if number % 3 == 0 { throw BuildLog.Failure(build: number) }
            return Connection(number)
        }

        var cached: AsyncFactory<Connection> { self { try await self.build("cached") }.cached }
        var pool: AsyncFactory<String> { self { "pool \(try await self.cached().build)" }.cached }
    }

    final class Counts: Sendable {
        let resolved = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
        let rounds = Atomic<Int>(0)

        /// Until the time is up and enough happened: under a parallel test run, the tasks may start late.
        func going(until deadline: ContinuousClock.Instant) -> Bool {
            ContinuousClock.now < deadline || rounds.load(ordering: .relaxed) < 40
                || resolved.load(ordering: .relaxed) + failed.load(ordering: .relaxed) < 2000
        }
    }

    @Test func resolutionsResetsAndRegistrationsAtOnce() async throws {
        let seconds = ProcessInfo.processInfo.environment["PLUGBOARD_STRESS_SECONDS"].flatMap(Double.init) ?? 1
        let container = StressContainer()
        let deadline = ContinuousClock.now + .seconds(seconds)
        let counts = Counts()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    while counts.going(until: deadline) {
                        // A hit never suspends: without a yield, eight loops would keep the resetter off the
                        // cooperative pool's threads.
                        await Task.yield()
                        do {
                            let connection = try await container.cached()
                            #expect(
                                connection.build != 0 && connection.build <= container.builds.load(ordering: .relaxed))
                            #expect(try await container.pool().hasPrefix("pool "))
                            counts.resolved.add(1, ordering: .relaxed)
                        } catch is BuildLog.Failure {
                            counts.failed.add(1, ordering: .relaxed)
                        } catch {
                            Issue.record("unexpected \(error)")
                        }
                    }
                }
            }
            group.addTask {
                var round = 0
                while counts.going(until: deadline) {
                    round += 1
                    counts.rounds.add(1, ordering: .relaxed)
                    if round % 2 == 0 {
                        let tag = -round
                        container.cached.register { Connection(tag) }
                    } else {
                        container.cached.reset()
                    }
                    container.pool.reset()
                    try? await Task.sleep(for: .microseconds(200))
                }
            }
        }
        #expect(counts.resolved.load(ordering: .relaxed) > 0, "builds: \(container.builds.load(ordering: .relaxed))")
        #expect(
            counts.failed.load(ordering: .relaxed) > 0,
            "some builds threw and reached their waiters (\(container.builds.load(ordering: .relaxed)) builds)")
    }
}
