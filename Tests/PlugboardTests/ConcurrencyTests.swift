import Foundation
import Plugboard
import Testing

final class RaceContainer: ManagedContainer {
    let manager = ContainerManager()
    let builds = Counter()
    let scope: Scope

    init(scope: Scope) { self.scope = scope }

    var slow: Factory<Thing> {
        self { [builds] in
            builds.increment()
            usleep(2_000)  // widen the window in which every thread misses the cache
            return Thing()
        }.scope(scope)
    }
    var parameterized: ParameterFactory<Int, Thing> {
        self { [builds] in
            builds.increment()
            usleep(1_000)
            return Thing("\($0)")
        }.scope(scope).scopeOnParameters
    }
}

@Suite struct ConcurrencyTests {
    @Test(arguments: ["cached", "singleton", "shared"])
    func sixteenThreadsBuildAScopedInstanceExactlyOnce(scopeName: String) {
        for _ in 0..<10 {
            // A fresh scope object each round: a fresh cache, even for singletons.
            let scope: Scope =
                switch scopeName {
                case "cached": Scope.Cached()
                case "singleton": Scope.Singleton()
                default: Scope.Shared()
                }
            let container = RaceContainer(scope: scope)
            let seen = Collected<ObjectIdentifier>()
            // The shared scope keeps its instance only while something holds it: each thread holds what it got
            // until every thread has resolved (a handshake, not a wait that a slow machine could outlast).
            let everyoneResolved = DispatchGroup()
            for _ in 0..<16 { everyoneResolved.enter() }
            onThreads(16) { _ in
                let thing = container.slow()
                seen.insert(ObjectIdentifier(thing))
                everyoneResolved.leave()
                withExtendedLifetime(thing) { everyoneResolved.wait() }
            }
            #expect(container.builds.count == 1)
            #expect(seen.count == 1)
        }
    }

    @Test func perParameterInstancesAreBuiltOncePerValue() {
        let container = RaceContainer(scope: Scope.Cached())
        onThreads(16) { index in
            _ = container.parameterized(index % 4)
        }
        #expect(container.builds.count == 4)
    }

    @Test func resolvingAndRegisteringFromManyThreadsIsSafe() {
        let container = TestContainer()
        let wrong = Counter()
        onThreads(8) { index in
            for round in 0..<2_000 {
                switch (index + round) % 8 {
                case 0: container.unique.register { Thing("registered") }
                case 1: container.cachedThing.register { Thing("registered") }
                case 2: container.manager.reset(options: .scope)
                case 3: _ = container.named("\(round)")
                case 4: container.unique.onArg("x\(round % 3)") { Thing("arg") }
                case 5: container.manager.reset(options: .registration)
                default:
                    let names = [
                        container.unique().name, container.cachedThing().name, container.singletonThing().name,
                    ]
                    if names.contains(where: { $0 != "real" && $0 != "registered" }) { wrong.increment() }
                }
            }
        }
        #expect(wrong.count == 0)
    }

    @Test func pushPopAndResetsRaceWithResolutionsSafely() {
        let container = TestContainer()
        onThreads(4) { index in
            for round in 0..<1_000 {
                if index == 0 {
                    container.manager.push()
                    container.cachedThing.register { Thing("pushed") }
                    container.manager.pop()
                } else if index == 1 && round % 10 == 0 {
                    container.manager.reset()
                } else {
                    _ = container.graphRoot()
                    _ = container.cachedThing()
                    _ = container.sharedThing()
                }
            }
        }
        #expect(container.cachedThing().name == "real")
    }

    @Test func keptFactoriesOnManyThreadsRunAutoRegisterOnceAfterEachReset() {
        let container = CountingContainer()
        let kept = (plain: container.thing, cached: container.cachedThing)
        _ = kept.plain()
        for round in 1...20 {
            container.manager.reset()
            let wrong = Counter()
            let cached = Collected<ObjectIdentifier>()
            onThreads(8) { _ in
                if kept.plain().name != "auto" { wrong.increment() }
                cached.insert(ObjectIdentifier(kept.cached()))
            }
            #expect(wrong.count == 0, "every thread saw what autoRegister() registered")
            #expect(cached.count == 1, "and one instance of the factory's own scope")
            #expect(container.autoRegistrations.count == round + 1)
        }
    }

    @Test func aRegisterDuringABuildIsNotUndoneByTheBuild() {
        // A build that started before `register` must not store its (old) instance afterwards.
        for _ in 0..<20 {
            let container = RaceContainer(scope: Scope.Cached())
            onThreads(2) { index in
                if index == 0 {
                    _ = container.slow()
                } else {
                    usleep(500)
                    container.slow.register { Thing("new") }
                }
            }
            #expect(container.slow().name == "new")
        }
    }

    @Test func aReplacedRegistrationIsFreedOnceNoResolutionCanStillReadIt() async {
        // Every resolution, on this thread or on threads that have ended since, must leave the read section
        // it entered, or no replaced snapshot (and nothing its closures capture) would ever be freed again.
        // In a process of its own: a resolution of another test under way would rightly hold the snapshot.
        await #expect(processExitsWith: .success) {
            final class Marker: Sendable {}
            let container = RaceContainer(scope: Scope.unique)
            weak var released: Marker?
            do {
                let marker = Marker()
                released = marker
                container.slow.register { [marker] in
                    withExtendedLifetime(marker) { Thing("registered") }
                }
            }
            for _ in 0..<3 {
                runOnJoinedThreads(4) { if container.slow().name != "registered" { exit(1) } }
            }
            guard container.slow().name == "registered" else { exit(2) }
            container.slow.register { Thing("replacement") }
            // No thread reads now: the write that replaced the snapshot frees it.
            guard released == nil else { exit(3) }
            guard container.slow().name == "replacement" else { exit(4) }
        }
    }
}

/// Runs `body` on `count` POSIX threads and returns once every one of them has ended (its thread-local
/// storage destroyed), which `Thread` does not promise.
private func runOnJoinedThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
    var threads: [pthread_t] = []
    for _ in 0..<count {
        let work = Unmanaged.passRetained(JoinedThreadWork(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
            pthread_create(&thread, nil, { JoinedThreadWork.run($0) }, work)
            threads.append(thread!)
        #else
            var thread = pthread_t()
            pthread_create(&thread, nil, { JoinedThreadWork.run($0) }, work)
            threads.append(thread)
        #endif
    }
    for thread in threads {
        pthread_join(thread, nil)
    }
}

/// What a joined thread runs, handed to it retained through pthread's argument.
private final class JoinedThreadWork: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    /// The start routine's body. Its argument is optional on Darwin and not on Glibc: taking the optional
    /// accepts both.
    static func run(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        Unmanaged<JoinedThreadWork>.fromOpaque(argument!).takeRetainedValue().body()
        return nil
    }
}
