import Foundation

/// Where a program's profile reloads stand, for its health endpoint. Holds no value of a
/// setting or secret.
public struct ReloadStatus: Sendable, Equatable {
    /// The generation running (``ProfileSystem/current``'s number), which the reload service exports as a
    /// gauge.
    public internal(set) var generation = 1
    /// When the last reload was attempted (nil before the first).
    public internal(set) var lastAttempt: Date?
    /// How the last attempt ended (nil before the first).
    public internal(set) var lastOutcome: ReloadOutcome?
    /// Refusals since the last attempt that applied or found the running content.
    public internal(set) var consecutiveFailures = 0
    /// True while the newest files are refused: the program runs an older generation than its files
    /// describe. Cleared by a reload that applies, or that finds the running content again (a revert).
    public internal(set) var isDegraded = false
    /// Reloads attempted since the launch, switches of the active profiles included: what the reload service
    /// exports as a counter, and what a health endpoint without it reads.
    public internal(set) var attempts = 0
    /// Attempts that applied (each made a new generation).
    public internal(set) var applied = 0
    /// Attempts that were refused (the running generation kept).
    public internal(set) var refused = 0
}
