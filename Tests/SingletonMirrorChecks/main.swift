// Singleton scenarios run in a process of their own, where no test isolates singletons: containers then keep
// copies of the singleton scopes' instances (see `SingletonMirrors`), which the test process's parallel,
// isolated tests never let them make. `PlugboardTests` runs each scenario by name and reads the report.
import Foundation
import Plugboard

final class Thing: @unchecked Sendable {
    let name: String
    init(_ name: String = "real") { self.name = name }
}

extension Scope {
    static let appWide = Singleton()
}

final class AppContainer: SharedContainer {
    nonisolated(unsafe) static var shared = AppContainer()
    let manager = ContainerManager()

    var thing: Factory<Thing> { self { Thing() }.singleton }
    var appWideThing: Factory<Thing> { self { Thing("app-wide") }.scope(.appWide) }
}

/// Records what a scenario found that it should not have.
final class Findings {
    private(set) var failures: [String] = []

    func expect(_ condition: Bool, _ what: String, line: Int = #line) {
        if !condition { failures.append("line \(line): \(what)") }
    }
}

/// Resolves twice, so that the second resolution is served from the container's copy when it made one.
func resolved(_ factory: Factory<Thing>) -> Thing {
    _ = factory()
    return factory()
}

let scenarios: [String: (Findings) -> Void] = [
    "reset": { check in
        let first = AppContainer(), second = AppContainer()
        weak let old = resolved(first.thing)
        check.expect(resolved(second.thing) === old, "one instance for every container")
        Scope.singleton.reset()
        check.expect(old == nil, "the reset instance is freed: no container keeps a copy")
        let new = resolved(first.thing)
        check.expect(resolved(second.thing) === new, "both containers resolve the new instance")
    },
    "register": { check in
        let first = AppContainer(), second = AppContainer()
        let old = resolved(first.thing)
        check.expect(resolved(second.thing) === old, "one instance for every container")
        first.thing.register { Thing("registered") }
        check.expect(resolved(first.thing).name == "registered", "the registering container builds anew")
        let new = resolved(second.thing)
        check.expect(new !== old, "the other container no longer serves the instance register dropped")
        check.expect(resolved(first.thing) === new, "and both share the new one")
    },
    "factory-reset": { check in
        let first = AppContainer(), second = AppContainer()
        let old = resolved(first.thing)
        _ = resolved(second.thing)
        first.thing.reset(.scope)
        check.expect(resolved(second.thing) !== old, "a factory's scope reset reaches every container")
    },
    "container-reset": { check in
        let container = AppContainer()
        let kept = resolved(container.thing)
        container.manager.reset()
        check.expect(resolved(container.thing) === kept, "a container reset leaves singletons alone")
    },
    "push-pop": { check in
        let container = AppContainer(), other = AppContainer()
        weak let old = resolved(container.thing)
        container.manager.push()
        Scope.singleton.reset()
        check.expect(old == nil, "a pushed state keeps no singleton alive")
        let new = resolved(other.thing)
        container.manager.pop()
        check.expect(resolved(container.thing) === new, "after pop, the scope's current instance")
    },
    "isolation": { check in
        let container = AppContainer()
        let outside = resolved(container.thing)
        Scope.withIsolatedSingletons {
            let inside = resolved(container.thing)
            check.expect(inside !== outside, "an isolated task does not see the process's instance")
            check.expect(resolved(container.thing) === inside, "it keeps its own")
        }
        check.expect(resolved(container.thing) === outside, "after isolation, the process's instance again")
    },
    "custom-scope": { check in
        let container = AppContainer()
        let appWide = resolved(container.appWideThing)
        let singleton = resolved(container.thing)
        Scope.singleton.reset()
        check.expect(resolved(container.appWideThing) === appWide, "another singleton scope keeps its instance")
        check.expect(resolved(container.thing) !== singleton, "the reset scope's is new")
        Scope.appWide.reset()
        check.expect(resolved(container.appWideThing) !== appWide, "until that scope is reset")
    },
    "time-to-live": { check in
        // Another container's time to live expires the scope's instance and builds a new one: a container
        // that copied the old one must not keep serving it.
        let copying = AppContainer(), expiring = AppContainer()
        let old = resolved(copying.thing)
        let new = expiring.thing.timeToLive(0.000_001)()
        check.expect(new !== old, "the expired instance is replaced")
        check.expect(resolved(copying.thing) === new, "the copying container serves the new instance")
    },
    "many-containers": { check in
        // Containers come and go, each copying the instance; the ones still alive all follow a reset.
        let kept = (0..<10).map { _ in AppContainer() }
        let old = resolved(kept[0].thing)
        for round in 0..<1_000 {
            check.expect(resolved(AppContainer().thing) === old, "a passing container copies the same instance")
            _ = resolved(kept[round % kept.count].thing)
        }
        Scope.singleton.reset()
        let new = resolved(AppContainer().thing)
        check.expect(new !== old, "the reset instance is gone")
        check.expect(kept.allSatisfy { resolved($0.thing) === new }, "every container that stayed serves the new one")
    },
    "kept-factory": { check in
        let container = AppContainer()
        let kept = container.thing
        let old = resolved(kept)
        Scope.singleton.reset()
        let new = resolved(kept)
        check.expect(new !== old, "a kept factory sees the reset")
        check.expect(resolved(AppContainer().thing) === new, "and agrees with a new container")
    },
    "concurrent-reset": { check in
        // Resolutions on four threads while this one resets: once all have ended, every container agrees
        // with a new one, so no copy outlived its reset.
        let containers = (0..<4).map { _ in AppContainer() }
        let stop = Atomic(false)
        let threads = containers.map { container in
            Thread {
                while !stop.value { _ = container.thing() }
            }
        }
        threads.forEach { $0.start() }
        for _ in 0..<2_000 {
            Scope.singleton.reset()
        }
        stop.value = true
        while threads.contains(where: { !$0.isFinished }) { usleep(1_000) }
        let current = resolved(AppContainer().thing)
        for container in containers {
            check.expect(resolved(container.thing) === current, "every container serves the current instance")
        }
    },
]

/// A flag shared with the threads of a scenario.
final class Atomic<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

let names = CommandLine.arguments.dropFirst()
guard !names.isEmpty, names.allSatisfy({ scenarios[$0] != nil }) else {
    print(
        "usage: plugboard-singleton-checks SCENARIO...; scenarios: \(scenarios.keys.sorted().joined(separator: ", "))")
    exit(2)
}
var failed = false
for name in names {
    let findings = Findings()
    scenarios[name]!(findings)
    for failure in findings.failures {
        print("\(name): \(failure)")
    }
    failed = failed || !findings.failures.isEmpty
    if findings.failures.isEmpty { print("\(name): ok") }
}
exit(failed ? 1 : 0)
