import Foundation
import Plugboard
import Testing

/// A value behind a lock (the standard `Mutex` would raise the package's platform floor).
final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
    /// The value now.
    var current: Value { withLock { $0 } }
}

/// What an async build does, counted: how many builds started, and a gate that holds each build until the
/// test opens it, so that resolutions pile up on one build.
final class BuildLog: Sendable {
    let started = Guarded(0)
    /// Builds that should throw, by their number (1 for the first).
    let failing: Set<Int>
    private let gate = Guarded<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    init(failing: Set<Int> = [], open: Bool = true) {
        self.failing = failing
        gate.withLock { $0.open = open }
    }

    struct Failure: Error, Equatable {
        let build: Int
    }

    /// A build: counts itself, waits for the gate, then returns a new connection or throws.
    func build() async throws -> Connection {
        let number = started.withLock {
            $0 += 1
            return $0
        }
        await withCheckedContinuation { continuation in
            let run = gate.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if run { continuation.resume() }
        }
        if failing.contains(number) { throw Failure(build: number) }
        return Connection(number)
    }

    func open() {
        let waiting = gate.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// What the async factories build: a connection that says which build made it.
final class Connection: Sendable {
    let build: Int
    init(_ build: Int) { self.build = build }
}

/// A container of async factories over one `BuildLog`, one per scope.
final class AsyncContainer: ManagedContainer {
    let manager = ContainerManager()
    let log: BuildLog

    init(_ log: BuildLog) { self.log = log }

    var unique: AsyncFactory<Connection> { self { try await self.log.build() } }
    var cached: AsyncFactory<Connection> { self { try await self.log.build() }.cached }
    var singleton: AsyncFactory<Connection> { self { try await self.log.build() }.singleton }
    /// Built from `cached`, as a pool from its connection.
    var pool: AsyncFactory<String> { self { "pool over \(try await self.cached().build)" }.cached }
    /// Each builds from the other.
    var left: AsyncFactory<String> { self { "left of \(try await self.right())" }.cached }
    var right: AsyncFactory<String> { self { "right of \(try await self.left())" } }
}

@Suite struct AsyncFactoryTests {
    @Test func aUniqueFactoryBuildsAtEveryResolution() async throws {
        let container = AsyncContainer(BuildLog())
        let first = try await container.unique(), second = try await container.unique()
        #expect(first !== second)
        #expect(container.log.started.current == 2)
    }

    @Test(arguments: ["cached", "singleton"])
    func manyResolutionsAtOnceAwaitOneBuild(scope: String) async throws {
        let log = BuildLog(open: false)
        let container = AsyncContainer(log)
        let factory = scope == "cached" ? container.cached : container.singleton
        defer { factory.reset() }
        let connections = try await withThrowingTaskGroup(of: Connection.self) { group in
            for _ in 0..<50 { group.addTask { try await factory() } }
            // Every resolution has started before the build may end.
            while log.started.current == 0 { await Task.yield() }
            try await Task.sleep(nanoseconds: 20_000_000)
            log.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(log.started.current == 1, "exactly one build under contention")
        #expect(connections.allSatisfy { $0 === connections[0] })
        #expect(try await factory() === connections[0], "a later resolution gets the kept instance")
    }

    @Test func aFailedBuildReachesEveryWaiterAndIsNotKept() async throws {
        let log = BuildLog(failing: [1], open: false)
        let container = AsyncContainer(log)
        let results = await withTaskGroup(of: Result<Connection, any Error>.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do { return .success(try await container.cached()) } catch { return .failure(error) }
                }
            }
            while log.started.current == 0 { await Task.yield() }
            try? await Task.sleep(nanoseconds: 20_000_000)
            log.open()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(log.started.current == 1)
        for result in results {
            #expect(throws: BuildLog.Failure(build: 1)) { try result.get() }
        }
        let next = try await container.cached()
        #expect(next.build == 2, "the next resolution builds again")
        #expect(try await container.cached() === next)
    }

    @Test func aCancelledWaiterNeverCancelsTheBuildOthersAwait() async throws {
        let log = BuildLog(open: false)
        let container = AsyncContainer(log)
        let cancelled = Task { try await container.cached() }
        let other = Task { try await container.cached() }
        while log.started.current == 0 { await Task.yield() }
        cancelled.cancel()
        log.open()
        let built = try await other.value
        #expect(built.build == 1)
        #expect(try await cancelled.value === built, "the cancelled waiter still gets the one build")
        #expect(log.started.current == 1)
    }

    @Test func aBuildResolvesOtherAsyncFactories() async throws {
        let container = AsyncContainer(BuildLog())
        #expect(try await container.pool() == "pool over 1")
        #expect(try await container.pool() == "pool over 1")
    }

    @Test func aCycleThrowsWithTheChain() async throws {
        let container = AsyncContainer(BuildLog())
        await #expect(
            throws: AsyncResolutionError.cycle([
                "AsyncContainer.left", "AsyncContainer.right", "AsyncContainer.left",
            ])
        ) {
            try await container.left()
        }
        // Nothing was kept: the cycle is found again, not hung on.
        await #expect(throws: AsyncResolutionError.self) { try await container.left() }
    }

    @Test func aRegistrationReplacesTheBuildAndDropsTheKeptInstance() async throws {
        let container = AsyncContainer(BuildLog())
        let first = try await container.cached()
        container.cached.register { Connection(99) }
        let replaced = try await container.cached()
        #expect(replaced !== first && replaced.build == 99)
        container.cached.reset()
        #expect(try await container.cached().build == 2, "a reset goes back to the definition")
    }

    @Test func twoContainersKeepTheirOwnInstances() async throws {
        let log = BuildLog()
        let one = AsyncContainer(log), two = AsyncContainer(log)
        let a = try await one.cached(), b = try await two.cached()
        #expect(a !== b)
        #expect(try await one.cached() === a)
        #expect(try await two.cached() === b)
    }
}
