// swift-tools-version: 6.2
// A package that uses Plugboard as an application would: it depends on it (by path here; by URL in yours),
// uses every product, and has its own tests. CI builds it, runs it and validates its profiles, so that the
// README's dependency lines and recipes keep working from outside the Plugboard package.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: whatever the clone of Plugboard is called.
let plugboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "OrderService",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [
        // IsolatedFactoryClosures lets factories be defined with closures isolated to the main actor, as in
        // Factory 2.5; YAML lets its profiles be YAML (the build plugin bundles them as JSON).
        .package(path: "../..", traits: ["IsolatedFactoryClosures", "YAML"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Its profiles are in Sources/OrderService/Profiles: the build plugin checks them at every build (a
        // broken one fails it at its line) and bundles them as JSON, which every platform reads.
        .target(
            name: "OrderService",
            dependencies: [
                .product(name: "Plugboard", package: plugboard),
                .product(name: "PlugboardProfiles", package: plugboard),
            ],
            exclude: ["Profiles"],
            // A resource of its own: Xcode makes `Bundle.module` only for a target that declares one, not for
            // the plugin's alone (swiftlang/swift-package-manager#7120).
            resources: [.copy("About-this-bundle.txt")],
            plugins: [.plugin(name: "PlugboardProfilesPlugin", package: plugboard)]),
        .executableTarget(
            name: "order-service",
            dependencies: [
                "OrderService",
                .product(name: "PlugboardArgumentParser", package: plugboard),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "OrderServiceTests",
            dependencies: [
                "OrderService",
                .product(name: "PlugboardProfiles", package: plugboard),
                .product(name: "PlugboardTesting", package: plugboard),
                .product(name: "PlugboardProfilesTesting", package: plugboard),
            ]),
    ]
)
