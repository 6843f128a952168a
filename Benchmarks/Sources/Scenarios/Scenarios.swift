import CLibYAML
import Foundation
import Plugboard
import PlugboardProfiles
import Swinject
import Synchronization

/// The object every scenario makes: a small final class.
public final class Small: @unchecked Sendable {
    public let value: Int
    public init(_ value: Int = 1) { self.value = value }
}

/// Ten objects: a root with three dependencies of two each.
public final class Node: @unchecked Sendable {
    public let children: [Node]
    public init(_ children: [Node] = []) { self.children = children }
}

extension Plugboard.Container {
    var benchSmall: Factory<Small> { self { Small() } }
    var benchCached: Factory<Small> { self { Small() }.cached }
    var benchSingleton: Factory<Small> { self { Small() }.singleton }
    var benchParameter: ParameterFactory<Int, Small> { self { Small($0) } }
    var benchContext: Factory<Small> { self { Small() } }
    var benchLeaf: Factory<Node> { self { Node() } }
    var benchMiddle: Factory<Node> { self { Node([self.benchLeaf(), self.benchLeaf()]) } }
    var benchRoot: Factory<Node> { self { Node([self.benchMiddle(), self.benchMiddle(), self.benchMiddle()]) } }
    var benchOverridden: Factory<Small> { self { Small() } }
    // The seeds' idiom: modifiers applied by the definition itself, so on every access.
    var benchOnTest: Factory<Small> { self { Small() }.onTest { Small(4) } }
    var benchDecorated: Factory<Small> { self { Small() }.decorator { _ in } }
}

/// One measured operation, run `count` times; returns a checksum so the work is not optimized away.
public struct Scenario: Sendable {
    public let name: String
    public let run: @Sendable (Int) -> Int
}

public enum Scenarios {
    static let direct: @Sendable () -> Small = { Small() }
    nonisolated(unsafe) static var staticLet = Small()
    static let slots = [Small(), Small(), Small()]
    static let dictionary = Mutex<[String: Small]>(["small": Small()])

    /// Everything set up once: containers with their registrations, Swinject's, the profiles on disk.
    static let instance: Plugboard.Container = {
        let container = Plugboard.Container()
        container.benchOverridden.register { Small(2) }
        container.benchContext.onArg("plugboard-bench") { Small(3) }
        return container
    }()

    nonisolated(unsafe) static let swinject: Swinject.Container = {
        let container = Swinject.Container()
        container.register(Small.self) { _ in Small() }
        container.register(Small.self, name: "cached") { _ in Small() }.inObjectScope(.container)
        container.register(Small.self, name: "singleton") { _ in Small() }.inObjectScope(.container)
        container.register(Small.self, name: "overridden") { _ in Small() }
        container.register(Small.self, name: "overridden") { _ in Small(2) }
        container.register(Node.self, name: "leaf") { _ in Node() }
        container.register(Node.self, name: "middle") { r in Node([r.resolve(Node.self, name: "leaf")!, r.resolve(Node.self, name: "leaf")!]) }
        container.register(Node.self, name: "root") { r in
            Node([r.resolve(Node.self, name: "middle")!, r.resolve(Node.self, name: "middle")!, r.resolve(Node.self, name: "middle")!])
        }
        return container
    }()

    nonisolated(unsafe) static let swinjectSafe: Swinject.Resolver = swinject.synchronize()

    static func loop(_ count: Int, _ body: () -> Int) -> Int {
        var sum = 0
        for _ in 0..<count { sum &+= body() }
        return sum
    }

    /// Where `escape` writes, so the optimizer can neither drop nor hoist the work that made the object.
    nonisolated(unsafe) static var sink: UInt = 0

    /// Uses an object where the optimizer cannot see, so every row really makes (or fetches) it. It costs a
    /// handful of instructions, so the floors stay close to the bare operation.
    @inline(never)
    static func escape(_ object: AnyObject) -> Int {
        sink &+= UInt(bitPattern: ObjectIdentifier(object))
        return Int(truncatingIfNeeded: sink & 1)
    }

    static func handWrittenGraph() -> Node {
        let leaf = { Node() }
        let middle = { Node([leaf(), leaf()]) }
        return Node([middle(), middle(), middle()])
    }

