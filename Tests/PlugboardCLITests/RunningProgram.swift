import Foundation

/// A program left running as a subprocess, whose output the test reads line by line as it comes: for
/// services, which print as they go and stop on a signal.
final class RunningProgram: @unchecked Sendable {
    private let process = Process()
    private let condition = NSCondition()
    private var output: [String] = []
    private var errorText = ""
    private var partial = ""
    /// Lines before this one were matched already: each wait looks only at newer ones.
    private var cursor = 0

    init(_ executable: String, _ arguments: [String], environment: [String: String], in directory: String) throws {
        process.executableURL = URL(fileURLWithPath: CLI.binary(executable))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = CLI.childEnvironment(environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        read(out.fileHandleForReading) { [self] text in
            partial += text
            while let newline = partial.firstIndex(of: "\n") {
                output.append(String(partial[..<newline]))
                partial.removeSubrange(...newline)
            }
        }
        read(err.fileHandleForReading) { [self] text in errorText += text }
    }

    /// Reads `handle` on a thread of its own until it ends, handing each piece to `take` under the condition.
    private func read(_ handle: FileHandle, _ take: @escaping @Sendable (String) -> Void) {
        Thread.detachNewThread { [condition] in
            while true {
                let data = handle.availableData
                condition.lock()
                if !data.isEmpty { take(String(decoding: data, as: UTF8.self)) }
                condition.broadcast()
                condition.unlock()
                if data.isEmpty { return }
            }
        }
    }

    /// The first line after the ones already matched that starts with `prefix`, waiting for it up to
    /// `timeout` seconds; nil if none came (the program's output so far is in ``lines``).
    func line(startingWith prefix: String, timeout: Double = 60) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = output[cursor...].firstIndex(where: { $0.hasPrefix(prefix) }) {
                cursor = index + 1
                return output[index]
            }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    /// Everything written to standard output and standard error so far.
    var lines: [String] { condition.withLock { output } }
    var errors: String { condition.withLock { errorText } }

    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the program to end, up to `timeout` seconds; its status, or nil if it is still running
    /// (then it is killed).
    func exitStatus(timeout: Double = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
