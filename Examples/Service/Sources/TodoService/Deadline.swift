import Foundation

/// Runs `operation`, or throws ``StoreError/unavailable(_:)`` once `seconds` have passed without its answer: a
/// request whose database hangs (down, unreachable, refusing the password while the pool retries) gets a 503
/// within the bound instead of no answer. The operation is cancelled then, and left to end on its own: the
/// caller never waits for it past the bound.
func withDeadline<T: Sendable>(
    seconds: Double, _ what: String, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let answer = Answer<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            answer.waiting(continuation)
            let work = Task {
                do {
                    answer.give(.success(try await operation()))
                } catch {
                    answer.give(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                answer.give(.failure(StoreError.unavailable("\(what) did not answer within \(seconds) s")))
                work.cancel()
            }
        }
    } onCancel: {
        answer.give(.failure(CancellationError()))
    }
}

/// The first answer of a race, handed to the one waiting for it.
private final class Answer<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var early: Result<T, any Error>?
    private var given = false

    func waiting(_ continuation: CheckedContinuation<T, any Error>) {
        let ready: Result<T, any Error>? = lock.withLock {
            if let early { return early }
            self.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    func give(_ result: Result<T, any Error>) {
        let waiting: CheckedContinuation<T, any Error>? = lock.withLock {
            guard !given else { return nil }
            given = true
            guard let continuation else {
                early = result
                return nil
            }
            self.continuation = nil
            return continuation
        }
        waiting?.resume(with: result)
    }
}
