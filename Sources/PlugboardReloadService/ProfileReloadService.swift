import PlugboardProfiles
import ServiceLifecycle
import UnixSignals

/// Watches the launch's profile files and reloads them, as a service of a swift-service-lifecycle
/// `ServiceGroup` (next to a Hummingbird `Application`, for example):
///
/// ```swift
/// ProfileSystem.bootstrap(Container.shared, PaymentContainer.shared)
/// let group = ServiceGroup(
///     services: [app, ProfileReloadService(reloadOnHangUp: true)],
///     gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
///
/// It runs until the group shuts down gracefully (or its task is cancelled), then returns; a reload under way
/// finishes, and none applies after that. It never returns or throws because a reload was refused: a refusal
/// is logged, shown in `ProfileSystem.reloadStatus`, and waited out. Each attempt is counted in
/// ``ReloadMetrics`` when given.
public struct ProfileReloadService: Service {
    private let watcher: ProfileFileWatcher
    private let reloadOnHangUp: Bool
    private let metrics: ReloadMetrics?

    /// A service that watches the process's launch, as `ProfileSystem.watchProfiles()` does.
    ///
    /// - Parameters:
    ///   - reloadOnHangUp: Also reload at once on `SIGHUP`, without waiting for the files' quiet period. Off by
    ///     default, so that the service traps no signal the program did not ask it to.
    ///   - metrics: Where attempts, applied and refused reloads, the last reload's success, the generation and
    ///     the retired states are recorded (see ``ReloadMetrics``); nil records nothing.
    public init(reloadOnHangUp: Bool = false, metrics: ReloadMetrics? = ReloadMetrics()) {
        self.init(watcher: ProfileSystem.fileWatcher(), reloadOnHangUp: reloadOnHangUp, metrics: metrics)
    }

    /// A service over `watcher`, for tests that launch containers of their own.
    package init(watcher: ProfileFileWatcher, reloadOnHangUp: Bool, metrics: ReloadMetrics?) {
        self.watcher = watcher
        self.reloadOnHangUp = reloadOnHangUp
        self.metrics = metrics
    }

    /// Watches (and listens for `SIGHUP` when asked to) until graceful shutdown or cancellation.
    ///
    /// - Throws: Nothing: a refused reload is logged and counted, and the service goes on (`throws` is
    ///   `Service`'s).
    public func run() async throws {
        guard let profiles = watcher.profiles else {
            // A program that launched no profiles has nothing to reload: the service waits for the shutdown.
            try? await gracefulShutdown()
            return
        }
        let outcomes = profiles.outcomeUpdates()
        metrics?.record(profiles.status)
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await watcher.run() }
                if let metrics {
                    group.addTask {
                        for await _ in outcomes { metrics.record(profiles.status) }
                    }
                    group.addTask {
                        while !Task.isCancelled {
                            try? await Task.sleep(nanoseconds: 1_000_000_000)
                            metrics.recordRetiredStates()
                        }
                    }
                }
                if reloadOnHangUp {
                    let hangUps = await UnixSignalsSequence(trapping: .sighup)
                    group.addTask {
                        for await _ in hangUps where !Task.isCancelled {
                            _ = await profiles.offThePool { cancelled in profiles.reload(unless: cancelled) }
                        }
                    }
                }
            }
        }
        // The attempts the metrics task had not seen when it stopped.
        metrics?.record(profiles.status)
    }
}
