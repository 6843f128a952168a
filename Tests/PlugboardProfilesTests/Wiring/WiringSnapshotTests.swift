import Foundation
import Logging
import Plugboard
import Testing

@_spi(Tools) @testable import PlugboardProfiles

/// A container whose cached report is built from the other container's clock.
final class ReportContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    let manager = ContainerManager()
    let clocks: ClockContainer

    init(clocks: ClockContainer) { self.clocks = clocks }

    var report: Factory<String> { self { "report at \(self.clocks.clock())" }.cached }
    var title: Factory<String> { self { "untitled" } }

    func autoRegister() {
        applyProfile(
            report.choices(["daily": .make { "daily at \(self.clocks.clock())" }, "weekly": .make { "weekly" }]),
            title.configurable())
    }
}

/// The second container: what the report reads.
final class ClockContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    let manager = ContainerManager()

    var clock: Factory<Int> { self { 0 } }

    func autoRegister() {
        applyProfile(clock.configurable())
    }
}

/// ``WiringSnapshot``: what a running program's two containers are wired to, kept instances and recorded
/// builds included, as JSON and as the picture the validator draws.
@Suite(.timeLimit(.minutes(1))) struct WiringSnapshotTests {
    let directory = Fixtures.temporaryDirectory()
    let clocks = ClockContainer()
    let reports: ReportContainer

    init() {
        reports = ReportContainer(clocks: clocks)
    }

    func write(_ report: String, comment: String = "") throws {
        let profile = """
            \(comment)plugboard: 1
            containers:
              ReportContainer:
                report: { use: \(report), contexts: { preview: weekly } }
              ClockContainer:
                clock: { value: 7 }

            """
        try profile.write(toFile: directory + "/ops.yaml", atomically: false, encoding: .utf8)
    }

    func start() throws -> RunningProfiles {
        var options = ProfileOptions(profiles: ["ops"], directories: [directory], failurePolicy: .stop)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in SwiftLogNoOpLogHandler() }
        return try #require(ProfileSystem.start([reports, clocks], options: options).1)
    }

    @Test func theSnapshotShowsEachFactorysWiringItsKeptInstanceAndTheBuildsAcrossContainers() throws {
        try write("daily")
        let running = try start()
        let before = running.wiringSnapshot()
        #expect(before.generation == 1 && before.profiles == ["ops"] && before.chosenBy == "code")
        #expect(before.files == ["ops.yaml"] && before.folder == directory)
        let report = try #require(before.containers["ReportContainer"]?.factories["report"])
        #expect(report.use == "daily" && report.type == "String" && report.changed)
        #expect(report.contexts == ["preview": "weekly"])
        #expect(report.fields.map(\.place) == ["ops.yaml:4", "ops.yaml:4"])
        #expect(!report.keepsInstance && before.builds.isEmpty, "nothing is built yet")
        #expect(before.containers["ReportContainer"]?.factories["title"]?.changed == false)

        #expect(reports.report() == "daily at 7")
        let after = running.wiringSnapshot()
        #expect(after.containers["ReportContainer"]?.factories["report"]?.keepsInstance == true)
        #expect(after.containers["ClockContainer"]?.factories["clock"]?.keepsInstance == false, "unique")
        #expect(after.builds == [WiringSnapshot.Build(built: "ReportContainer.report", from: "ClockContainer.clock")])
        #expect(after.mermaid.contains("c1f0 --> c0f0"), "an arrow from the report to the clock:\n\(after.mermaid)")
        #expect(after.graphviz.contains("c1f0 -> c0f0;"))
        let decoded = try JSONDecoder().decode(WiringSnapshot.self, from: after.jsonData())
        #expect(decoded == after, "the JSON holds everything")

        try write("weekly")
        #expect(running.reload().generation == 2)
        let reloaded = running.wiringSnapshot()
        #expect(reloaded.generation == 2)
        #expect(reloaded.containers["ReportContainer"]?.factories["report"]?.use == "weekly")
        #expect(reloaded.containers["ReportContainer"]?.factories["report"]?.keepsInstance == false, "dropped")
    }

    /// A reload that only reformats a file keeps the generation, and the snapshot shows the fields where they
    /// are now (a snapshot reuses what it explained while the generation's inputs stay the same).
    @Test func aReformattedFileKeepsTheGenerationAndMovesThePlaces() throws {
        try write("daily")
        let running = try start()
        #expect(
            running.wiringSnapshot().containers["ReportContainer"]?.factories["report"]?.fields.first?.place
                == "ops.yaml:4")
        try write("daily", comment: "# the report, daily\n# (a comment moves the entries down)\n")
        #expect(running.reload().generation == 1, "formatting keeps the generation")
        let moved = running.wiringSnapshot()
        #expect(moved.generation == 1)
        #expect(
            moved.containers["ReportContainer"]?.factories["report"]?.fields.map(\.place) == [
                "ops.yaml:6", "ops.yaml:6",
            ])
        #expect(moved.containers["ClockContainer"]?.factories["clock"]?.fields.map(\.place) == ["ops.yaml:8"])
    }

    /// The snapshot takes none of a reload's locks: asked while one holds the reload lock, it answers (a
    /// snapshot that waited for it would never return here, on the thread holding it).
    @Test func theSnapshotNeverWaitsForAReload() throws {
        try write("daily")
        let running = try start()
        running.lock.lock()
        defer { running.lock.unlock() }
        #expect(running.wiringSnapshot().generation == 1)
    }

    @Test func theCatalogCarriesTheBuildsRecordedSoFar() throws {
        try write("daily")
        let running = try start()
        #expect(running.catalogWithBuilds().builds == [])
        _ = reports.report()
        #expect(
            running.catalogWithBuilds().builds == [.init(built: "ReportContainer.report", from: "ClockContainer.clock")]
        )
    }
}
