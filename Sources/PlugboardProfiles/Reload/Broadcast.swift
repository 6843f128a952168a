import Foundation

/// Hands each value to every current subscriber's stream; a subscriber that reads slowly gets the newest
/// values its buffer keeps, never a growing queue, and one that stops reading is forgotten.
final class Broadcast<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<Value>.Continuation] = [:]
    /// The last value, which a new subscriber receives first.
    private var latest: Value?

    func publish(_ value: Value) {
        let continuations = lock.withLock {
            latest = value
            return Array(subscribers.values)
        }
        for continuation in continuations { continuation.yield(value) }
    }

    /// A stream of the values from now on, keeping the `count` newest for a slow reader; with `replaying`,
    /// the last value published comes first.
    func subscribe(keepingNewest count: Int, replaying: Bool = true) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(count))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.subscribers.removeValue(forKey: id) }
        }
        lock.withLock {
            if replaying, let latest { continuation.yield(latest) }
            subscribers[id] = continuation
        }
        return stream
    }

    /// How many subscribers are listening.
    var subscriberCount: Int { lock.withLock { subscribers.count } }
}
