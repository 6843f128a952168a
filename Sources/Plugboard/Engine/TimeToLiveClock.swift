import Foundation

/// Seconds on the wall clock, for `timeToLive`: Factory's clock (`CFAbsoluteTimeGetCurrent()`), so that a
/// time to live also runs while a device sleeps, as `ProcessInfo.systemUptime` would not on Apple platforms.
@usableFromInline
package enum TimeToLiveClock {
    /// A clock a test sets for the task it runs in, so that what it says about time to live holds however
    /// slowly a loaded machine runs it. Read only where a time to live is set.
    @TaskLocal package static var manual: ManualClock?

    @usableFromInline
    package static func now() -> Double {
        if let manual { return manual.now }
        return Date().timeIntervalSinceReferenceDate
    }
}

/// A clock that moves only when told (see ``TimeToLiveClock/manual``).
package final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double

    package init(at seconds: Double = 1_000) {
        self.seconds = seconds
    }

    /// The clock's time, in seconds.
    package var now: Double {
        lock.withLock { seconds }
    }

    /// Moves the clock forward.
    package func advance(by interval: Double) {
        lock.withLock { seconds += interval }
    }
}
