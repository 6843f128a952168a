// swift-tools-version: 6.1
// Fuzz targets for what reads untrusted files: the YAML path, the JSON path, the check against a catalog, and
// the two formats against each other.
// A package of its own (built with libFuzzer and AddressSanitizer, which the main package's builds must not
// be). `.ci/fuzz SECONDS` builds it and runs each target for that long, seeded from the example's profiles
// and the test fixtures; an input that crashes, hangs or runs out of memory is saved for `Regressions/`.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: whatever the clone of Plugboard is called.
let plugboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "PlugboardFuzz",
    // YAML: the YAML reader is one of the readers fuzzed.
    dependencies: [.package(path: "../..", traits: ["YAML"])],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "PlugboardProfileFormat", package: plugboard)]),
        .executableTarget(name: "FuzzYAML", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCheck", dependencies: ["FuzzSupport"]),
        // The same document as JSON and as YAML must give the same findings at the same positions.
        .executableTarget(name: "FuzzFormats", dependencies: ["FuzzSupport"]),
    ]
)
