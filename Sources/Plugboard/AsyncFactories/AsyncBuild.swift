/// One build of an ``AsyncFactory``'s instance, kept by the factory's scope as a synchronous factory's instance
/// is: every resolution that asks while it runs awaits this one build, and those after it get its instance.
///
/// The build runs in a task of its own, so that a waiter that is cancelled never cancels what the others
/// wait for. A build that throws is not kept: each waiter gets its error, and the next resolution builds again.
/// A reload or a reset that drops the scope's instance drops the build with it; waiters already awaiting it
/// still get its result.
public final class AsyncBuild<T: Sendable>: AsyncBuilding, @unchecked Sendable {
    /// `T`, which the catalog names for people (`async Database`) instead of the build's own type.
    package static var instanceType: Any.Type { T.self }

    @usableFromInline
    enum State {
        /// Nothing built, or the last build threw.
        case idle
        /// Under way: every waiter awaits this task.
        case building(Task<T, any Error>)
        case built(T)
    }

    /// Which factory this builds, for cycle detection and messages.
    let step: AsyncResolutionStep
    private let body: @Sendable () async throws -> T
    /// Guards `state`; never held while the factory's closure runs.
    @usableFromInline let lock = PlatformLock()
    @usableFromInline var state = State.idle
    /// Told of the value when a build succeeds (a service runner adopting it), then forgotten. Guarded by `lock`;
    /// called outside it.
    private var observers: [@Sendable (T) -> Void] = []

    /// A build of `step`'s factory by `body`, which runs at the first resolution.
    @usableFromInline
    package init(_ step: AsyncResolutionStep, _ body: @escaping @Sendable () async throws -> T) {
        self.step = step
        self.body = body
    }

    /// The instance: the one built, the build under way, or a new build, which starts here. Inlined into the
    /// program, so that a hit (the instance built) runs code specialized for `T`, on the caller's executor.
    ///
    /// - Throws: What the build threw, or ``AsyncResolutionError/cycle(_:)`` when the build would wait for
    ///   itself.
    @inlinable
    nonisolated(nonsending) func value() async throws -> T {
        if let value = keptValue() { return value }
        return try await awaitBuild()
    }

    /// The value a build kept, if one did. Synchronous, as every use of the lock is: an async function never
    /// holds it across a suspension.
    @inlinable
    func keptValue() -> T? {
        lock.lock()
        defer { lock.unlock() }
        if case .built(let value) = state { return value }
        return nil
    }

    /// The build under way, or a new one: a build that is kept cannot be part of a cycle (nothing waits on
    /// it), so the chain is looked at only here.
    @usableFromInline
    func awaitBuild() async throws -> T {
        let chain = AsyncResolution.chain
        if chain.contains(step) {
            throw AsyncResolutionError.cycle((chain + [step]).map(\.description))
        }
        switch joinOrStart(chain: chain) {
        case .kept(let value): return value
        case .awaiting(let task): return try await task.value
        }
    }

    /// The value kept, or the build to await: the one under way, or one started here, made under the lock so
    /// that `run()` finds this state when it ends. The task's code (the factory's closure) runs later, on
    /// another thread, never under the lock.
    private func joinOrStart(chain: [AsyncResolutionStep]) -> Joined {
        lock.lock()
        defer { lock.unlock() }
        switch state {
        case .built(let value):
            return .kept(value)
        case .building(let running):
            return .awaiting(running)
        case .idle:
            let task = AsyncResolution.$chain.withValue(chain + [step]) {
                Task { try await self.run() }
            }
            state = .building(task)
            return .awaiting(task)
        }
    }

    /// What a resolution that found no kept value does.
    private enum Joined {
        case kept(T)
        case awaiting(Task<T, any Error>)
    }

    /// Calls `observer` with the value once a build succeeds: now, when it has; else when one does (a build
    /// that throws keeps it for the next). What a service runner uses to run an async-built service.
    ///
    /// - Parameter observer: Told of the value, once, outside the build's lock.
    package func whenBuilt(_ observer: @escaping @Sendable (T) -> Void) {
        lock.lock()
        if case .built(let value) = state {
            lock.unlock()
            observer(value)
            return
        }
        observers.append(observer)
        lock.unlock()
    }

    /// The value this build made, after the build under way (if one is) ends; nil when nothing was built.
    /// Never starts a build: what a reload's disposal of a dropped build awaits.
    ///
    /// - Returns: The value, or nil when no build succeeded.
    package func settled() async -> T? {
        switch snapshot() {
        case .built(let value): value
        case .building(let task): try? await task.value
        case .idle: nil
        }
    }

    /// The state, read under the lock.
    private func snapshot() -> State {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    /// The build itself: keeps what it made, or goes back to `idle` when it threw, so that nothing waits on
    /// a failed build and the next resolution builds again.
    private func run() async throws -> T {
        do {
            let value = try await body()
            let told = lock.withLock {
                state = .built(value)
                defer { observers = [] }
                return observers
            }
            for observer in told { observer(value) }
            return value
        } catch {
            lock.withLock { state = .idle }
            throw error
        }
    }
}

/// What every ``AsyncBuild`` type says of itself without its generic argument being known.
package protocol AsyncBuilding {
    /// The type the build makes.
    static var instanceType: Any.Type { get }
}
