import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// The validator's verdict is the launch's: every wrong profile in `Fixtures/launch-corpus` (YAML and JSON),
/// checked by `plugboard validate` against the catalog the example exports and launched with the example
/// program (two containers), gives the same diagnostics on both sides, one by one.
@Suite struct LaunchParityTests {
    static let corpus = CLI.fixtures + "/launch-corpus"
    static let profiles = (try? FileManager.default.contentsOfDirectory(atPath: corpus))?.sorted() ?? []

    @Test func theCorpusIsThere() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus)
        #expect(!files.isEmpty)
        #expect(Self.profiles.count == files.count)
    }

    /// `file:line:column: severity: message [CODE]` lines, in order.
    static func diagnosticLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("/") && $0.hasSuffix("]") && ($0.contains(": error: ") || $0.contains(": warning: "))
        }
    }

    /// The validator's findings for the whole corpus, by file, against the exported catalog.
    static let validated: [String: [String]] = {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        _ = try? CLI.run(["--plugboard-export-catalog", catalog], in: CLI.packageRoot, executable: "plugboard-example")
        let run = try? CLI.run(["validate", corpus, "--catalog", catalog])
        var byFile: [String: [String]] = [:]
        for line in diagnosticLines(run?.output ?? "") {
            let file = String(line.prefix { $0 != ":" })
            byFile[file, default: []].append(line)
        }
        return byFile
    }()

    @Test func theCorpusHasThirtyWrongProfilesInBothFormats() {
        #expect(Self.profiles.count >= 30)
        #expect(Self.profiles.contains { $0.hasSuffix(".json") } && Self.profiles.contains { $0.hasSuffix(".yaml") })
    }

    @Test(arguments: profiles)
    func theLaunchReportsWhatTheValidatorReports(file: String) throws {
        let name = (file as NSString).deletingPathExtension
        let run = try CLI.run(
            ["list", "--plugboard-profile", name], in: CLI.packageRoot,
            environment: ["PLUGBOARD_PROFILE_PATH": Self.corpus],
            executable: "plugboard-example")
        #expect(run.status == ProfileFailure.exitCode, "every profile of the corpus is wrong: \(run.output)")
        #expect(run.output.isEmpty, "nothing ran")
        let launched = Self.diagnosticLines(run.errors)
        let validated = Self.validated[Self.corpus + "/" + file] ?? []
        #expect(!launched.isEmpty)
        #expect(launched == validated)
    }
}
