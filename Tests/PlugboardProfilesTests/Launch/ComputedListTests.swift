import Foundation
import Logging
import Plugboard
import PlugboardProfiles
import Testing

/// A region's container, one instance per region a program finds at run time: the list a launch is given is
/// computed, and so is the list of what each instance declares.
final class RegionContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    let manager = ContainerManager()

    var north: Factory<String> { self { "north from the code" } }
    var south: Factory<String> { self { "south from the code" } }

    /// The factories a loop declares: what a generated container with hundreds of them does.
    var declarations: [ProfileDeclaration] {
        [(north, "north"), (south, "south")].map { factory, name in
            factory.choices(["near": .make { "\(name) near" }, "far": .make { "\(name) far" }])
        }
    }

    func autoRegister() {
        applyProfile(declarations)
    }
}

/// A second container type in the same computed list.
final class TariffContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    let manager = ContainerManager()
    var rate: Factory<Int> { self { 1 } }

    func autoRegister() {
        applyProfile(rate.configurable())
    }
}

/// A program whose containers and declarations are lists it computes launches, reloads and reads its reload
/// counters through the public API: the array forms of `bootstrap`, `launch` and `applyProfile`, and
/// `ReloadStatus`'s and `ReloadOutcome`'s numbers. Each test is a process of its own: a launch is once per
/// process.
@Suite struct ComputedListTests {
    /// Writes `app.json` choosing `use` for both regions and `rate` for the tariff, in `directory`.
    static func write(_ use: String, rate: Int, in directory: String) {
        let text = """
            { "plugboard": 1, "containers": {
              "RegionContainer": { "north": { "use": "\(use)" }, "south": { "use": "\(use)" } },
              "TariffContainer": { "rate": { "value": \(rate) } } } }
            """
        try! Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/app.json"))
    }

    static func options(_ directory: String) -> ProfileOptions {
        var options = ProfileOptions(profiles: ["app"], directories: [directory])
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in SwiftLogNoOpLogHandler() }
        return options
    }

    @Test func aComputedListOfContainersBootstrapsReloadsAndCountsItsReloads() async {
        await #expect(processExitsWith: .success) {
            let directory = NSTemporaryDirectory() + "computed-\(UUID().uuidString)"
            try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            Self.write("near", rate: 3, in: directory)
            let regions = ["eu", "us"].map { _ in RegionContainer() }
            let tariff = TariffContainer()
            let containers: [any ManagedContainer] = regions + [tariff]
            ProfileSystem.bootstrap(containers, options: Self.options(directory))
            guard regions.map({ $0.north() }) == ["north near", "north near"], tariff.rate() == 3 else { exit(1) }
            let launched = ProfileSystem.current!
            guard launched.isApplied, launched.containers == ["RegionContainer", "TariffContainer"],
                launched.profiledFactories == [
                    "RegionContainer.north", "RegionContainer.south", "TariffContainer.rate",
                ]
            else { exit(2) }

            Self.write("far", rate: 3, in: directory)
            let applied = await ProfileSystem.reload()
            guard applied.generation == 2, regions[1].south() == "south far", tariff.rate() == 3 else { exit(3) }
            guard
                applied
                    == .applied(generation: 2, changedFactories: ["RegionContainer.north", "RegionContainer.south"])
            else { exit(4) }
            try! Data("{ \"plugboard\": 1, \"containers\": { \"Nowhere\": {} } }".utf8)
                .write(to: URL(fileURLWithPath: directory + "/app.json"))
            let refused = await ProfileSystem.reload()
            guard case .refused = refused, refused.generation == 2, regions[0].north() == "north far" else { exit(5) }
            let status = ProfileSystem.reloadStatus!
            guard status.generation == 2, status.attempts == 2, status.applied == 1, status.refused == 1,
                status.isDegraded
            else {
                FileHandle.standardError.write(Data("\(status)\n".utf8))
                exit(6)
            }
            guard ProfileSystem.current != launched, ProfileSystem.current?.number == 2 else { exit(7) }
        }
    }

    @Test func theVariadicLaunchIsTheArrayOnes() async {
        await #expect(processExitsWith: .success) {
            let directory = NSTemporaryDirectory() + "computed-\(UUID().uuidString)"
            try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            Self.write("far", rate: 7, in: directory)
            let (region, tariff) = (RegionContainer(), TariffContainer())
            let launch = ProfileSystem.launch(region, tariff, options: Self.options(directory))
            guard launch.outcome == .applied, launch == ProfileSystem.current else { exit(1) }
            guard region.north() == "north far", region.south() == "south far", tariff.rate() == 7 else { exit(2) }
        }
    }

    /// A container outside any launch declares its computed list and applies the files itself.
    @Test func aComputedListOfDeclarationsAppliesWithoutALaunch() throws {
        let directory = NSTemporaryDirectory() + "computed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = #"{ "plugboard": 1, "containers": { "RegionContainer": { "north": { "use": "far" } } } }"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/app.json"))
        let region = RegionContainer()
        var options = Self.options(directory)
        options.failurePolicy = .keepDefaults
        let applied = region.applyProfile(region.declarations, options: options)
        #expect(applied.isApplied)
        #expect(region.north() == "north far")
        #expect(region.south() == "south from the code")
    }
}
