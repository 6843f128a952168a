import Foundation
import Logging
import PlugboardProfiles
import ServiceLifecycle

/// Runs the swift-service-lifecycle `Service`s that factories build (a database client's pool, a message
/// consumer) as part of the program's `ServiceGroup`, where a Hummingbird program keeps such clients:
///
/// ```swift
/// // In the container:
/// public func autoRegister() {
///     applyProfile(
///         store.choices(["postgres": .settings(PostgresStore.Settings.self) { PostgresStore(settings: $0) }]),
///         store.runsAsService()
///     )
/// }
///
/// // In the program, first in the group, so that it shuts down last:
/// let group = ServiceGroup(
///     services: [FactoryServices.shared, app, ProfileReloadService()],
///     gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
///
/// Each instance such a factory builds that is a `Service` runs from the moment it is built (or from the start
/// of ``run()``, when it was built before). A reload that replaces it shuts the old one down gracefully once
/// no resolution that began before the reload is under way, and waits for its `run()` to return. When the
/// group shuts down gracefully, this service goes after the ones listed after it (the server, which first
/// finishes its requests in flight), and shuts the instances it runs down, newest first.
///
/// Each instance runs in a `ServiceGroup` of its own, so that it can be shut down alone. An instance is
/// known by its identity: a service that owns a resource is a class; a value type's instance runs, and stops
/// only with this service.
public final class FactoryServices: Service, @unchecked Sendable {
    /// The instance factories declared with ``Plugboard/Factory/runsAsService(in:reloading:)`` use by default.
    public static let shared = FactoryServices()

    private let logger: Logger
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var phase = Phase.waiting([])
    /// The instances running or waiting to, by identity, oldest first. Guarded by `lock`.
    private var members: [(id: ObjectIdentifier?, member: Member)] = []

    private enum Phase {
        /// ``run()`` has not started: instances built meanwhile wait for it.
        case waiting([Member])
        /// ``run()`` runs each instance handed to the stream.
        case running(AsyncStream<Member>.Continuation)
        /// The group shut down: an instance built now cannot run.
        case ended
    }

    /// A runner whose logs (each instance's start and end, a failure, one built too late) go to `logger`.
    ///
    /// - Parameter logger: Where those lines go; `plugboard.services` unless given.
    public init(logger: Logger = Logger(label: "plugboard.services")) {
        self.logger = logger
    }

    /// Runs `instance` when it is a `Service`; does nothing otherwise. What a factory declared with
    /// ``Plugboard/Factory/runsAsService(in:reloading:)`` calls with each instance it builds.
    ///
    /// An object adopted already, and not retired since, keeps running once: so an async build may adopt the
    /// client it makes before it returns, when the client serves only while its `run()` runs (a connection
    /// pool the build queries), and `runsAsService()` adopting the built instance again changes nothing. A
    /// build that fails after adopting its client retires it with ``retire(_:)``.
    ///
    /// - Parameter instance: A newly built instance.
    /// - Returns: Whether `instance` is a `Service` that runs (or will, when ``run()`` starts): false for
    ///   any other value, and for a service built after the group shut down, which is logged.
    @discardableResult
    public func adopt(_ instance: Any) -> Bool {
        guard let service = instance as? any Service else { return false }
        let id = Self.identity(of: instance)
        let member = Member(service: service, logger: logger)
        let adopted: Bool = lock.withLock {
            if let id, members.contains(where: { $0.id == id }) { return true }
            switch phase {
            case .waiting(let early):
                phase = .waiting(early + [member])
            case .running(let stream):
                stream.yield(member)
            case .ended:
                return false
            }
            members.append((id, member))
            return true
        }
        if !adopted {
            logger.warning("\(type(of: service)) was built after the service group shut down; it does not run")
        }
        return adopted
    }

    /// Shuts `instance` down gracefully, if it runs here, and returns once its `run()` has returned: what a
    /// reload's disposal of a replaced instance calls. An instance that never ran is only forgotten.
    ///
    /// - Parameter instance: An instance given to ``adopt(_:)``.
    public func retire(_ instance: Any) async {
        guard let id = Self.identity(of: instance) else { return }
        let member: Member? = lock.withLock {
            guard let index = members.firstIndex(where: { $0.id == id }) else { return nil }
            return members.remove(at: index).member
        }
        await member?.shutDown()
    }

