import Foundation

/// Set once a task is cancelled; read from the thread that works for it.
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    func set() { lock.withLock { cancelled = true } }
    var isSet: Bool { lock.withLock { cancelled } }
}
