import CoreMetrics
import Foundation
import MetricsTestKit
import Plugboard
import ServiceLifecycleTestKit
import Testing

@_spi(Tools) @testable import PlugboardProfiles
@testable import PlugboardReloadService

/// The reload service as a `ServiceGroup` runs it: it watches with real time (a 20 ms poll and a 50 ms quiet
/// period), survives a refusal, counts every attempt, and returns on graceful shutdown.
@Suite struct ReloadServiceTests {
    /// A service is often made before the program bootstraps `MetricsSystem` (as a default argument, or before
    /// `main` sets Prometheus up): its metrics must still reach the system bootstrapped by the time they record.
    /// In a process of its own, as `MetricsSystem` is bootstrapped once per process.
    @Test func metricsMadeBeforeTheMetricsSystemIsBootstrappedReachIt() async {
        await #expect(processExitsWith: .success) {
            let reloadMetrics = ReloadMetrics()
            let system = TestMetrics()
            MetricsSystem.bootstrap(system)
            var status = ReloadStatus()
            status.attempts = 2
            status.applied = 1
            status.generation = 2
            reloadMetrics.record(status)
            guard system.counterTotal(label: "plugboard_reload_attempts_total") == 2,
                system.counterTotal(label: "plugboard_reload_applied_total") == 1,
                (try? system.expectGauge("plugboard_generation").lastValue) == 2
            else { exit(1) }
        }
    }

    /// A program that launched no profiles and still reloads, or runs the reload service (its launch is
    /// conditional, or comes later): an outcome and an idle service, never a crash. In a process of its own, with
    /// no launch.
    @Test func withoutALaunchAReloadIsRefusedAndTheServiceWaitsForShutdown() async {
        await #expect(processExitsWith: .success) {
            let outcome = await ProfileSystem.reload()
            guard case .refused(0, let diagnostics) = outcome, diagnostics.map(\.code) == [.noLaunch] else {
                exit(1)
            }
            guard ProfileSystem.reloadStatus == nil else { exit(2) }
            guard case .refused(0, _) = ProfileSystem.reloadNow() else { exit(4) }
            let service = ProfileReloadService()
            let stopped: Bool = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    do {
                        try await testGracefulShutdown { shutdown in
                            let running = Task { try await service.run() }
                            try await Task.sleep(nanoseconds: 100_000_000)
                            shutdown.triggerGracefulShutdown()
                            try await running.value
                        }
                        return true
                    } catch {
                        return false
                    }
                }
                group.addTask {
                    try? await Task.sleep(nanoseconds: 10_000_000_000)
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                return first
            }
            guard stopped else { exit(3) }
        }
    }

    @Test(.timeLimit(.minutes(1))) func watchesRefusesAppliesCountsAndStopsOnGracefulShutdown() async throws {
        let program = try ReloadProgram(["app.yaml": appProfile()]) { options in
            options.reload.pollInterval = 0.02
            options.reload.quietPeriod = 0.05
        }
        let metrics = TestMetrics()
        let service = ProfileReloadService(
            watcher: program.running.makeWatcher(), reloadOnHangUp: false, metrics: ReloadMetrics(factory: metrics))
        var outcomes = program.running.outcomeUpdates().makeAsyncIterator()

        try await testGracefulShutdown { shutdown in
            let running = Task { try await service.run() }
            // The first look reloads once: the files may have changed since the launch.
            #expect(await outcomes.next() == .unchanged(generation: 1))

            try program.write(appProfile(limiter: "{ use: slow }"))
            guard case .refused(1, let diagnostics) = await outcomes.next() else {
                Issue.record("expected a refusal")
                return
            }
            #expect(diagnostics.map(\.code) == [.unknownImplementation])

            try program.write(appProfile(limiter: "{ use: off }"))
            #expect(await outcomes.next() == .applied(generation: 2, changedFactories: ["LimitsContainer.limiter"]))
            #expect(program.limits.limiter() == "no-limit")

            shutdown.triggerGracefulShutdown()
            try await running.value  // returns, and throws nothing
        }
        #expect(metrics.counterTotal(label: "plugboard_reload_attempts_total") == 3)
        #expect(metrics.counterTotal(label: "plugboard_reload_applied_total") == 1)
        #expect(metrics.counterTotal(label: "plugboard_reload_refused_total") == 1)
        #expect(try metrics.expectGauge("plugboard_generation").lastValue == 2)
        #expect(try metrics.expectGauge("plugboard_reload_last_successful").values.contains(0))
        #expect(try metrics.expectGauge("plugboard_reload_last_successful").lastValue == 1)
        #expect(try metrics.expectGauge("plugboard_reload_retired_states").values.count >= 3)
    }
}
