import Foundation

/// Decides whether a write may go ahead: the dependency that operators change while the service runs.
public protocol RateLimiter: Sendable {
    /// The implementation and its limit, for the health endpoint.
    var description: String { get }
    /// True when one more write is allowed now.
    func allow() -> Bool
    /// The whole seconds until a refused write may go ahead: the 429's `Retry-After`.
    func secondsUntilAllowed() -> Int
}

/// Every write goes ahead.
public struct Unlimited: RateLimiter {
    public init() {}
    public var description: String { "unlimited" }
    public func allow() -> Bool { true }
    public func secondsUntilAllowed() -> Int { 0 }
}

/// At most `writesPerMinute` writes in each minute of the clock, for the whole service.
public final class FixedWindow: RateLimiter, @unchecked Sendable {
    /// The `fixed-window` implementation's settings in a profile: `with: { writesPerMinute: 60 }`.
    public struct Settings: Decodable, Sendable {
        public var writesPerMinute: Int

        public init(writesPerMinute: Int) {
            self.writesPerMinute = writesPerMinute
        }
    }

    private let limit: Int
    private let lock = NSLock()
    private var window = 0
    private var used = 0

    public init(settings: Settings) {
        limit = settings.writesPerMinute
    }

    public var description: String { "fixed-window \(limit)/min" }

    /// The window is the clock's minute: a refused write may go ahead when the next one begins.
    public func secondsUntilAllowed() -> Int {
        let now = Date().timeIntervalSince1970
        return max(1, Int((60 - now.truncatingRemainder(dividingBy: 60)).rounded(.up)))
    }

    public func allow() -> Bool {
        let minute = Int(Date().timeIntervalSince1970 / 60)
        return lock.withLock {
            if minute != window {
                window = minute
                used = 0
            }
            guard used < limit else { return false }
            used += 1
            return true
        }
    }
}
