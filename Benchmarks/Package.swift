// swift-tools-version: 6.1
// Plugboard's benchmarks: a package of their own, so that `swift test` and CI never build them.
//   swift package benchmark                  wall time and mallocs (ordo-one/benchmark)
//   ./run.sh                                 everything, written to RESULTS.md (callgrind instruction counts too)
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: whatever the clone of Plugboard is called, its products
/// are found under that name.
let plugboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "PlugboardBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "..", traits: ["YAML"]),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // libyaml's own events, the floor of the YAML rows (a module name of its own: `CYAML` is Plugboard's).
        .systemLibrary(name: "CLibYAML", path: "Sources/CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "Scenarios", dependencies: [
            .product(name: "Plugboard", package: plugboard),
            .product(name: "PlugboardProfiles", package: plugboard),
            .product(name: "PlugboardProfileFormat", package: plugboard),
            "Swinject", "CLibYAML", .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Scenarios"),
        .executableTarget(
            name: "PlugboardBenchmarks",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), "Scenarios"],
            path: "Benchmarks/PlugboardBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One scenario per run, for `valgrind --tool=callgrind` instruction counts (exact on a shared machine).
        .executableTarget(name: "CallgrindProbe", dependencies: ["Scenarios", .product(name: "PlugboardProfiles", package: plugboard), .product(name: "PlugboardProfileFormat", package: plugboard)], path: "Sources/CallgrindProbe"),
    ]
)
