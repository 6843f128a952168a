// Runs one scenario N times, for `valgrind --tool=callgrind`: run.sh measures N and 2N and takes the
// difference, so start-up and set-up cancel out and the instructions per operation remain.
//   CallgrindProbe unique/plugboard-instance 1000
import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
@_spi(Tools) import Scenarios

let arguments = CommandLine.arguments

/// `--time`: nanoseconds per operation of every scenario, each run for about a quarter second.
if arguments.count == 2, arguments[1] == "--time" {
    for scenario in Scenarios.all {
        _ = scenario.run(1_000)
        var count = 1_000
        var seconds = 0.0
        while seconds < 0.25 {
            count *= 2
            let start = DispatchTime.now().uptimeNanoseconds
            _ = scenario.run(count)
            seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        print("\(scenario.name) \(seconds / Double(count) * 1e9)")
    }
    exit(0)
}

/// `--threads [ROUNDS] [THREADS]`: operations per second on one thread and on THREADS (two by default), ROUNDS
/// times (five by default), the scenarios interleaved in each round. Prints per scenario the thread count, the
/// medians of one thread's and of the threads' rates, the median, least and greatest scaling, and the most
/// other load the machine had during any of its runs (cores; -1 where the platform does not say).
if arguments.count >= 2, arguments[1] == "--threads" {
    let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
    let threads = arguments.count > 3 ? Int(arguments[3]) ?? 2 : 2
    let only = ProcessInfo.processInfo.environment["PLUGBOARD_BENCH_ONLY"] ?? ""
    let scenarios = ThreadScenarios.all.filter { only.isEmpty || $0.name.contains(only) }
    var runs: [String: [ThreadScenarios.Run]] = [:]
    for _ in 0..<rounds {
        for scenario in scenarios {
            runs[scenario.name, default: []].append(ThreadScenarios.run(scenario, threads: threads, seconds: 0.15))
        }
    }
    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    for scenario in scenarios {
        let all = runs[scenario.name]!
        let ratios = all.map { $0.many / $0.one }
        let load = all.compactMap(\.otherLoad).max() ?? -1
        print(
            scenario.name, threads, median(all.map(\.one)), median(all.map(\.many)), median(ratios),
            ratios.min()!, ratios.max()!, load)
    }
    exit(0)
}

/// `--profiles`: megabytes per second for parse and check, the libyaml floor, and applying 1,000 entries. Each
/// is the best of ten runs after a warm-up: on this shared machine a stretch of other work slows a run by a
/// third or more, and with five runs of a 10 MB file (a second in all) one such stretch could cover them all.
if arguments.count == 2, arguments[1] == "--profiles" {
    func timed(_ body: () -> Int) -> Double {
        _ = body()
        var best = Double.infinity
        for _ in 0..<10 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }
    func timedAsync(_ body: () async -> Int) async -> Double {
        _ = await body()
        var best = Double.infinity
        for _ in 0..<10 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = await body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }
    for file in ["p1mb.yaml", "p10mb.yaml", "p1mb.json", "p10mb.json"] {
        let megabytes = Double(ProfileScenarios.size(file)) / 1e6
        print("parse-check \(file) \(megabytes / timed { ProfileScenarios.parseAndCheck(file) })")
        if file.hasSuffix(".yaml") {
            print("libyaml-events \(file) \(megabytes / timed { ProfileScenarios.libyamlEvents(file) })")
        }
    }
    print("apply-1000 \(timed { ProfileScenarios.applyWide() } * 1000)")
    _ = ReloadScenarios.launch()
    print("reload-1000-settings-6-files \(await timedAsync { await ReloadScenarios.reloadAll() } * 1000)")
    _ = ProfileScenarios.thousandFiles
    print("validate-1000-files \(timed { ProfileScenarios.validateThousand() } * 1000)")
    // Linear, not quadratic: 10x and 100x the findings of one file, and the files of one extends line.
    for count in [1_000, 10_000, 100_000] {
        _ = ProfileScenarios.findingsFile(count)
        print("validate-findings-\(count) \(timed { ProfileScenarios.validateFindings(count) } * 1000)")
    }
    for count in [100, 1_000, 10_000] {
        let files = ProfileScenarios.chainFolder(count)
        print("validate-chain-\(count)-files \(timed { ProfileScenarios.validateChain(files) } * 1000)")
    }
    exit(0)
}

/// `--phases FILE`: milliseconds and page faults for each phase of loading and checking a generated profile
/// (reading the file, parsing it alone, loading it into a document, merging, checking, freeing it all), four
/// times, to see which phase grows faster than the file (at 10 MB, the ones whose arrays the allocator maps
/// afresh every time: each new page costs a fault, about 2 microseconds on this machine).
if arguments.count == 3, arguments[1] == "--phases" {
    _ = ProfileScenarios.catalog
    let file = arguments[2]
    let path = "\(ProfileScenarios.directory)/\(file)"
    func minorFaults() -> Int { MachineLoad.processUsage().ru_minflt }
    for _ in 0..<4 {
        var start = DispatchTime.now().uptimeNanoseconds
        var faults = minorFaults()
        func lap(_ phase: String) {
            let now = DispatchTime.now().uptimeNanoseconds
            let faultsNow = minorFaults()
            print("\(phase) \(Double(now - start) / 1e6) ms \(faultsNow - faults)", terminator: "  ")
            start = now
            faults = faultsNow
        }
        do {
            let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
            lap("read")
            do {
                // Parsed alone, and freed before the load below (which parses again), as a launch would.
                let parsed =
                    file.hasSuffix(".json") ? JSONParser.parse(bytes, file: path) : YAMLParser.parse(bytes, file: path)
                guard case .success = parsed else {
                    print("\(file) has errors: \(parsed)")
                    exit(1)
                }
            }
            lap("parse")
            let (document, found) = ProfileLibrary.load(file: path)
            lap("read+parse+document")
            guard let document else {
                print("\(file) has errors: \(found)")
                exit(1)
            }
            let merged = MergedProfile(names: [document.name], documents: [document])
            lap("merge")
            _ = Validation.check(merged, catalog: ProfileScenarios.catalog)
            lap("check")
        }
        lap("free")
        print()
    }
    exit(0)
}

/// `--reload-time yaml|json`: milliseconds per reload of the reload row's shape written in YAML or JSON, best of
/// ten after a warm-up, in a process of its own (a process launches its profiles once, and `--profiles` runs
/// its other rows first).
if arguments.count == 3, arguments[1] == "--reload-time" {
    ReloadScenarios.json = arguments[2] == "json"
    _ = ReloadScenarios.launch()
    _ = await ReloadScenarios.reloadAll()
    var best = Double.infinity
    for _ in 0..<10 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = await ReloadScenarios.reloadAll()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    print("reload-1000-settings-6-files-\(arguments[2]) \(best)")
    exit(0)
}

/// `--launch-shape` (`--launch-shape-json`): the launch of two containers of 500 settings entries each over a six-file chain
/// (profile with `valgrind --tool=callgrind --toggle-collect='*ReloadScenarios*launch*'`).
if arguments.count == 2, arguments[1] == "--launch-shape" || arguments[1] == "--launch-shape-json" {
    ReloadScenarios.json = arguments[1].hasSuffix("-json")
    _ = ReloadScenarios.directory
    print(ReloadScenarios.launch())
    exit(0)
}

/// `--parse FILE`: one parse and check of a generated profile, after making the files and the catalog
/// (profile with `valgrind --tool=callgrind --toggle-collect='*parseAndCheck*'`).
if arguments.count == 3, arguments[1] == "--parse" {
    _ = ProfileScenarios.directory
    _ = ProfileScenarios.catalog
    print(ProfileScenarios.parseAndCheck(arguments[2]))
    exit(0)
}

guard arguments.count == 3, let count = Int(arguments[2]) else {
    print("usage: CallgrindProbe SCENARIO COUNT\nscenarios: " + Scenarios.all.map(\.name).joined(separator: " "))
    exit(2)
}
if arguments[1] == "profile/reload-1000" || arguments[1] == "profile/reload-1000-json" {
    // Each operation rewrites the active file and reloads 1,000 entries of two containers; the launch is set-up.
    ReloadScenarios.json = arguments[1].hasSuffix("-json")
    _ = ReloadScenarios.launch()
    var sum = 0
    for _ in 0..<count { sum &+= await ReloadScenarios.reloadAll() }
    print(sum)
    exit(0)
}
if arguments[1] == "profile/reload-1000-all" || arguments[1] == "profile/reload-1000-all-json" {
    // Each operation rewrites all six files and reloads: the reload that reads what a launch reads.
    ReloadScenarios.json = arguments[1].hasSuffix("-json")
    _ = ReloadScenarios.launch()
    var sum = 0
    for _ in 0..<count { sum &+= ReloadScenarios.reloadEverything() }
    print(sum)
    exit(0)
}
if arguments[1] == "profile/wiring-1000" {
    // Each operation takes the running wiring of the launch shape (1,000 factories, JSON), as an admin route
    // does at each request; the launch is set-up.
    ReloadScenarios.json = true
    _ = ReloadScenarios.launch()
    var sum = 0
    for _ in 0..<count { sum &+= ProfileSystem.wiring?.containers.count ?? 0 }
    print(sum)
    exit(0)
}
if arguments[1] == "profile/apply-1000" {
    _ = ProfileScenarios.directory
    var sum = 0
    for _ in 0..<count { sum &+= ProfileScenarios.applyWide() }
    print(sum)
    exit(0)
}
guard let scenario = Scenarios.all.first(where: { $0.name == arguments[1] }) else {
    print("unknown scenario \(arguments[1])")
    exit(2)
}
_ = scenario.run(1)  // set-up outside the measured difference
print(scenario.run(count))
