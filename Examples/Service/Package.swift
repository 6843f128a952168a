// swift-tools-version: 6.1
// A to-do service on Hummingbird 2, wired per environment by Plugboard profiles: its store (memory, SQLite or
// PostgreSQL) and its rate limiter are chosen by `Profiles/`, and edits to the limiter apply while it runs.
// A package of its own, so that Plugboard's `swift test` does not build Hummingbird or the database drivers.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: whatever the clone of Plugboard is called.
let plugboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "TodoService",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "todo-service", targets: ["todo-service"])
    ],
    dependencies: [
        // YAML: the service's profiles are YAML, read at launch and on every reload.
        .package(path: "../..", traits: ["YAML"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The service: its containers, stores, limiter and routes.
        .target(
            name: "TodoService",
            dependencies: [
                .product(name: "Plugboard", package: plugboard),
                .product(name: "PlugboardProfiles", package: plugboard),
                .product(name: "PlugboardReloadService", package: plugboard),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
        // The program: the launch options, the profile launch, and the service group.
        .executableTarget(
            name: "todo-service",
            dependencies: [
                "TodoService",
                .product(name: "PlugboardArgumentParser", package: plugboard),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The stores and the routes over HTTP (HummingbirdTesting), each test with fresh containers.
        .testTarget(
            name: "TodoServiceTests",
            dependencies: [
                "TodoService",
                .product(name: "PlugboardProfilesTesting", package: plugboard),
                .product(name: "PlugboardReloadService", package: plugboard),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
