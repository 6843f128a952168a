import Foundation
import Plugboard
import Testing

/// An instance whose `deinit` resolves a scoped factory of the container that dropped it, as a connection
/// that opens a log on close would.
final class ClosingConnection: Sendable {
    let container: ClosingContainer
    init(_ container: ClosingContainer) { self.container = container }
    deinit {
        container.closedLog().record("closed")
    }
}

/// Where closed connections say so: cached in the same container, and writing to the container's lines.
final class ClosedLog: Sendable {
    let lines: Lines
    init(_ lines: Lines) { self.lines = lines }
    func record(_ line: String) { lines.append(line) }
}

final class ClosingContainer: SharedContainer, @unchecked Sendable {
    nonisolated(unsafe) static var shared = ClosingContainer()
    let manager = ContainerManager()
    /// What every log of this container recorded.
    let closed = Lines()

    var connection: Factory<ClosingConnection> { self { ClosingConnection(self) }.cached }
    var closedLog: Factory<ClosedLog> { self { ClosedLog(self.closed) }.cached }
}

/// User code never runs under an engine lock: what a write drops is released once the writer holds none, so
/// a `deinit` may resolve, register or reset in the container that dropped it. Under e21c435 the `deinit` ran
/// under the store's non-recursive write lock and each of these waited for itself. A process of its own: a
/// resolution that another test leaves running would hold back the release.
@Suite struct DeinitTests {
    /// Runs `body` on a thread of its own and reports whether it returned within ten seconds.
    static func returns(_ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + 10) == .success
    }

    @Test func aDeinitThatResolvesInTheSameContainerRunsWhicheverWriteDropsIt() async {
        await #expect(processExitsWith: .success) {
            let drops: [@Sendable (ClosingContainer) -> Void] = [
                { $0.manager.reset(options: .scope) },
                { $0.manager.reset(scope: .cached) },
                { container in container.connection.register { ClosingConnection(container) } },
                { $0.connection.scope(.unique) },
            ]
            for (index, drop) in drops.enumerated() {
                let container = ClosingContainer()
                _ = container.connection()
                // Waiting for itself: the exit code names the write (10 + its index).
                guard Self.returns({ drop(container) }) else { exit(Int32(10 + index)) }
                guard container.closed.all == ["closed"] else { exit(Int32(20 + index)) }
            }
        }
    }
}

/// An instance that records how deep the resolution under way on its thread was when its `deinit` ran: 0 is
/// between resolutions, where a `deinit` belongs.
final class DepthRecorder: Sendable {
    static let depths = Lines()
    deinit {
        Self.depths.append("\(Scope.graph.depth)")
    }
}

final class RecordingContainer: ManagedContainer, @unchecked Sendable {
    let manager = ContainerManager()
    var recorder: Factory<DepthRecorder> { self { DepthRecorder() }.cached }
    var other: Factory<DepthRecorder> { self { DepthRecorder() }.cached }
    /// A resolution that waits, inside itself, until `release` is signalled.
    var waiting: Factory<Int> {
        self {
            self.entered.signal()
            self.release.wait()
            return 0
        }
    }
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
}

extension DeinitTests {
    /// What one thread retired and another thread's resolution frees is released when that resolution has
    /// returned, not inside it: a `deinit` there could wait for a build lock the resolution holds. Before, the
    /// keep at the end of a build freed it on the spot, and the `deinit` ran one resolution deep.
    @Test func aDeinitNeverRunsInsideAResolution() async {
        await #expect(processExitsWith: .success) {
            let container = RecordingContainer()
            _ = container.recorder()
            _ = container.other  // its getter's write (the scope) now, so that resolving it later writes only the keep
            // A reader in its section, so that what the register below replaces is held, not freed.
            Thread.detachNewThread { _ = container.waiting() }
            _ = waitBlocking(for: container.entered, seconds: 60)
            container.recorder.register { DepthRecorder() }
            // This thread is seen between resolutions while the reader still reads.
            ContainerManager.collectRetired()
            container.release.signal()
            usleep(50_000)
            // A resolution that keeps what it built, and frees on the way what the register replaced.
            _ = container.other()
            let depths = DepthRecorder.depths.all
            guard depths == ["0"] else {
                FileHandle.standardError.write(Data("deinit depths: \(depths)\n".utf8))
                exit(1)
            }
        }
    }
}

/// A container a factory makes for itself and lets go of before it returns, as a request's own container is.
final class RequestScopedContainer: ManagedContainer, @unchecked Sendable {
    let manager = ContainerManager()
    var handler: Factory<Int> {
        self {
            let own = RecordingContainer()
            _ = own.recorder()
            _ = own.other()
            return 1
        }
    }
}

extension DeinitTests {
    /// A container made and let go of inside a resolution takes its kept instances with it once the resolution
    /// has returned, not inside it. Before, the container's last slot states were released where it went away,
    /// and both `deinit`s ran one resolution deep.
    @Test func aContainerLetGoOfInsideAResolutionReleasesItsKeptInstancesAfterIt() async {
        await #expect(processExitsWith: .success) {
            _ = RequestScopedContainer().handler()
            let depths = DepthRecorder.depths.all
            guard depths == ["0", "0"] else {
                FileHandle.standardError.write(Data("deinit depths: \(depths)\n".utf8))
                exit(1)
            }
        }
    }
}
