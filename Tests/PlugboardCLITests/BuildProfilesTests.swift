import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// `plugboard build-profiles`, which the build plugin runs at every build of a target with profiles: it fails
/// the build on a broken profile with the profile's line, and writes YAML profiles as JSON whose findings at
/// launch still point at the YAML lines. `Fixtures/converted` holds what it made of `Fixtures/yaml-to-convert`,
/// so that the build without libyaml (the iOS graph) launches converted profiles too.
@Suite struct BuildProfilesTests {
    static let sources = CLI.fixtures + "/yaml-to-convert"
    static let converted = CLI.fixtures + "/converted"

    @Test(.enabled(if: ProfileParser.readsYAML))
    func theCommittedConversionIsWhatTheCommandWrites() throws {
        let output = CLI.temporaryDirectory()
        let run = try CLI.run(["build-profiles", "yaml-to-convert", "--output", output, "--relative-to", "."])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("yaml-to-convert/child.yaml:5:23: warning: 'yes' is text here"))
        for name in ["good", "bad", "child"] {
            let made = try String(contentsOfFile: "\(output)/\(name).json", encoding: .utf8)
            let committed = try String(contentsOfFile: "\(Self.converted)/\(name).json", encoding: .utf8)
            #expect(made == committed, "\(name).json: regenerate Fixtures/converted with this command")
        }
    }

    /// What a launch finds in a converted profile is reported at the YAML file, line and column, as the YAML
    /// itself would be: in both containers' program, in every build.
    @Test func aConvertedProfileLaunchesWithFindingsOnTheYAMLLines() throws {
        let environment = ["PLUGBOARD_PROFILE_PATH": Self.converted]
        let good = try CLI.run(
            ["stop", "--plugboard-profile", "good"], environment: environment, executable: "plugboard-launch-checks")
        #expect(good.status == 0, "\(good.errors)")
        #expect(
            good.output
                == "shared orders.store=sql-store orders.retries=3 payment.gateway=http-gateway https://pay.example\n")

        let bad = try CLI.run(
            ["stop", "--plugboard-profile", "bad"], environment: environment, executable: "plugboard-launch-checks")
        #expect(bad.status == ProfileFailure.exitCode)
        #expect(bad.errors.contains("yaml-to-convert/bad.yaml:8:40: error: expected a URL, found \"\" [PB407]"))

        // A plain YAML `yes` reads as it did in YAML: text, with the same warning, so not a whole number.
        let child = try CLI.run(
            ["stop", "--plugboard-profile", "child"], environment: environment, executable: "plugboard-launch-checks")
        #expect(child.status == ProfileFailure.exitCode)
        #expect(child.errors.contains("yaml-to-convert/child.yaml:5:23: warning: 'yes' is text here"))
        #expect(child.errors.contains("yaml-to-convert/child.yaml:5:23: error: expected a whole number, found \"yes\""))
    }

    /// The validator reads a converted profile as the launch does.
    @Test func theValidatorReportsAConvertedProfileAtItsYAMLLines() throws {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        let export = try CLI.run(["--plugboard-export-catalog", catalog], executable: "plugboard-launch-checks")
        #expect(export.status == 0, "\(export.errors)")
        let run = try CLI.run(["validate", "converted/child.json", "--catalog", catalog])
        #expect(run.status == 1)
        #expect(run.output.contains("yaml-to-convert/child.yaml:5:23: error: expected a whole number"), "\(run.output)")
    }

    @Test func aBrokenProfileFailsTheBuildStepWithItsLineAndWritesNothing() throws {
        let folder = CLI.temporaryDirectory(), output = CLI.temporaryDirectory() + "/out"
        let broken = """
            {
              "plugboard": 1,
              "containers": {
                "OrdersContainer": { "store": { "use": "sql", "scpoe": "cached" } }
              }
            }
            """
        try broken.write(toFile: folder + "/broken.json", atomically: true, encoding: .utf8)
        try "{ \"plugboard\": 1 }".write(toFile: folder + "/fine.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["build-profiles", folder, "--output", output])
        #expect(run.status == 1)
        #expect(run.output.contains("\(folder)/broken.json:4:51: error: unknown field 'scpoe'"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: output), "nothing written on an error")
    }

    /// A bundle's resources are one folder: two profiles of one name in two folders cannot both be shipped.
    @Test func twoProfilesOfOneNameAreRefused() throws {
        let first = CLI.temporaryDirectory(), second = CLI.temporaryDirectory()
        for folder in [first, second] {
            try "{ \"plugboard\": 1 }".write(toFile: folder + "/app.json", atomically: true, encoding: .utf8)
        }
        let run = try CLI.run(["build-profiles", first, second, "--output", CLI.temporaryDirectory()])
        #expect(run.status == 2)
        #expect(run.errors.contains("profile 'app' is defined twice"), "\(run.errors)")
    }

    /// A source map that does not fit its document is refused by name, never applied at wrong positions.
    @Test func aDamagedSourceMapIsRefused() throws {
        let folder = CLI.temporaryDirectory()
        var text = try String(contentsOfFile: Self.converted + "/good.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"positions\": [1, 1, ", with: "\"positions\": [")
        try text.write(toFile: folder + "/good.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["validate", folder])
        #expect(run.status == 1)
        #expect(run.output.contains("the source map of this converted profile (plugboard-source) has"), "\(run.output)")
    }
}
