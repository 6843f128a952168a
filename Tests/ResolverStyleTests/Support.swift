// Tests written as Resolver's users write them: this target imports only PlugboardResolver, in Swift 5 mode.
import Foundation
import PlugboardResolver
import Testing

/// Every suite that reads or switches `Resolver.root` or `Resolver.main` nests here, so that they run one at
/// a time: a test that points `root` at a mock container must not be seen by another test's resolution.
@Suite(.serialized) struct ResolverRootTests {}

class Thing: @unchecked Sendable {
    let name: String
    init(_ name: String = "real") { self.name = name }
}

final class Dependent: @unchecked Sendable {
    let a: Thing
    let b: Thing
    init(a: Thing, b: Thing) {
        self.a = a
        self.b = b
    }
}

/// Collects lines from many threads.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// Counts from many threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

/// Runs `body` on `count` threads that start together, and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        ready.enter()
        done.enter()
        Thread {
            ready.leave()
            start.wait()
            body(index)
            done.leave()
        }.start()
    }
    ready.wait()
    for _ in 0..<count { start.signal() }
    done.wait()
}
