import Foundation
import Testing

/// Launches the Xcode 26 app (in Swift 6 and Swift 5 modes) as a UI test does, with `--plugboard-profile`,
/// the first resolution on the main actor, in a detached task or on a thread: each gets the profile, or the
/// program stops saying why. Before `AutoRegistering` refused isolated conformances, a first resolution off the
/// main actor ran the code's wiring for the rest of the process (`store: iCloud`), exiting 0, saying nothing.
@Suite struct FirstResolutionTests {
    static let apps = ["NotesApp", "NotesAppSwift5"]
    static let places = ["main", "detached", "thread"]

    @Test(arguments: apps, places)
    func theArticlesAppGetsItsProfileWhereverItFirstResolves(app: String, place: String) throws {
        let run = try Program.run(app, ["article", place, "--plugboard-profile", "uitest"])
        #expect(run.status == 0, "\(run.errors)")
        let seeded = "store: 2 seeded, greeting: Notes (UI test)"
        #expect(run.output == "\(place): \(seeded)\nmain: \(seeded)\n", "\(run.errors)")
        #expect(run.errors.contains("applied profile uitest (--plugboard-profile) to Container from "))
    }

    @Test(arguments: apps, places)
    func withoutAProfileTheAppRunsTheCodesWiring(app: String, place: String) throws {
        let run = try Program.run(app, ["article", place])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "\(place): store: iCloud, greeting: Notes\nmain: store: iCloud, greeting: Notes\n")
    }

    /// A Factory 3 app: two profile-aware containers bootstrapped in `App.init()`'s place, a background refresh
    /// that first uses a container of Factory's kind (its `autoRegister()` registers a mock from a launch
    /// argument) and resolves a nonisolated service and a `ParameterFactory`, and a main-actor view model with
    /// `@Injected` and `@LazyInjected`.
    @Test(arguments: apps, places)
    func aFactory3AppGetsItsProfileAndItsAutoRegistration(app: String, place: String) throws {
        let run = try Program.run(app, ["app", place, "--plugboard-profile", "offline", "-mockAnalytics"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output == """
                \(place): mock analytics, offline sync to /tmp/notes, attachment 7 from cache
                main: Notes: 1 seeded, offline sync to /tmp/notes, mock analytics

                """, "\(run.errors)")
        #expect(run.errors.contains("applied profile offline (--plugboard-profile) to Container, ServiceContainer"))
    }

    /// Resolver's `registerAllServices()` runs before the first resolution wherever it is.
    @Test(arguments: apps, places)
    func resolverRegistersItsServicesWhereverItFirstResolves(app: String, place: String) throws {
        let run = try Program.run(app, ["resolver", place])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "\(place): markdown export\nmain: markdown export\n", "\(run.errors)")
    }

    @Test(arguments: apps)
    func aProfileThatDoesNotFitStopsTheAppWhereverItFirstResolves(app: String) throws {
        try expectStops(app, profile: "misspelt", saying: ["misspelt.json:5:25: error: unknown implementation 'seded'"])
    }

    /// An app's build has Plugboard's default traits, without `YAML`: it links no libyaml, and a YAML profile
    /// stops the launch by name, saying what to ship instead, wherever the first resolution is.
    @Test(arguments: apps)
    func aYAMLProfileStopsTheAppByNameInABuildWithoutTheYAMLTrait(app: String) throws {
        try expectStops(
            app, profile: "yaml-only",
            saying: [
                "yaml-only.yaml:1:1: error: this build reads JSON profiles only (Plugboard's YAML trait is off)",
                "as yaml-only.json, or depend on Plugboard with traits: [\"YAML\"]", "[PB115]",
            ])
    }

    /// Launches `app` with `profile`, the first resolution in each place: each run stops with status 78 before
    /// resolving anything, its standard error containing every line of `saying`.
    func expectStops(_ app: String, profile: String, saying lines: [String]) throws {
        for place in Self.places {
            let run = try Program.run(app, ["article", place, "--plugboard-profile", profile])
            #expect(run.status == 78, "\(place): \(run.output)")
            #expect(run.output.isEmpty, "\(place): resolved with the code's wiring: \(run.output)")
            for line in lines { #expect(run.errors.contains(line), "\(place): \(run.errors)") }
        }
    }

    /// `@preconcurrency import Plugboard` lets an isolated conformance compile, with a warning. The runtime
    /// never hands out such a conformance to a protocol that inherits `SendableMetatype`, so the container's
    /// first use stops the program, on the main actor as on a thread, naming the container, the actor and the
    /// fix, where it would otherwise resolve without its `autoRegister()`.
    @Test(arguments: ["main", "thread"])
    func anIsolatedConformanceStopsTheProgramAtItsFirstUse(place: String) throws {
        let run = try Program.run("IsolatedConformance", [place])
        #expect(run.status != 0)
        #expect(run.output.isEmpty, "resolved without autoRegister(): \(run.output)")
        #expect(
            run.errors.contains(
                "SettingsContainer's conformance to AutoRegistering is isolated to MainActor, so its "
                    + "autoRegister() cannot run here"),
            "\(run.errors)")
        #expect(run.errors.contains("drop `@preconcurrency` from `import Plugboard`"))
    }
}

/// One run of a program of this package, to its end.
struct Program {
    let status: Int32
    let output: String
    let errors: String

    /// The package's profiles, found as a deployment finds them.
    static let profiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Profiles").path

    static func run(_ name: String, _ arguments: [String]) throws -> Program {
        let process = Process()
        process.executableURL = binary(name)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PLUGBOARD") }
        environment["PLUGBOARD_PROFILE_PATH"] = profiles
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read standard error on a thread of its own, so that neither pipe fills while the other is read.
        let errorData = ErrorData()
        let reader = Thread { errorData.value = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.done { usleep(1_000) }
        return Program(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: errorData.value, as: UTF8.self))
    }

    /// The program beside this test bundle, in the package's build folder.
    static func binary(_ name: String) -> URL {
        let folders =
            Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map {
                $0.deletingLastPathComponent()
            } + [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        let candidates = folders.map { $0.appendingPathComponent(name) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }
}

/// Standard error's bytes, written by the reading thread and read once it is done.
final class ErrorData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false
    var value: Data {
        get { lock.withLock { data } }
        set { lock.withLock { (data, finished) = (newValue, true) } }
    }
    var done: Bool { lock.withLock { finished } }
}
