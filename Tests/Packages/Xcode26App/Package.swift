// swift-tools-version: 6.2
// An app as a new Xcode 26 project compiles it, SwiftUI aside: default actor isolation `MainActor` and
// approachable concurrency, in Swift 6 mode (`NotesApp`) and, from the same files, in Swift 5 mode
// (`NotesAppSwift5`). It holds the iOS article's wiring word for word and a Factory 3 app's; its tests launch
// both programs (and a Resolver app's registrations) with the first resolution on the main actor, in a detached task and on a thread of its own.
// CI builds it and runs its tests.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: whatever the clone of Plugboard is called.
let plugboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// Xcode 26's new-project settings. Swift 6 mode has the other approachable-concurrency features already.
let xcode26: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]
/// The same in Swift 5 mode, where the rest are upcoming features too.
let xcode26Swift5: [SwiftSetting] =
    xcode26 + [
        .swiftLanguageMode(.v5),
        .enableUpcomingFeature("InferSendableFromCaptures"),
        .enableUpcomingFeature("GlobalActorIsolatedTypesUsability"),
        .enableUpcomingFeature("DisableOutwardActorInference"),
    ]

let app: [Target.Dependency] = [
    .product(name: "Plugboard", package: plugboard), .product(name: "PlugboardProfiles", package: plugboard),
    .product(name: "PlugboardResolver", package: plugboard),
]

let package = Package(
    name: "Xcode26App",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(path: "../../..")],
    targets: [
        .executableTarget(name: "NotesApp", dependencies: app, swiftSettings: xcode26),
        // The same files (symbolic links to NotesApp's), in Swift 5 mode.
        .executableTarget(name: "NotesAppSwift5", dependencies: app, swiftSettings: xcode26Swift5),
        // A container whose conformance to AutoRegistering is isolated to the main actor, which only
        // `@preconcurrency import Plugboard` lets compile, with a warning: this target exists to have it, so its
        // warnings are not shown. Its first use off the main actor must stop the program.
        .executableTarget(
            name: "IsolatedConformance", dependencies: [.product(name: "Plugboard", package: plugboard)],
            swiftSettings: xcode26 + [.unsafeFlags(["-suppress-warnings"])]),
        .testTarget(
            name: "Xcode26AppTests", dependencies: ["NotesApp", "NotesAppSwift5", "IsolatedConformance"]),
    ],
    swiftLanguageModes: [.v6]
)
