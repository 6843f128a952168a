import Foundation

/// The profile files a running program's launch or last reload parsed, by path and content: a reload reads
/// every file again, but parses only those whose bytes changed (a ConfigMap edit touches one file of a chain).
/// What it keeps is what the last run used, so files that left the chain are let go.
package final class ParsedFiles: @unchecked Sendable {
    private let lock = NSLock()
    /// The files the previous run parsed, and those this run has used so far.
    private var previous: [String: Parsed] = [:]
    private var current: [String: Parsed] = [:]

    /// One file's bytes (as a hash) and what reading them gave.
    struct Parsed {
        let hash: UInt64
        let count: Int
        let result: (document: ProfileDocument?, diagnostics: [Diagnostic])
    }

    package init() {}

    /// The cache of the task under way, if any.
    @TaskLocal static var current: ParsedFiles?

    /// Runs `body` (a launch's or a reload's pipeline) with this cache, then keeps only what it used.
    package func reusing<R>(_ body: () throws -> R) rethrows -> R {
        defer {
            lock.withLock {
                previous = current
                current = [:]
            }
        }
        return try ParsedFiles.$current.withValue(self, operation: body)
    }

    /// What `bytes` (whose hash is `hash`), read from `file`, gave last time, or `parse`'s result, kept for next
    /// time.
    func result(
        for file: String, bytes: [UInt8], hash: UInt64, parse: () -> (ProfileDocument?, [Diagnostic])
    ) -> (ProfileDocument?, [Diagnostic]) {
        let known = lock.withLock { current[file] ?? previous[file] }
        if let known, known.hash == hash, known.count == bytes.count {
            lock.withLock { current[file] = known }
            return known.result
        }
        let result = parse()
        lock.withLock { current[file] = Parsed(hash: hash, count: bytes.count, result: result) }
        return result
    }
}
