import Foundation
import Logging
import Plugboard
import Testing

@_spi(Tools) @testable import PlugboardProfiles

/// An instance that says whether it is still good to hand out: freed (its `deinit` ran), disposed of (a reload's
/// disposal action ran), and whether its `deinit` ran inside a resolution, which user code must never see.
final class EdgeTracked: Sendable {
    let name: String
    private let state = Locked<(disposed: Bool, serial: Int)>((false, 0))
    private static let serials = Locked(0)
    static let freed = Locked<Set<Int>>([])
    static let deinitsInsideResolutions = Locked(0)

    init(_ name: String) {
        self.name = name
        let serial = Self.serials.withLock {
            $0 += 1
            return $0
        }
        state.withLock { $0.serial = serial }
    }

    deinit {
        let serial = state.withLock { $0.serial }
        Self.freed.withLock { _ = $0.insert(serial) }
        if Scope.graph.depth != 0 { Self.deinitsInsideResolutions.withLock { $0 += 1 } }
    }

    func dispose() { state.withLock { $0.disposed = true } }
    var wasDisposed: Bool { state.withLock { $0.disposed } }
    var wasFreed: Bool { Self.freed.withLock { $0.contains(state.withLock { $0.serial }) } }
    /// The generation tag the profile gave what this was built from (`g7`).
    var tag: String { String(name.split(separator: " ").last ?? "") }
}

/// A listed container, launched twice (two instances of one type): a store the profiles choose, a cached catalog
/// and a singleton pager built from it, each disposed of when a reload drops it, and a value the program
/// registers itself.
final class EdgeLedger: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()

    var store: Factory<String> { self { "code-store" } }
    var catalog: Factory<EdgeTracked> { self { EdgeTracked("catalog over \(self.store())") }.cached }
    var pager: Factory<EdgeTracked> { self { EdgeTracked("pager over \(self.store())") }.singleton }
    var note: Factory<String> { self { "code note" } }

    func autoRegister() {
        applyProfile(
            store.choices(["tagged": .settings(GenerationTag.self) { "store \($0.tag)" }]),
            catalog.reloading(.rebuild) { $0.dispose() },
            pager.reloading(.rebuild) { $0.dispose() }
        )
    }
}

/// The second listed container: a rate, and a cached quote built from it.
final class EdgeRates: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()

    var rate: Factory<String> { self { "code-rate" } }
    var quote: Factory<EdgeTracked> { self { EdgeTracked("quote at \(self.rate())") }.cached }

    func autoRegister() {
        applyProfile(
            rate.choices(["tagged": .settings(GenerationTag.self) { "rate \($0.tag)" }]),
            quote.reloading(.rebuild) { $0.dispose() })
    }
}

/// A request's handler in a container no profile lists: it reaches every listed container within one
/// resolution and checks, while it is still under way, what it was handed.
final class EdgeDesk: ManagedContainer {
    let manager = ContainerManager()
    let first: EdgeLedger, second: EdgeLedger, reset: EdgeLedger, rates: EdgeRates
    let violations = Locked<[String]>([])

    init(_ first: EdgeLedger, _ second: EdgeLedger, reset: EdgeLedger, _ rates: EdgeRates) {
        (self.first, self.second, self.reset, self.rates) = (first, second, reset, rates)
    }

    /// What a request is handed, released by the caller once the resolution has returned.
    var handler: Factory<[EdgeTracked]> {
        self {
            usleep(UInt32.random(in: 0...300))  // the request's own work, before it reaches the containers
            let handed = [
                self.first.catalog(), self.second.catalog(), self.rates.quote(), self.first.pager(),
                self.second.pager(), self.reset.catalog(),
                // A container of the request's own, made while a reload may have published since it began.
                EdgeLedger().catalog(),
            ]
            var found: [String] = []
            for object in handed {
                if object.wasFreed { found.append("\(object.name) handed out after its deinit") }
                if object.wasDisposed { found.append("\(object.name) handed out after its disposal") }
                if object.name.contains("code-") { found.append("\(object.name): the code's wiring") }
            }
            // One generation across every container, the reset one and the singleton through both instances
            // included. (A singleton that a request straddling a reload builds is handed to it but not kept, so
            // two such builds are two objects, of one generation.)
            let tags = Set(handed.map(\.tag))
            if tags.count != 1 { found.append("one request read several generations: \(handed.map(\.name))") }
            if !found.isEmpty { self.violations.withLock { $0 += found } }
            return handed
        }
    }
}

