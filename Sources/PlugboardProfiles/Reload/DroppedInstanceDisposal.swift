import Foundation
import Plugboard

/// The instances one reload dropped from factories that declared a disposal action, with those actions. The
/// engine frees it once no resolution that began before the reload is under way; freeing it starts the
/// actions, in a task of their own, so that neither a resolution nor the next reload waits for them.
final class DroppedInstanceDisposal: @unchecked Sendable {
    private let work: [(box: AnyObject, dispose: @Sendable (AnyObject) async -> Void)]

    /// Hands `dropped` to their factories' actions in `actions`, once freed.
    init(_ dropped: DroppedInstances, actions: [ResolvedFactory: @Sendable (AnyObject) async -> Void]) {
        work = dropped.dropped.compactMap { item in actions[item.factory].map { (item.box, $0) } }
    }

    var isEmpty: Bool { work.isEmpty }

    deinit {
        let work = Work(items: work)
        Task.detached {
            for item in work.items { await item.dispose(item.box) }
        }
    }

    /// The boxes cross into the task whole: nothing else holds them by then.
    private struct Work: @unchecked Sendable {
        let items: [(box: AnyObject, dispose: @Sendable (AnyObject) async -> Void)]
    }
}

/// Frees, off every resolution's path, what the engine still keeps for resolutions that began before a
/// reload: their replaced states, and the dropped instances waiting for their disposal action. A writer frees
/// them when it finds no such resolution; when none comes, this looks again, sooner at first, until nothing
/// waits.
enum RetiredStateCollector {
    private static let running = NSLock()
    nonisolated(unsafe) private static var isRunning = false

    /// Starts looking when something waits and no look is under way.
    static func collectSoon() {
        guard ContainerManager.retiredWaiting > 0 else { return }
        let start = running.withLock {
            defer { isRunning = true }
            return !isRunning
        }
        guard start else { return }
        Task.detached {
            var pause: UInt64 = 2_000_000
            while true {
                try? await Task.sleep(nanoseconds: pause)
                ContainerManager.collectRetired()
                let done = running.withLock {
                    // Decided under the lock, so that a reload that finds a look under way can count on it.
                    if ContainerManager.retiredWaiting == 0 { isRunning = false }
                    return !isRunning
                }
                if done { return }
                pause = min(pause * 2, 500_000_000)
            }
        }
    }
}
