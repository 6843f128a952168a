import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// A configuration that, once armed, holds the reload that asks it until the test releases it: a hung volume
/// or a slow configuration provider.
final class HoldingConfiguration: ProfileValueSource {
    let armed = Locked(false)
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    func setting(at path: [String], isSecret: Bool) -> String? {
        let hold = armed.withLock { armed in
            defer { armed = false }
            return armed
        }
        if hold {
            entered.signal()
            release.wait()
        }
        return nil
    }
    func origin(of path: [String]) -> String { "test configuration" }
    func secret(forKey key: String) -> String? { nil }
}

/// What a health endpoint reads while a reload runs: the status, the running launch and the watched files are
/// a snapshot of the last finished attempt, and reading them never waits for the reload.
@Suite struct ReloadReadersTests {
    @Test(.timeLimit(.minutes(1))) func theStatusIsReadWithoutWaitingForASlowReload() throws {
        let configuration = HoldingConfiguration()
        let program = try ReloadProgram(["app.yaml": appProfile()]) { $0.valueSource = configuration }
        try program.write(appProfile(limiter: "{ use: off }"))
        configuration.armed.withLock { $0 = true }
        let reloaded = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = program.running.reload()
            reloaded.signal()
        }
        #expect(configuration.entered.wait(timeout: .now() + 10) == .success, "the reload asks the configuration")

        // Read from another thread, as a health endpoint does, while the reload is held.
        let read = Locked<(ReloadStatus, Int, Int)?>(nil)
        let answered = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let running = program.running!
            read.withLock { $0 = (running.status, running.current.files.count, running.watchedFiles.count) }
            answered.signal()
        }
        let waited = answered.wait(timeout: .now() + 2)
        configuration.release.signal()
        #expect(waited == .success, "the status read waited for the reload")
        #expect(reloaded.wait(timeout: .now() + 10) == .success)

        let (status, files, watched) = try #require(read.withLock { $0 })
        #expect(status.generation == 1, "the last finished attempt's status: the launch's")
        #expect(status.attempts == 0)
        #expect(files == 1 && watched == 1)
        #expect(program.running.status.generation == 2, "and the reload's once it finished")
        #expect(program.running.status.attempts == 1)
    }
}