/// The stress of the engine's edges, through the public API and no hook, in a process of its own (where no
/// test isolates singletons, so mirrors are on): six threads idle between requests that reach three listed
/// containers (three instances of one type) and a singleton through two; reloads and profile switches every few
/// milliseconds, which drop and dispose of the cached instances and replace the singleton; a fourth instance made
/// inside each request; a thread that resets
/// the third instance (a logout); one that pushes, registers and pops on the first; one that registers over a
/// value no profile names; one that asks for the wiring snapshot, as an admin route does. No request is handed an object after its deinit or its disposal, the code's wiring,
/// or two generations (a singleton of two included); no deinit runs inside a resolution. CI runs it longer under
/// AddressSanitizer and ThreadSanitizer (`PLUGBOARD_STRESS_SECONDS`).
@Suite struct EngineEdgeStressTests {
    @Test func requestsRacingReloadsSwitchesResetsAndPopsAreHandedGoodObjects() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let seconds = ProcessInfo.processInfo.environment["PLUGBOARD_STRESS_SECONDS"].flatMap(Double.init) ?? 2
            let directory = Fixtures.temporaryDirectory()
            func write(_ profile: String, generation: Int) {
                let text = """
                    plugboard: 1
                    containers:
                      EdgeLedger:
                        store: { use: tagged, with: { tag: g\(generation) } }
                      EdgeRates:
                        rate: { use: tagged, with: { tag: g\(generation) } }

                    """
                try! Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(profile).yaml"))
            }
            write("app", generation: 1)
            write("alt", generation: 1)
            var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .stop)
            options.arguments = []
            options.environment = [:]
            options.logger = Logger(label: "plugboard") { _ in SwiftLogNoOpLogHandler() }
            options.reload.builtSingletons = .replace
            let (first, second, third, rates) = (EdgeLedger(), EdgeLedger(), EdgeLedger(), EdgeRates())
            guard ProfileSystem.launch([first, second, third, rates], options: options).isApplied else { exit(1) }
            let desk = EdgeDesk(first, second, reset: third, rates)
            guard desk.handler().map(\.tag) == Array(repeating: "g1", count: 7) else { exit(2) }

            let stop = Locked(false)
            let requests = Locked(0)
            let group = DispatchGroup()
            func loop(_ body: @escaping @Sendable () -> Void) {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    while !stop.withLock({ $0 }) { body() }
                }
            }
            for _ in 0..<6 {
                loop {
                    usleep(UInt32.random(in: 0...2_000))
                    _ = desk.handler()
                    requests.withLock { $0 += 1 }
                }
            }
            loop {
                usleep(UInt32.random(in: 2_000...20_000))
                third.manager.reset()
            }
            loop {
                usleep(UInt32.random(in: 1_000...10_000))
                first.manager.push()
                first.note.register { "pushed note" }
                first.manager.pop()
            }
            loop {
                usleep(UInt32.random(in: 500...5_000))
                second.note.register { "note registered by the program" }
                second.note.reset()
            }
            // An operator asking what the program runs (an admin route): never a generation older than one seen.
            let snapshots = Locked((count: 0, newest: 0))
            loop {
                usleep(UInt32.random(in: 500...5_000))
                guard let wiring = ProfileSystem.wiring,
                    wiring.containers["EdgeRates"]?.factories["quote"]?.type == "EdgeTracked", !wiring.mermaid.isEmpty
                else { return desk.violations.withLock { $0.append("the wiring snapshot is missing a factory") } }
                let newest = snapshots.withLock { seen in
                    defer { seen = (seen.count + 1, max(seen.newest, wiring.generation)) }
                    return seen.newest
                }
                if wiring.generation < newest {
                    desk.violations.withLock {
                        $0.append("a snapshot of generation \(wiring.generation) after \(newest)")
                    }
                }
            }
            let deadline = Date().addingTimeInterval(seconds)
            var generation = 1
            var switches = 0
            while Date() < deadline && desk.violations.withLock({ $0.isEmpty }) {
                usleep(UInt32.random(in: 0...3_000))
                generation += 1
                write("app", generation: generation)
                write("alt", generation: generation)
                // The public API a program calls: a switch (a QA menu), and a reload on this thread.
                let outcome =
                    generation % 2 == 0
                    ? await ProfileSystem.switchProfiles(to: switches % 2 == 0 ? ["alt"] : ["app"])
                    : ProfileSystem.reloadNow()
                if generation % 2 == 0 { switches += 1 }
                guard outcome.isApplied else {
                    FileHandle.standardError.write(Data("a reload was refused: \(outcome)\n".utf8))
                    exit(3)
                }
            }
            stop.withLock { $0 = true }
            waitBlocking(for: group)
            let found = desk.violations.withLock { $0 }
            let inside = EdgeTracked.deinitsInsideResolutions.withLock { $0 }
            if !found.isEmpty || inside != 0 {
                let report = found.prefix(5).joined(separator: "\n")
                // Said on standard error, which the test shows: the process still ends as the run did.
                FileHandle.standardError.write(Data("\(report)\ndeinits inside resolutions: \(inside)\n".utf8))
            }
            guard generation > 10, requests.withLock({ $0 }) > 100 else { exit(5) }
            guard snapshots.withLock({ $0.count }) > 10 else { exit(6) }
        }
        let said = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(said.isEmpty, "\(said)")
    }
}
