import CoreMetrics
import Foundation
import PlugboardProfiles

/// The reload metrics, through swift-metrics:
///
/// - `plugboard_reload_attempts_total`, `plugboard_reload_applied_total`, `plugboard_reload_refused_total`:
///   counters of reloads attempted, applied and refused;
/// - `plugboard_reload_last_successful`: 1 while the newest files run, 0 while they are refused (a revert to
///   the running content sets it back to 1);
/// - `plugboard_generation`: the generation running.
///
/// The names start with another prefix when one is given.
public final class ReloadMetrics: Sendable {
    private let attempts: Counter
    private let applied: Counter
    private let refused: Counter
    private let lastSuccessful: Gauge
    private let generation: Gauge
    private let recorded = Recorded()

    /// Metrics named `PREFIX_reload_...` and `PREFIX_generation`, made by `factory` (the bootstrapped
    /// `MetricsSystem`'s by default).
    public init(prefix: String = "plugboard", factory: any MetricsFactory = MetricsSystem.factory) {
        attempts = Counter(label: "\(prefix)_reload_attempts_total", factory: factory)
        applied = Counter(label: "\(prefix)_reload_applied_total", factory: factory)
        refused = Counter(label: "\(prefix)_reload_refused_total", factory: factory)
        lastSuccessful = Gauge(label: "\(prefix)_reload_last_successful", factory: factory)
        generation = Gauge(label: "\(prefix)_generation", factory: factory)
    }

    /// Brings the metrics up to `status`: the counters by what it counted since the last record.
    func record(_ status: ReloadStatus) {
        let (newAttempts, newApplied, newRefused) = recorded.advance(to: status)
        if newAttempts > 0 { attempts.increment(by: newAttempts) }
        if newApplied > 0 { applied.increment(by: newApplied) }
        if newRefused > 0 { refused.increment(by: newRefused) }
        lastSuccessful.record(status.isDegraded ? 0 : 1)
        generation.record(status.generation)
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