    /// Runs every instance adopted, until the group shuts down gracefully (then shuts each down, newest first,
    /// and returns once all have returned) or the task is cancelled (then cancels them).
    ///
    /// - Throws: Nothing: an instance that fails is logged and the others run on (`throws` is `Service`'s).
    public func run() async throws {
        let (stream, continuation) = AsyncStream<Member>.makeStream()
        let early: [Member] = lock.withLock {
            guard case .waiting(let early) = phase else { return [] }
            phase = .running(continuation)
            return early
        }
        for member in early { continuation.yield(member) }
        await withGracefulShutdownHandler {
            // A plain task group (a discarding one needs macOS 14 / iOS 17): each instance's run is one child,
            // and the group waits for all of them. Each runs detached, so that its one-service group does not
            // inherit the program's graceful shutdown (a nested ServiceGroup would, and every instance would
            // stop at once, in no order); the shutdown below stops them one by one, and a cancellation of this
            // service still reaches them.
            await withTaskGroup(of: Void.self) { group in
                for await member in stream {
                    group.addTask {
                        let running = Task.detached { await member.run() }
                        await withTaskCancellationHandler {
                            await running.value
                        } onCancel: {
                            running.cancel()
                        }
                    }
                }
            }
        } onGracefulShutdown: {
            let running: [Member] = self.lock.withLock {
                self.phase = .ended
                defer { self.members = [] }
                return self.members.map(\.member)
            }
            continuation.finish()
            Task {
                for member in running.reversed() { await member.shutDown() }
            }
        }
    }

    /// An instance's identity, when it is an object.
    private static func identity(of instance: Any) -> ObjectIdentifier? {
        type(of: instance) is AnyClass ? ObjectIdentifier(instance as AnyObject) : nil
    }
}

/// One instance, run in a `ServiceGroup` of its own so that it can be shut down on its own.
private final class Member: @unchecked Sendable {
    private let group: ServiceGroup
    private let name: String
    private let logger: Logger
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var started = false
    /// Guarded by `lock`.
    private var ended = false
    /// Guarded by `lock`.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(service: any Service, logger: Logger) {
        name = String(describing: type(of: service))
        self.logger = logger
        let configuration = ServiceGroupConfiguration(services: [service], logger: logger)
        group = ServiceGroup(configuration: configuration)
    }

    /// Runs the instance until it returns, then wakes whoever waits for its end.
    func run() async {
        let retired: Bool = lock.withLock {
            started = true
            return ended
        }
        guard !retired else { return }
        do {
            try await group.run()
        } catch {
            logger.error("\(name) stopped with an error: \(error)")
        }
        let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
            ended = true
            defer { waiting = [] }
            return waiting
        }
        for continuation in woken { continuation.resume() }
    }

    /// Shuts the instance down gracefully and waits for its `run()` to return; one that never started is only
    /// marked ended, so that it never starts and nobody waits for a run that is not coming.
    func shutDown() async {
        let neverStarted: Bool = lock.withLock {
            guard !started else { return false }
            ended = true
            return true
        }
        guard !neverStarted else { return }
        await group.triggerGracefulShutdown()
        await withCheckedContinuation { continuation in
            let done: Bool = lock.withLock {
                if ended { return true }
                waiting.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}

extension Factory {
    /// Runs each instance this factory builds that is a swift-service-lifecycle `Service` in `services` (see
    /// ``FactoryServices``), and declares what a reload does to the one its scope keeps: one that `policy`
    /// drops is shut down gracefully once no resolution that began before the reload is under way.
    ///
    /// ```swift
    /// applyProfile(store.choices([...]), store.runsAsService())
    /// ```
    ///
    /// - Parameters:
    ///   - services: Where the instances run: ``FactoryServices/shared`` unless the program made its own.
    ///   - policy: What a reload does to the instance the factory's scope keeps (`ReloadPolicy.rebuild` by
    ///     default).
    /// - Returns: The declaration to hand to `applyProfile`, as `reloading(_:dispose:)`'s, from PlugboardProfiles.
    public func runsAsService(in services: FactoryServices = .shared, reloading policy: ReloadPolicy = .rebuild)
        -> ProfileDeclaration
    {
        _ = decorator { instance, isNew in
            if isNew { services.adopt(instance) }
        }
        return reloading(policy) { old in await services.retire(old) }
    }
}

extension AsyncFactory {
    /// Runs each instance this async factory builds that is a `Service` in `services`, from the moment its
    /// build succeeds, as ``Plugboard/Factory/runsAsService(in:reloading:)`` does for a synchronous factory: a
    /// reload that replaces it shuts it down (after a build still under way ends).
    ///
    /// - Parameters:
    ///   - services: Where the instances run: ``FactoryServices/shared`` unless the program made its own.
    ///   - policy: What a reload does to the instance the factory's scope keeps (`ReloadPolicy.rebuild` by
    ///     default).
    /// - Returns: The declaration to hand to `applyProfile`.
    public func runsAsService(in services: FactoryServices = .shared, reloading policy: ReloadPolicy = .rebuild)
        -> ProfileDeclaration
    {
        _ = builds.decorator { build, isNew in
            if isNew { build.whenBuilt { services.adopt($0) } }
        }
        return reloading(policy) { old in await services.retire(old) }
    }
}
