import Dispatch
import Foundation

/// Splits a long run of independent items into parts that several threads work through at once, and hands
/// back each part's result in the order of the items, so that the caller sees what one thread would have made.
///
/// Checking a large profile against a large catalog spends most of its time waiting for memory (each entry's
/// factory is somewhere in a table of megabytes), and a second core waits for its own share meanwhile.
/// Small runs stay on the calling thread: waking another thread costs more than a few thousand items.
enum ConcurrentParts {
    /// The fewest items worth a part of their own.
    static let minimumPerPart = 4_096

    /// How many parts to split `items` into: one per processor, while each keeps ``minimumPerPart`` items.
    static func count(for items: Int) -> Int {
        max(1, min(ProcessInfo.processInfo.activeProcessorCount, items / minimumPerPart))
    }

    /// Runs `body` over `parts` consecutive ranges of `0..<count` (on this thread alone when `parts` is one)
    /// and returns the results in range order. `body` must be safe to call from several threads at once.
    static func run<Result>(count: Int, parts: Int, _ body: (Range<Int>) -> Result) -> [Result] {
        guard parts > 1 else { return [body(0..<count)] }
        // Unchecked by the compiler, by design: each part writes only its own element of `results`, and the
        // caller promises that `body` may run on several threads.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: parts)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                results[part] = body(count * part / parts..<count * (part + 1) / parts)
            }
        }
        // Moved out, not copied: a part's result holds arrays of thousands of values.
        return results.indices.map { (results.baseAddress.unsafelyUnwrapped + $0).move().unsafelyUnwrapped }
    }
}
