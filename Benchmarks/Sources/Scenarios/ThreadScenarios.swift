import Foundation
import Plugboard
import Swinject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The multi-core table: each scenario on one thread and on several, in rounds that interleave the scenarios,
/// so that a stretch of other work on the machine spreads over every row instead of spoiling one; each row
/// quotes its median, with the machine's other load measured beside each run.
public enum ThreadScenarios {
    /// The table's rows. Through `Container.shared` (as a server's handlers resolve), beside the floors of the
    /// same work without a container and a container of each thread's own.
    public static let all: [Scenario] = {
        _ = Scenarios.all
        return [
            // Floors: nothing shared is written.
            Scenario(name: "unique/direct-closure") { n in Scenarios.loop(n) { Scenarios.direct() } },
            Scenario(name: "unique/plugboard-own-container") { n in
                let container = Plugboard.Container()
                return Scenarios.loop(n) { container.benchSmall() }
            },
            // The same object handed out by every thread: as compiled (the optimizer borrows a global and writes
            // no reference count), and owned, as a resolver hands out a kept instance (both threads write its
            // count: the floor of every hit).
            Scenario(name: "hit/static-let") { n in Scenarios.loop(n) { Scenarios.staticLet } },
            Scenario(name: "hit/static-let-owned") { n in Scenarios.loop(n) { Scenarios.owned(Scenarios.staticLet) } },
            // Through `Container.shared`.
            Scenario(name: "unique/plugboard-shared") { n in Scenarios.loop(n) { Container.shared.benchSmall() } },
            Scenario(name: "hit/plugboard-shared-cached") { n in Scenarios.loop(n) { Container.shared.benchCached() } },
            Scenario(name: "hit/plugboard-shared-singleton") { n in
                Scenarios.loop(n) { Container.shared.benchSingleton() }
            },
            Scenario(name: "hit/plugboard-shared-kept-cached") { n in
                let factory = Container.shared.benchCached
                return Scenarios.loop(n) { factory() }
            },
            Scenario(name: "hit/plugboard-shared-kept-singleton") { n in
                let factory = Container.shared.benchSingleton
                return Scenarios.loop(n) { factory() }
            },
            Scenario(name: "graph10/plugboard-shared") { n in Scenarios.loop(n) { Container.shared.benchRoot() } },
            Scenario(name: "parameter/plugboard-shared") { n in
                Scenarios.loop(n) { Container.shared.benchParameter(7) }
            },
            // A container a `static let` holds, as made and made permanent.
            Scenario(name: "unique/plugboard-static-let") { n in Scenarios.loop(n) { Scenarios.instance.benchSmall() } },
            Scenario(name: "unique/plugboard-static-let-permanent") { n in
                Scenarios.loop(n) { permanent.benchSmall() }
            },
            Scenario(name: "unique/swinject-synchronized") { n in
                Scenarios.loop(n) { Scenarios.swinjectSafe.resolve(Small.self)! }
            },
        ]
    }()

    /// A container made permanent as it is made, as an app's own shared container would be.
    static let permanent = Plugboard.Container().makePermanent()

    /// One run of a scenario: operations per second on one thread and on `threads`, and the other load on the
    /// machine meanwhile, in cores (other processes, and time the hypervisor took: steal).
    public struct Run: Sendable {
        public let one: Double
        public let many: Double
        public let otherLoad: Double?
    }

    /// Runs `scenario` once on one thread and once on `threads`, each for about `seconds`.
    public static func run(_ scenario: Scenario, threads: Int, seconds: Double) -> Run {
        // Calibrate: operations that take about `seconds` on one thread.
        var count = 1_000
        while true {
            let took = timeOnThreads(scenario, threads: 1, count: count).seconds
            if took >= seconds / 4 {
                count = Int(Double(count) * seconds / took)
                break
            }
            count *= 4
        }
        let one = timeOnThreads(scenario, threads: 1, count: count)
        let many = timeOnThreads(scenario, threads: threads, count: count)
        let loads = [one.otherLoad, many.otherLoad].compactMap { $0 }
        return Run(
            one: Double(count) / one.seconds, many: Double(threads * count) / many.seconds,
            otherLoad: loads.isEmpty ? nil : loads.max())
    }

    /// Runs `scenario` on `threads` threads, `count` operations each; returns the seconds it took and the
    /// machine's other load meanwhile.
    static func timeOnThreads(_ scenario: Scenario, threads: Int, count: Int) -> (seconds: Double, otherLoad: Double?) {
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
        let before = MachineLoad.now()
        let began = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<threads { start.signal() }
        done.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        return (seconds, MachineLoad.now().flatMap { after in before.map { after.otherCores(since: $0, over: seconds) } })
    }
}

/// The machine's busy time and this process's CPU time, to tell how much of the machine other work took.
public struct MachineLoad {
    /// Seconds every core spent busy (steal included), from `/proc/stat`.
    let busy: Double
    /// Seconds this process ran.
    let own: Double

    /// Now; nil where `/proc/stat` is missing (macOS).
    static func now() -> MachineLoad? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        // user nice system idle iowait irq softirq steal ...
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 8 else { return nil }
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        let busy = (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]) / hertz
        let usage = processUsage()
        let own =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        return MachineLoad(busy: busy, own: own)
    }

    /// This process's resource usage so far (CPU time, page faults).
    public static func processUsage() -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }

    /// The cores other work kept busy between `earlier` and this, over `seconds` of wall time.
    func otherCores(since earlier: MachineLoad, over seconds: Double) -> Double {
        max(0, (busy - earlier.busy) - (own - earlier.own)) / seconds
    }
}
