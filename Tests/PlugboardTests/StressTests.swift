import Foundation
import Plugboard
import Testing

/// What a stress factory makes: the parameter it was built for and the registration that built it.
final class Made: @unchecked Sendable {
    let parameter: Int
    let registration: Int
    init(_ parameter: Int, registration: Int = 0) {
        self.parameter = parameter
        self.registration = registration
    }
}

private final class StressContainer: ManagedContainer {
    let manager = ContainerManager()
    var unique: ParameterFactory<Int, Made> { self { Made($0) } }
    var cached: ParameterFactory<Int, Made> { self { Made($0) }.cached.scopeOnParameters }
    var shared: ParameterFactory<Int, Made> { self { Made($0) }.shared.scopeOnParameters }
    var singleton: ParameterFactory<Int, Made> { self { Made($0) }.singleton.scopeOnParameters }
    var expiring: ParameterFactory<Int, Made> { self { Made($0) }.cached.scopeOnParameters.timeToLive(0.0005) }
    var graph: ParameterFactory<Int, Made> { self { Made($0) }.graph }
    var registered: Factory<Made> { self { Made(-1) }.cached }
    /// Under `swift test` its definition's test override applies: every object must come from it.
    var tested: ParameterFactory<Int, Made> {
        self { Made($0) }.onTest { Made($0, registration: StressTests.testMarker) }
    }
}

/// Threads resolving every kind of scoped factory (kept and through the getter) while another thread resets,
/// pushes and pops, and registers: every object must be the one built for its parameter, by the current
/// registration, and (while nothing resets) built once per parameter. Bounded in time, not in iterations; CI
/// runs it in debug, in release and under ThreadSanitizer.
@Suite struct StressTests {
    static let parameters = 0..<8
    static let resolvers = 4
    static let seconds = 1.0
    /// The factories whose instances are kept per parameter until a reset: cached, shared, singleton.
    static let keeping = 1...3
    /// What the `tested` factory's test override marks its objects with.
    static let testMarker = -7

    /// Resolves every factory for every parameter, through the getter or a kept factory: (factory, object).
    private static func resolveAll(
        _ container: StressContainer, kept: [ParameterFactory<Int, Made>]?, failures: Failures
    ) -> [(Int, Made)] {
        var made: [(Int, Made)] = []
        for parameter in parameters {
            let objects =
                kept?.map { $0(parameter) } ?? [
                    container.unique(parameter), container.cached(parameter), container.shared(parameter),
                    container.singleton(parameter), container.expiring(parameter), container.tested(parameter),
                    container.graph(parameter),
                ]
            for (factory, object) in objects.enumerated() {
                if object.parameter != parameter {
                    failures.record(
                        "factory \(factory): asked for \(parameter), got the instance built for \(object.parameter)")
                }
                if factory == 5 && object.registration != testMarker {
                    failures.record("the definition's test override was missing from a resolution")
                }
                made.append((factory, object))
            }
        }
        return made
    }

    private static func keptFactories(_ container: StressContainer) -> [ParameterFactory<Int, Made>] {
        [
            container.unique, container.cached, container.shared, container.singleton, container.expiring,
            container.tested, container.graph,
        ]
    }

    @Test func concurrentResolutionsNeverGetAnotherParametersInstance() {
        let container = StressContainer()
        let failures = Failures()
        let deadline = Date().addingTimeInterval(Self.seconds)
        var rounds = 0
        // At least three rounds however slowly the machine runs (ThreadSanitizer, a busy core), more while
        // the second lasts.
        while rounds < 3 || Date() < deadline {
            rounds += 1
            // Calm: resolutions only. Each kept instance is built once per parameter, however many threads ask.
            let identities = Identities()
            Self.onThreads(Self.resolvers) { thread in
                let kept = thread % 2 == 0 ? Self.keptFactories(container) : nil
                var holding: [(Int, Made)] = []  // keeps `shared` instances alive through the phase
                for _ in 0..<20 { holding += Self.resolveAll(container, kept: kept, failures: failures) }
                for (factory, object) in holding where Self.keeping.contains(factory) {
                    identities.insert(object, from: factory)
                }
            }
            for (place, count) in identities.distinct where count != 1 {
                failures.record(
                    "round \(rounds): factory \(place.factory) built \(count) instances for \(place.parameter) without a reset"
                )
            }
            // Storm: one thread resets, pushes, pops and registers while the others resolve.
            let stop = Flag()
            let registrations = RegistrationLog()
            Self.onThreads(Self.resolvers + 1) { thread in
                if thread == Self.resolvers {
                    Self.mutate(container, registrations: registrations, failures: failures)
                    stop.set()
                    return
                }
                let kept = thread % 2 == 0 ? Self.keptFactories(container) : nil
                while !stop.isSet {
                    _ = Self.resolveAll(container, kept: kept, failures: failures)
                    let object = container.registered()
                    if !registrations.issued(object.registration) {
                        failures.record("a registration that was never made: \(object.registration)")
                    }
                }
            }
            container.manager.reset()  // the next round starts from a clean container
            container.singleton.reset()
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
    }

    /// Resets, pushes and pops, registers, each followed by a resolution that must come from the registration
    /// now current (a `pop()` brings back the one saved by its `push()`).
    private static func mutate(_ container: StressContainer, registrations: RegistrationLog, failures: Failures) {
        var current = 0  // 0: the definition's
        var saved: [Int] = []
        for step in 0..<300 {
            switch step % 6 {
            case 0:
                container.manager.reset()
                current = 0
            case 1:
                container.manager.push()
                saved.append(current)
            case 2, 5:
                let tag = registrations.next()
                container.registered.register { Made(0, registration: tag) }
                current = tag
            case 3:
                if let previous = saved.popLast() {
                    container.manager.pop()
                    current = previous
                }
            default:
                container.cached.reset()
                container.singleton.reset()
            }
            let got = container.registered().registration
            if got != current {
                failures.record("step \(step): resolved registration \(got), the current one is \(current)")
            }
        }
        while saved.popLast() != nil { container.manager.pop() }
    }

    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for thread in 0..<count {
            group.enter()
            Thread {
                body(thread)
                group.leave()
            }.start()
        }
        group.wait()
    }
}

/// Failures recorded from many threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []
    func record(_ failure: String) { lock.withLock { if failures.count < 100 { failures.append(failure) } } }
    var all: [String] { lock.withLock { failures } }
}

/// The distinct objects each factory handed out per parameter in a calm phase.
final class Identities: @unchecked Sendable {
    struct Place: Hashable {
        let factory: Int
        let parameter: Int
    }

    private let lock = NSLock()
    private var seen: [Place: Set<ObjectIdentifier>] = [:]
    private var held: [Made] = []  // no identifier is reused while the phase's objects are held here

    func insert(_ object: Made, from factory: Int) {
        lock.withLock {
            held.append(object)
            seen[Place(factory: factory, parameter: object.parameter), default: []].insert(ObjectIdentifier(object))
        }
    }

    var distinct: [(Place, Int)] { lock.withLock { seen.map { ($0.key, $0.value.count) } } }
}

/// The registrations issued so far (numbered from 1).
final class RegistrationLog: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0
    func next() -> Int {
        lock.withLock {
            last += 1
            return last
        }
    }
    func issued(_ tag: Int) -> Bool { tag == 0 || lock.withLock { tag <= last } }
}

/// A flag set once, read by many threads.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
