import Foundation
import Plugboard

/// A counter tests share with factory closures and threads. (A lock, not the standard `Atomic`: that needs
/// macOS 15 / iOS 18, above the platforms the package declares.)
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    @discardableResult func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
    var count: Int { lock.withLock { value } }
}

/// Collects values from many threads. (NSLock rather than `Mutex`: ThreadSanitizer sees pthread locks,
/// not the futexes `Mutex` uses on Linux, and would report the guarded accesses as races.)
final class Collected<Value: Hashable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: Set<Value> = []
    func insert(_ value: Value) { lock.withLock { _ = values.insert(value) } }
    var count: Int { lock.withLock { values.count } }
}

/// Collects lines from loggers and decorators.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

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

/// A container of the tests' own, so they do not depend on `Container.shared`.
final class TestContainer: SharedContainer {
    @TaskLocal static var shared = TestContainer()
    let manager = ContainerManager()

    var unique: Factory<Thing> { self { Thing() } }
    var cachedThing: Factory<Thing> { self { Thing() }.cached }
    var sharedThing: Factory<Thing> { self { Thing() }.shared }
    var singletonThing: Factory<Thing> { self { Thing() }.singleton }
    var graphThing: Factory<Thing> { self { Thing() }.graph }
    var graphRoot: Factory<Dependent> { self { Dependent(a: self.graphThing(), b: self.graphThing()) } }
    var unscoped: Factory<Thing> { self { Thing() } }
    var named: ParameterFactory<String, Thing> { self { Thing($0) } }
    var value: Factory<Int> { self { 0 } }
}

/// Runs `body` on `count` threads that start at the same moment.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        ready.enter()
        done.enter()
        let thread = Thread {
            ready.leave()
            start.wait()
            body(index)
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    ready.wait()
    for _ in 0..<count { start.signal() }
    done.wait()
}

/// Waits for `semaphore` on this thread. A function of its own: Apple's Dispatch refuses `wait` in async code,
/// and an exit test's body, which blocks on purpose for threads it started, is async.
func waitBlocking(for semaphore: DispatchSemaphore, seconds: Double) -> DispatchTimeoutResult {
    semaphore.wait(timeout: .now() + seconds)
}

/// Waits on this thread until every member of `group` has left, for the reason `waitBlocking(for:seconds:)` gives.
func waitBlocking(for group: DispatchGroup) {
    group.wait()
}
