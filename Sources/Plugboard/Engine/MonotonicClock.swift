import Foundation

/// Seconds on a clock that never goes backwards, for `timeToLive`.
@usableFromInline
enum MonotonicClock {
    @usableFromInline
    static func now() -> Double {
        ProcessInfo.processInfo.systemUptime
    }
}
