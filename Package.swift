// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Plugboard",
    // `Synchronization` (atomics for the lock-free read path) needs these releases on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Plugboard", targets: ["Plugboard"]),
        .library(name: "PlugboardTesting", targets: ["PlugboardTesting"]),
    ],
    targets: [
        .target(name: "Plugboard", swiftSettings: strict),
        .target(name: "PlugboardTesting", dependencies: ["Plugboard"], swiftSettings: strict),
        .testTarget(name: "PlugboardTests", dependencies: ["Plugboard", "PlugboardTesting"]),
        // The seeds' samples, compiled as written there (Swift 5 mode: `static var shared = ...`).
        .testTarget(
            name: "SeedSampleTests",
            dependencies: ["Plugboard", "PlugboardTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
