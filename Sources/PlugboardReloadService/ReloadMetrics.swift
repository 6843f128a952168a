import CoreMetrics
import Foundation
import PlugboardProfiles

/// The reload metrics, through swift-metrics:
///
/// - `plugboard_reload_attempts_total`, `plugboard_reload_applied_total`, `plugboard_reload_refused_total`:
///   counters of reloads attempted, applied and refused;
/// - `plugboard_reload_last_successful`: 1 while the newest files run, 0 while they are refused (a revert to
///   the running content sets it back to 1);
/// - `plugboard_generation`: the generation running;
/// - `plugboard_reload_retired_states`: the replaced wiring states still kept for resolutions that began before
///   them (`ProfileSystem.retiredStateCount`), recorded with each attempt and every second while the
///   service runs.
///
/// The names start with another prefix when one is given.
public final class ReloadMetrics: Sendable {
    private let prefix: String
    /// The factory given, or nil for the bootstrapped `MetricsSystem`'s at the first record.
    private let factory: (any MetricsFactory)?
    private let bound = Bound()
    private let recorded = Recorded()

    /// Metrics named `PREFIX_reload_...` and `PREFIX_generation`, made by `factory`, or by the bootstrapped
    /// `MetricsSystem`'s when none is given. That one is asked when the metrics first record, not now, so a
    /// service made before the program bootstraps `MetricsSystem` (`ProfileReloadService()` as a default
    /// argument, a service built before `main` sets up Prometheus) still reports to it.
    ///
    /// - Parameters:
    ///   - prefix: What every metric's name starts with.
    ///   - factory: The metrics backend; nil for the bootstrapped `MetricsSystem`'s.
    public init(prefix: String = "plugboard", factory: (any MetricsFactory)? = nil) {
        self.prefix = prefix
        self.factory = factory
    }

    /// Brings the metrics up to `status`: the counters by what it counted since the last record.
    func record(_ status: ReloadStatus) {
        let metrics = self.metrics
        let (newAttempts, newApplied, newRefused) = recorded.advance(to: status)
        if newAttempts > 0 { metrics.attempts.increment(by: newAttempts) }
        if newApplied > 0 { metrics.applied.increment(by: newApplied) }
        if newRefused > 0 { metrics.refused.increment(by: newRefused) }
        metrics.lastSuccessful.record(status.isDegraded ? 0 : 1)
        metrics.generation.record(status.generation)
        metrics.retiredStates.record(ProfileSystem.retiredStateCount)
    }

    /// Records the retired-states gauge alone: it moves between attempts, as resolutions return.
    func recordRetiredStates() {
        metrics.retiredStates.record(ProfileSystem.retiredStateCount)
    }

    /// The metrics, made by the factory given or the bootstrapped one the first time they record.
    private var metrics: Metrics {
        bound.metrics { Metrics(prefix: prefix, factory: factory ?? MetricsSystem.factory) }
    }

    /// The six metrics, made by one factory.
    private struct Metrics: Sendable {
        let attempts: Counter
        let applied: Counter
        let refused: Counter
        let lastSuccessful: Gauge
        let generation: Gauge
        let retiredStates: Gauge

        init(prefix: String, factory: any MetricsFactory) {
            attempts = Counter(label: "\(prefix)_reload_attempts_total", factory: factory)
            applied = Counter(label: "\(prefix)_reload_applied_total", factory: factory)
            refused = Counter(label: "\(prefix)_reload_refused_total", factory: factory)
            lastSuccessful = Gauge(label: "\(prefix)_reload_last_successful", factory: factory)
            generation = Gauge(label: "\(prefix)_generation", factory: factory)
            retiredStates = Gauge(label: "\(prefix)_reload_retired_states", factory: factory)
        }
    }

    /// The metrics once made: at the first record.
    private final class Bound: @unchecked Sendable {
        private let lock = NSLock()
        private var made: Metrics?

        func metrics(_ make: () -> Metrics) -> Metrics {
            lock.withLock {
                if let made { return made }
                let metrics = make()
                made = metrics
                return metrics
            }
        }
    }
}

/// The counts already recorded, so that each record adds only what is new.
private final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var attempts = 0
    private var applied = 0
    private var refused = 0

    func advance(to status: ReloadStatus) -> (Int, Int, Int) {
        lock.withLock {
            // A status older than one already recorded adds nothing and moves nothing back.
            defer {
                (attempts, applied, refused) = (
                    max(attempts, status.attempts), max(applied, status.applied), max(refused, status.refused)
                )
            }
            return (
                max(0, status.attempts - attempts), max(0, status.applied - applied), max(0, status.refused - refused)
            )
        }
    }
}
