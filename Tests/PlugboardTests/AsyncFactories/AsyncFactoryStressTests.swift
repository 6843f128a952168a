import Foundation
import Plugboard
import Testing

/// The public API of async factories under load, with no hook: many tasks resolve cached and singleton async
/// factories whose builds sometimes throw, while others reset them and register replacements. Run under
/// AddressSanitizer and ThreadSanitizer in CI (`PLUGBOARD_STRESS_SECONDS`, 1 second by default): no freed or
/// torn instance, every resolution ends, and each one gets an instance some build made or an error one threw.
@Suite struct AsyncFactoryStressTests {
    final class StressContainer: ManagedContainer {
        let manager = ContainerManager()
        let builds = Guarded(0)

        /// Every third build throws.
        func build(_ tag: String) async throws -> Connection {
            let number = builds.withLock {
                $0 += 1
                return $0
            }
            await Task.yield()
            if number % 3 == 0 { throw BuildLog.Failure(build: number) }
            return Connection(number)
        }

        var cached: AsyncFactory<Connection> { self { try await self.build("cached") }.cached }
        var pool: AsyncFactory<String> { self { "pool \(try await self.cached().build)" }.cached }
    }

    final class Counts: Sendable {
        let resolved = Guarded(0)
        let failed = Guarded(0)
        let rounds = Guarded(0)

        /// Until the time is up and enough happened: under a parallel test run, the tasks may start late.
        func going(until deadline: Date) -> Bool {
            Date() < deadline || rounds.current < 40
                || resolved.current + failed.current < 2000
        }
    }

    @Test func resolutionsResetsAndRegistrationsAtOnce() async throws {
        let seconds = ProcessInfo.processInfo.environment["PLUGBOARD_STRESS_SECONDS"].flatMap(Double.init) ?? 1
        let container = StressContainer()
        let deadline = Date(timeIntervalSinceNow: seconds)
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
                                connection.build != 0 && connection.build <= container.builds.current)
                            #expect(try await container.pool().hasPrefix("pool "))
                            counts.resolved.withLock { $0 += 1 }
                        } catch is BuildLog.Failure {
                            counts.failed.withLock { $0 += 1 }
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
                    counts.rounds.withLock { $0 += 1 }
                    if round % 2 == 0 {
                        let tag = -round
                        container.cached.register { Connection(tag) }
                    } else {
                        container.cached.reset()
                    }
                    container.pool.reset()
                    try? await Task.sleep(nanoseconds: 200_000)
                }
            }
        }
        #expect(counts.resolved.current > 0, "builds: \(container.builds.current)")
        #expect(
            counts.failed.current > 0,
            "some builds threw and reached their waiters (\(container.builds.current) builds)")
    }
}
