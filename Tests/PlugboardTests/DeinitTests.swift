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
/// under the store's non-recursive write lock and each of these waited for itself.
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

    @Test(arguments: ["reset", "reset(scope:)", "register", "scope change"])
    func aDeinitThatResolvesInTheSameContainerRuns(dropping how: String) {
        let container = ClosingContainer()
        _ = container.connection()
        let returned = Self.returns {
            switch how {
            case "reset": container.manager.reset(options: .scope)
            case "reset(scope:)": container.manager.reset(scope: .cached)
            case "register": container.connection.register { ClosingConnection(container) }
            default: container.connection.scope(.unique)
            }
        }
        #expect(returned, "dropping the instance (\(how)) waited for itself")
        #expect(container.closed.all == ["closed"])
    }
}
