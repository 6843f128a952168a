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
    /// An async factory whose build its scope keeps: the row is the hit.
    var benchAsyncCached: AsyncFactory<Small> { self { Small() }.cached }
    /// A list whose three members a profile chooses (`use: [a, b, c]`).
    var benchList: Factory<[Small]> { self { [] } }
}

/// One measured operation, run `count` times; returns a checksum so the work is not optimized away.
public struct Scenario: Sendable {
    public let name: String
    public let run: @Sendable (Int) -> Int
}

public enum Scenarios {
    static let direct: @Sendable () -> Small = { Small() }
    nonisolated(unsafe) static var staticLet = Small()
    /// Made at run time, like the instances a resolver keeps: a literal array of objects may be laid out by the
    /// compiler as immortal objects, whose reference counts are never written.
    static let slots = (1...3).map { Small($0) }
    static let dictionary = Mutex<[String: Small]>(["small": Small()])

    /// Everything set up once: containers with their registrations, Swinject's, the profiles on disk.
    static let instance: Plugboard.Container = {
        let container = Plugboard.Container()
        container.benchOverridden.register { Small(2) }
        container.benchContext.onArg("plugboard-bench") { Small(3) }
        return container
    }()

    /// A container of its own whose list a profile chose, so that no other row runs on a profiled container.
    static let listInstance: Plugboard.Container = {
        let folder = NSTemporaryDirectory() + "plugboard-bench-list-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let profile = #"{"plugboard": 1, "containers": {"Container": {"benchList": {"use": ["a", "b", "c"]}}}}"#
        _ = FileManager.default.createFile(atPath: folder + "/list.json", contents: Data(profile.utf8))
        let container = Plugboard.Container()
        var options = ProfileOptions(profiles: ["list"], directories: [folder])
        options.arguments = []
        options.environment = [:]
        let generation = container.applyProfile(
            container.benchList.members(["a": { Small(1) }, "b": { Small(2) }, "c": { Small(3) }]), options: options)
        precondition(generation.isApplied && container.benchList().count == 3, "the list profile did not apply")
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

    /// Makes (or fetches) an object with `await`.
    typealias AsyncMaker = @Sendable () async -> AnyObject

    /// The floor of an async hit: an async function that returns a kept object, called as a resolution is.
    @inline(never)
    static func keptAsync() async -> Small {
        staticLet
    }

    /// ``loop(_:_:)`` for an async body, run to its end on a task while this thread waits: the row's cost is the
    /// loop's, the task's start and the wait are set-up that the N-against-2N difference cancels.
    static func asyncLoop(_ count: Int, _ body: @escaping AsyncMaker) -> Int {
        let done = DispatchSemaphore(value: 0)
        let sum = Mutex(0)
        Task {
            var total = 0
            for _ in 0..<count { total = escape(await body(), total) }
            sum.withLock { $0 = total }
            done.signal()
        }
        done.wait()
        return sum.withLock { $0 }
    }

    /// Makes (or fetches) an object `count` times, handing each to ``escape(_:_:)``.
    static func loop(_ count: Int, _ body: () -> AnyObject) -> Int {
        var sum = 0
        for _ in 0..<count { sum = escape(body(), sum) }
        return sum
    }

    /// Uses an object in a call the optimizer does not inline, with a result that feeds the next call, so that
    /// every row really makes (or fetches) its object each time. It writes no shared memory: the global it used
    /// to write made both threads of the two-thread rows write one cache line on every operation, which held
    /// every row's scaling down, the floors' included. A handful of instructions, so the floors stay close to
    /// the bare operation.
    @inline(never)
    static func escape(_ object: AnyObject, _ sum: Int) -> Int {
        sum &+ Int(bitPattern: UInt(bitPattern: ObjectIdentifier(object)) >> 4)
    }

    /// Returns `object` as a resolver returns its instance: the caller owns a reference, so the object's count
    /// is written twice (retained here, released by the caller), which every resolver pays. Not optimized: the
    /// optimizer turned a plain function (and a closure in a global) into one returning a borrowed reference.
    @_optimize(none) @inline(never)
    static func owned(_ object: Small) -> Small {
        object
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
            Scenario(name: "unique/direct-closure") { n in loop(n) { direct() } },
            Scenario(name: "unique/plugboard-shared") { n in loop(n) { Plugboard.Container.shared.benchSmall() } },
            Scenario(name: "unique/plugboard-instance") { n in loop(n) { instance.benchSmall() } },
            // A factory made once and kept, as a hot loop would hold it: no getter, so no key probe and no
            // reference counting of the manager on each call.
            Scenario(name: "unique/plugboard-kept") { n in
                let factory = instance.benchSmall
                return loop(n) { factory() }
            },
            Scenario(name: "unique/swinject") { n in loop(n) { swinject.resolve(Small.self)! } },
            // Cached and singleton hits
            Scenario(name: "hit/static-let") { n in loop(n) { staticLet } },
            Scenario(name: "hit/array-slot") { n in loop(n) { slots[1] } },
            Scenario(name: "hit/mutex-dictionary") { n in loop(n) { dictionary.withLock { $0["small"]! } } },
            Scenario(name: "hit/plugboard-cached") { n in loop(n) { instance.benchCached() } },
            Scenario(name: "hit/plugboard-singleton") { n in loop(n) { instance.benchSingleton() } },
            Scenario(name: "hit/plugboard-kept-cached") { n in
                let factory = instance.benchCached
                return loop(n) { factory() }
            },
            // Async: the floor is the loop's own async call of a function returning a kept object.
            Scenario(name: "async-hit/async-function") { n in asyncLoop(n) { await keptAsync() } },
            Scenario(name: "async-hit/plugboard-cached") { n in
                asyncLoop(n) { try! await instance.benchAsyncCached() }
            },
            Scenario(name: "hit/plugboard-kept-singleton") { n in
                let factory = instance.benchSingleton
                return loop(n) { factory() }
            },
            Scenario(name: "hit/swinject-container-scope") { n in loop(n) { swinject.resolve(Small.self, name: "cached")! } },
            // Graph of 10
            Scenario(name: "graph10/hand-written") { n in loop(n) { handWrittenGraph() } },
            Scenario(name: "graph10/plugboard") { n in loop(n) { instance.benchRoot() } },
            Scenario(name: "graph10/swinject") { n in loop(n) { swinject.resolve(Node.self, name: "root")! } },
            // After a register override
            Scenario(name: "overridden/plugboard") { n in loop(n) { instance.benchOverridden() } },
            Scenario(name: "overridden/swinject") { n in loop(n) { swinject.resolve(Small.self, name: "overridden")! } },
            // New container and first resolve
            Scenario(name: "new-container/plugboard") { n in loop(n) { Plugboard.Container().benchSmall() } },
            Scenario(name: "new-container/swinject") { n in
                loop(n) {
                    let container = Swinject.Container()
                    container.register(Small.self) { _ in Small() }
                    return container.resolve(Small.self)!
                }
            },
            // Parameters and contexts
            Scenario(name: "parameter/plugboard") { n in loop(n) { instance.benchParameter(7) } },
            Scenario(name: "context-override/plugboard") { n in loop(n) { instance.benchContext() } },
            // A list of three: as written by hand, and chosen by a profile (each resolution builds all three).
            Scenario(name: "list3/hand-written") { n in loop(n) { [Small(1), Small(2), Small(3)][2] } },
            Scenario(name: "list3/plugboard") { n in loop(n) { listInstance.benchList()[2] } },
            // Modifiers in the getter
            Scenario(name: "getter-ontest/plugboard") { n in loop(n) { instance.benchOnTest() } },
            Scenario(name: "getter-decorator/plugboard") { n in loop(n) { instance.benchDecorated() } },
        ]
    }()
}
