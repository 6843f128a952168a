import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// JSON profiles shipped as resources, found through a real `Bundle.module` (this target declares
/// `resources: [.copy("Profiles")]`), applied to two containers at once. CI runs this suite in the build
/// without the `YAML` trait too, the graph an iOS app gets (no libyaml).
@Suite struct BundledProfileTests {
    /// Launches a fresh pair of containers with `profile` active, searching this target's bundle, `directories`
    /// and `workingDirectory` as `ProfileOptions` documents.
    func launch(
        _ profile: String, directories: [String] = [], workingDirectory: String = Fixtures.temporaryDirectory()
    ) -> (ProfileGeneration, ShopContainer, LimitsContainer) {
        var options = ProfileOptions(profiles: [profile], directories: directories, failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        options.workingDirectory = workingDirectory
        options.searchesMainBundle = false
        options.searchBundle(.module)
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
        let shop = ShopContainer(), limits = LimitsContainer()
        let (launch, _) = ProfileSystem.start([shop, limits], options: options)
        return (launch, shop, limits)
    }

    @Test func aPackageTargetsBundledProfileAppliesToBothContainers() throws {
        let (launch, shop, limits) = launch("bundled")
        #expect(launch.isApplied, "\(launch.diagnostics)")
        #expect(shop.store() == "sql-store postgres://bundle")
        #expect(shop.pageSize() == 30)
        #expect(limits.limiter() == "fixed 90/min")
        let file = try #require(launch.files.first)
        #expect(file.hasSuffix("/Profiles/bundled.json"))
        #expect(file.hasPrefix(try #require(Bundle.module.resourceURL).path), "read from the bundle: \(file)")
    }

    @Test func aBundledProfileExtendsAnotherInTheSameBundle() {
        let (launch, shop, limits) = launch("bundled-child")
        #expect(launch.isApplied, "\(launch.diagnostics)")
        #expect(shop.store() == "sql-store postgres://bundle")
        #expect(limits.limiter() == "no-limit")
        #expect(launch.files.map { ($0 as NSString).lastPathComponent } == ["bundled.json", "bundled-child.json"])
    }

    /// Wrong for the second container only: the first keeps its code's wiring too, and the diagnostic points
    /// into the bundled file.
    @Test func aBundledProfileWrongForOneContainerChangesNeither() throws {
        let (launch, shop, limits) = launch("bundled-wrong")
        #expect(launch.outcome == .refused)
        #expect(shop.pageSize() == 10)
        #expect(limits.limiter() == "code-limiter")
        let diagnostic = try #require(launch.diagnostics.first { $0.severity == .error })
        #expect(diagnostic.position.file.hasSuffix("/Profiles/bundled-wrong.json"))
        #expect(diagnostic.position.line == 8)
        #expect(diagnostic.position.column == 59, "at \"ninety\"")
        #expect(diagnostic.code == .invalidSettings)
    }

    /// `directories` come before the bundle, and the bundle before `Profiles/` in the working directory.
    @Test func theSearchOrderIsDirectoriesThenBundlesThenTheWorkingDirectory() throws {
        let mine = Fixtures.temporaryDirectory()
        let working = Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: working + "/Profiles", withIntermediateDirectories: true)
        let override = #"{ "plugboard": 1, "containers": { "ShopContainer": { "pageSize": { "value": 7 } } } }"#
        try override.write(toFile: working + "/Profiles/bundled.json", atomically: true, encoding: .utf8)

        let (fromBundle, shop, _) = launch("bundled", workingDirectory: working)
        #expect(fromBundle.isApplied)
        #expect(shop.pageSize() == 30, "the bundle wins over the working directory's Profiles/")

        try override.write(toFile: mine + "/bundled.json", atomically: true, encoding: .utf8)
        let (fromDirectory, shop2, limits2) = launch("bundled", directories: [mine], workingDirectory: working)
        #expect(fromDirectory.files == [mine + "/bundled.json"])
        #expect(shop2.pageSize() == 7)
        #expect(limits2.limiter() == "code-limiter")
    }

    /// A bundle without the folder adds nothing; the launch then says where it looked.
    @Test func aBundleWithoutTheFolderAddsNoFolder() {
        var options = ProfileOptions()
        options.searchBundle(.module, folder: "NoSuchFolder")
        #expect(options.bundleDirectories.isEmpty)
        options.searchBundle(.module)
        #expect(options.bundleDirectories.count == 1)
        #expect(options.searchPath.contains(options.bundleDirectories[0]))
    }

    /// With the `YAML` trait where libyaml is, a YAML profile applies; in a build without it (iOS, or the trait
    /// off), the launch refuses it by name, says what to ship instead, and changes neither container.
    @Test func aYAMLProfileAppliesWhereLibyamlIsAndIsRefusedByNameElsewhere() throws {
        let directory = Fixtures.temporaryDirectory()
        let yaml = "plugboard: 1\ncontainers:\n  LimitsContainer:\n    limiter: { use: off }\n"
        try yaml.write(toFile: directory + "/edge.yaml", atomically: true, encoding: .utf8)
        let (launch, shop, limits) = launch("edge", directories: [directory])
        if ProfileParser.readsYAML {
            #expect(launch.isApplied, "\(launch.diagnostics)")
            #expect(limits.limiter() == "no-limit")
        } else {
            #expect(launch.outcome == .refused)
            #expect(limits.limiter() == "code-limiter")
            #expect(shop.store() == "code-store")
            let diagnostic = try #require(launch.diagnostics.first)
            #expect(diagnostic.code == .yamlUnavailable)
            #expect(diagnostic.position.file == directory + "/edge.yaml")
            #expect(diagnostic.message.contains("ship \(directory)/edge.yaml as edge.json"), "\(diagnostic)")
        }
    }
}