    /// Every scenario by name.
    public static let all: [Scenario] = {
        _ = instance.benchCached()
        FactoryContext.setArg("plugboard-bench", forKey: "bench")
        return [
            // Unique resolve
            Scenario(name: "unique/direct-closure") { n in loop(n) { escape(direct()) } },
            Scenario(name: "unique/plugboard-shared") { n in loop(n) { escape(Plugboard.Container.shared.benchSmall()) } },
            Scenario(name: "unique/plugboard-instance") { n in loop(n) { escape(instance.benchSmall()) } },
            Scenario(name: "unique/swinject") { n in loop(n) { escape(swinject.resolve(Small.self)!) } },
            // Cached and singleton hits
            Scenario(name: "hit/static-let") { n in loop(n) { escape(staticLet) } },
            Scenario(name: "hit/array-slot") { n in loop(n) { escape(slots[1]) } },
            Scenario(name: "hit/mutex-dictionary") { n in loop(n) { escape(dictionary.withLock { $0["small"]! }) } },
            Scenario(name: "hit/plugboard-cached") { n in loop(n) { escape(instance.benchCached()) } },
            Scenario(name: "hit/plugboard-singleton") { n in loop(n) { escape(instance.benchSingleton()) } },
            Scenario(name: "hit/swinject-container-scope") { n in loop(n) { escape(swinject.resolve(Small.self, name: "cached")!) } },
            // Graph of 10
            Scenario(name: "graph10/hand-written") { n in loop(n) { escape(handWrittenGraph()) } },
            Scenario(name: "graph10/plugboard") { n in loop(n) { escape(instance.benchRoot()) } },
            Scenario(name: "graph10/swinject") { n in loop(n) { escape(swinject.resolve(Node.self, name: "root")!) } },
            // After a register override
            Scenario(name: "overridden/plugboard") { n in loop(n) { escape(instance.benchOverridden()) } },
            Scenario(name: "overridden/swinject") { n in loop(n) { escape(swinject.resolve(Small.self, name: "overridden")!) } },
            // New container and first resolve
            Scenario(name: "new-container/plugboard") { n in loop(n) { escape(Plugboard.Container().benchSmall()) } },
            Scenario(name: "new-container/swinject") { n in
                loop(n) {
                    let container = Swinject.Container()
                    container.register(Small.self) { _ in Small() }
                    return escape(container.resolve(Small.self)!)
                }
            },
            // Parameters and contexts
            Scenario(name: "parameter/plugboard") { n in loop(n) { escape(instance.benchParameter(7)) } },
            Scenario(name: "context-override/plugboard") { n in loop(n) { escape(instance.benchContext()) } },
            // Modifiers in the getter
            Scenario(name: "getter-ontest/plugboard") { n in loop(n) { escape(instance.benchOnTest()) } },
            Scenario(name: "getter-decorator/plugboard") { n in loop(n) { escape(instance.benchDecorated()) } },
        ]
    }()

    /// Thread-safe resolvers for the two-thread rows.
    public static let threaded: [Scenario] = [
        Scenario(name: "unique/direct-closure") { n in loop(n) { escape(direct()) } },
        Scenario(name: "unique/plugboard-instance") { n in loop(n) { escape(instance.benchSmall()) } },
        // The same resolve with a container per thread: what is left when no container is shared.
        Scenario(name: "unique/plugboard-own-container") { n in
            let container = Plugboard.Container()
            return loop(n) { escape(container.benchSmall()) }
        },
        Scenario(name: "unique/swinject-synchronized") { n in loop(n) { escape(swinjectSafe.resolve(Small.self)!) } },
        Scenario(name: "singleton/array-slot") { n in loop(n) { escape(slots[1]) } },
        Scenario(name: "singleton/plugboard") { n in loop(n) { escape(instance.benchSingleton()) } },
        Scenario(name: "singleton/swinject-synchronized") { n in loop(n) { escape(swinjectSafe.resolve(Small.self, name: "singleton")!) } },
    ]

    /// Runs `scenario` on `threads` threads, `count` operations each; returns the seconds it took.
    public static func timeOnThreads(_ scenario: Scenario, threads: Int, count: Int) -> Double {
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread {
                start.wait()
                _ = scenario.run(count)
                done.leave()
            }.start()
        }
        let began = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<threads { start.signal() }
        done.wait()
        return Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
    }
}
