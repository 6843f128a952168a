// swift-tools-version: 6.2
// Plugboard is released under the MIT licence (LICENSE), as Factory and Resolver are.
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// The platforms where libyaml is, and so where the `YAML` trait reads YAML profiles: JSON profiles are read
/// everywhere. iOS, tvOS, watchOS and visionOS have no libyaml, so there the profile format builds without
/// `CYAML` whatever the trait says (the build plugin, which runs on the Mac, converts YAML to JSON for them).
let yamlPlatforms: [Platform] = [.linux, .macOS]
/// `CYAML`, where libyaml is and the package that depends on Plugboard asked for YAML.
let yamlDependency: [Target.Dependency] = [
    .target(name: "CYAML", condition: .when(platforms: yamlPlatforms, traits: ["YAML"]))
]
/// `#if PLUGBOARD_YAML`: the one compilation condition for code that reads YAML, set where `CYAML` is linked.
let yamlCondition: [SwiftSetting] = [.define("PLUGBOARD_YAML", .when(platforms: yamlPlatforms, traits: ["YAML"]))]

let package = Package(
    name: "Plugboard",
    // Factory's own floor, so that any package that can depend on Factory can depend on Plugboard. The
    // engine's atomics are its own (`CPlugboardThread`) and its concurrency features back-deploy to these.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "Plugboard", targets: ["Plugboard"]),
        // The same, as a dynamic library: for an app whose frameworks all use Plugboard, so that the process
        // loads one engine (two static copies each have their own containers; Plugboard warns when it sees two).
        .library(name: "PlugboardDynamic", type: .dynamic, targets: ["Plugboard"]),
        // Resolver's API (`Resolver`, its `Resolving` and property wrappers) on the same engine, for code
        // written for Resolver.
        .library(name: "PlugboardResolver", targets: ["PlugboardResolver"]),
        .library(name: "PlugboardTesting", targets: ["PlugboardTesting"]),
        .library(name: "PlugboardProfiles", targets: ["PlugboardProfiles"]),
        // The profile format alone (parse, read, merge, check, catalogs), without the DI engine: for tools.
        .library(name: "PlugboardProfileFormat", targets: ["PlugboardProfileFormat"]),
        .library(name: "PlugboardProfilesTesting", targets: ["PlugboardProfilesTesting"]),
        // Plugboard's launch options as an @OptionGroup, for programs built on swift-argument-parser.
        .library(name: "PlugboardArgumentParser", targets: ["PlugboardArgumentParser"]),
        // Profile settings and `config:` secrets from a swift-configuration ConfigReader.
        .library(name: "PlugboardConfiguration", targets: ["PlugboardConfiguration"]),
        // Profile reloads as a swift-service-lifecycle Service, with swift-metrics metrics.
        .library(name: "PlugboardReloadService", targets: ["PlugboardReloadService"]),
        .executable(name: "plugboard-example", targets: ["plugboard-example"]),
        .executable(name: "plugboard", targets: ["PlugboardCLI"]),
        // `swift package plugboard-validate --product APP`: build, export the catalog, validate the profiles.
        .plugin(name: "PlugboardValidatePlugin", targets: ["PlugboardValidatePlugin"]),
        // At every build of a target with a `Profiles` folder: check its profiles and bundle them as JSON.
        .plugin(name: "PlugboardProfilesPlugin", targets: ["PlugboardProfilesPlugin"]),
    ],
    // Neither is on by default, as swift-configuration's YAML is not: a package that depends on Plugboard
    // builds on a Mac without libyaml unless it asks for YAML.
    traits: [
        .trait(
            name: "YAML",
            description: """
                YAML profiles, read by libyaml on Linux (apt-get install libyaml-dev) and macOS (brew install \
                libyaml). Without it every profile is JSON, and a .yaml profile is refused with PB115.
                """
        ),
        .trait(
            name: "IsolatedFactoryClosures",
            description: """
                Factory closures are @isolated(any), as in Factory 2.5, so that `self { @MainActor in ... }` \
                compiles; every getter then allocates its closure's context.
                """
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // `swift package generate-documentation`: the DocC catalogs in Sources/*/*.docc (CI builds them).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The resolution path's thread-local (Swift has no thread-local storage of its own).
        .target(name: "CPlugboardThread"),
        .target(name: "Plugboard", dependencies: ["CPlugboardThread"], swiftSettings: strict),
        .target(name: "PlugboardResolver", dependencies: ["Plugboard"], swiftSettings: strict),
        .target(name: "PlugboardTesting", dependencies: ["Plugboard"], swiftSettings: strict),
        // libyaml from the system: Debian's libyaml-dev, Homebrew's libyaml (the only YAML parser; no YAML
        // package). Only the platforms in `yamlPlatforms` depend on it, and only with the `YAML` trait.
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // The profile format: files -> parsing -> reading -> merging -> checking, with diagnostics and the
        // catalog. It knows nothing of the engine; the validator links only this.
        .target(
            name: "PlugboardProfileFormat", dependencies: yamlDependency, swiftSettings: strict + yamlCondition),
        // Applying profiles: the declarations a program makes and the program-level launch, on the engine.
        .target(
            name: "PlugboardProfiles",
            dependencies: ["Plugboard", "PlugboardProfileFormat", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .target(
            name: "PlugboardProfilesTesting",
            dependencies: ["Plugboard", "PlugboardProfiles", "PlugboardTesting"],
            swiftSettings: strict
        ),
        .target(
            name: "PlugboardArgumentParser",
            dependencies: ["PlugboardProfiles", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        .target(
            name: "PlugboardConfiguration",
            dependencies: ["PlugboardProfiles", .product(name: "Configuration", package: "swift-configuration")],
            swiftSettings: strict
        ),
        .target(
            name: "PlugboardReloadService",
            dependencies: [
                "PlugboardProfiles",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        // The `plugboard` validator (its module is not named `plugboard`: that would clash with
        // `Plugboard` on case-insensitive file systems).
        .executableTarget(
            name: "PlugboardCLI",
            dependencies: [
                "PlugboardProfileFormat", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .plugin(
            name: "PlugboardValidatePlugin",
            capability: .command(
                intent: .custom(
                    verb: "plugboard-validate",
                    description: "Build the program, export its catalog and validate its profiles"),
                permissions: []),
            dependencies: ["PlugboardCLI"],
            path: "Sources/PlugboardValidatePlugin"
        ),
        .plugin(
            name: "PlugboardProfilesPlugin",
            capability: .buildTool(),
            dependencies: ["PlugboardCLI"],
            path: "Sources/PlugboardProfilesPlugin"
        ),
        // The example program: a notes tool whose wiring comes from the profiles in Examples/Notes/Profiles.
        .executableTarget(
            name: "plugboard-example",
            dependencies: ["Plugboard", "PlugboardProfiles"],
            path: "Examples/Notes",
            exclude: ["Profiles"],
            swiftSettings: strict
        ),
        // A command-line program on swift-argument-parser whose wiring comes from Examples/Greeter/Profiles.
        .executableTarget(
            name: "plugboard-greeter-example",
            dependencies: [
                "Plugboard", "PlugboardProfiles", "PlugboardArgumentParser",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/Greeter",
            exclude: ["Profiles"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlugboardTests", dependencies: ["Plugboard", "PlugboardTesting", "plugboard-singleton-checks"]),
        // Singleton scenarios that need a process where no test isolates singletons; PlugboardTests runs them.
        .executableTarget(
            name: "plugboard-singleton-checks",
            dependencies: ["Plugboard"],
            path: "Tests/SingletonMirrorChecks",
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlugboardProfilesTests",
            dependencies: [
                "PlugboardProfiles", "PlugboardProfileFormat", "PlugboardProfilesTesting", "PlugboardTesting",
                "Plugboard", "PlugboardReloadService", "PlugboardConfiguration",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
            ],
            exclude: ["Fixtures"],
            // JSON profiles shipped as a package target ships them, found through `Bundle.module`.
            resources: [.copy("Profiles")],
            swiftSettings: yamlCondition
        ),
        // A program with two copies of the engine (its own and PlugboardDynamic's), which PlugboardCLITests runs.
        .executableTarget(
            name: "plugboard-engine-copies",
            dependencies: ["Plugboard"],
            path: "Tests/EngineCopies",
            swiftSettings: strict
        ),
        // A two-container program whose launches PlugboardCLITests runs as subprocesses.
        .executableTarget(
            name: "plugboard-launch-checks",
            dependencies: [
                "Plugboard", "PlugboardProfiles", "PlugboardConfiguration", "PlugboardReloadService",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/LaunchChecks",
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlugboardCLITests",
            dependencies: [
                "PlugboardProfiles", "PlugboardProfileFormat", "PlugboardCLI", "plugboard-example",
                "plugboard-launch-checks", "plugboard-greeter-example", "plugboard-engine-copies",
            ],
            exclude: ["Fixtures"],
            swiftSettings: yamlCondition
        ),
        // Factory 3's users' code, in Swift 6 mode: main-actor factories without annotations, `Container.shared { }`.
        .testTarget(name: "Factory3StyleTests", dependencies: ["Plugboard", "PlugboardTesting"]),
        // Deprecated spellings, called as programs written against them call them, until they are removed: the
        // deprecation warnings are this target's point, so they are not shown.
        .testTarget(
            name: "DeprecatedAPITests",
            dependencies: ["Plugboard", "PlugboardResolver", "PlugboardProfiles", "PlugboardProfileFormat"],
            swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
        ),
        // Resolver's users' code: a target that imports only PlugboardResolver (Swift 5 mode, as Resolver 1.5's).
        .testTarget(
            name: "ResolverStyleTests",
            dependencies: ["PlugboardResolver"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The seeds' samples, compiled as written there (Swift 5 mode: `static var shared = ...`).
        .testTarget(
            name: "SeedSampleTests",
            dependencies: ["Plugboard", "PlugboardTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// CI's sanitizer builds compile only the test targets whose suites they run, named in
// `PLUGBOARD_TEST_TARGETS` (`PlugboardTests,PlugboardProfilesTests`): a sanitized build of every target costs
// minutes of a two-core machine. Unset, as in every user's build, every test target is there.
if let names = Context.environment["PLUGBOARD_TEST_TARGETS"] {
    let kept = Set(names.split(separator: ",").map(String.init))
    package.targets.removeAll { $0.type == .test && !kept.contains($0.name) }
}
