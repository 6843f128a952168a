import Benchmark
import Foundation
import Scenarios

/// Wall time, instructions (where the machine exposes the counter) and mallocs per operation.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal, .throughput],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )
    for scenario in Scenarios.all {
        Benchmark(scenario.name) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(scenario.run(1))
            }
        }
    }
    let profileConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(4), maxIterations: 50)
    for file in ["p1mb.yaml", "p10mb.yaml", "p1mb.json", "p10mb.json"] {
        Benchmark("profile/parse-check \(file)", configuration: profileConfiguration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(ProfileScenarios.parseAndCheck(file)) }
        }
    }
    for file in ["p1mb.yaml", "p10mb.yaml"] {
        Benchmark("profile/libyaml-events \(file)", configuration: profileConfiguration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(ProfileScenarios.libyamlEvents(file)) }
        }
    }
    Benchmark("profile/validate-1000-files", configuration: profileConfiguration) { benchmark in
        _ = ProfileScenarios.thousandFiles
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(ProfileScenarios.validateThousand()) }
    }
    Benchmark("profile/apply-1000", configuration: profileConfiguration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ProfileScenarios.applyWide()) }
    }
}
