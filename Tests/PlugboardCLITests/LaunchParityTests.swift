import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// The validator's verdict is the launch's: every wrong profile in `Fixtures/launch-corpus` (YAML and JSON),
/// checked by `plugboard validate` against the catalog the example exports and launched with the example
/// program (two containers), gives the same diagnostics on both sides, one by one.
@Suite struct LaunchParityTests {
    static let corpus = CLI.fixtures + "/launch-corpus"
    /// The corpus relative to the package root, where both sides run: the launch prints the files under its
    /// working directory relative to it, as the validator prints files it is given relative paths to.
    static let relativeCorpus = "Tests/PlugboardCLITests/Fixtures/launch-corpus"
    static let profiles = (try? FileManager.default.contentsOfDirectory(atPath: corpus))?.sorted() ?? []

    @Test func theCorpusIsThere() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus)
        #expect(!files.isEmpty)
        #expect(Self.profiles.count == files.count)
    }

    /// `file:line:column: severity: message [CODE]` lines, in order.
    static func diagnosticLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter {
            $0.hasSuffix("]") && ($0.contains(": error: ") || $0.contains(": warning: "))
        }
    }

    /// The validator's findings for the whole corpus, by file, against the exported catalog.
    static let validated: [String: [String]] = {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        _ = try? CLI.run(["--plugboard-export-catalog", catalog], in: CLI.packageRoot, executable: "plugboard-example")
        let run = try? CLI.run(["validate", relativeCorpus, "--catalog", catalog], in: CLI.packageRoot)
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
        let validated = Self.validated[Self.relativeCorpus + "/" + file] ?? []
        #expect(!launched.isEmpty)
        #expect(launched == validated)
    }

    /// A deployment as a program launches it: an `extends` chain, two active profiles, a warning and an error in
    /// the parent, and a misspelt setting override on the command line. The launch and `plugboard validate
    /// --profile child,extra --set ...` report the same findings.
    @Test func aChainSeveralProfilesWarningsAndAnOverrideGiveTheSameFindings() throws {
        let folder = CLI.temporaryDirectory()
        let files = [
            "base":
                "plugboard: 1\ncontainers:\n  Container:\n    logFormat: { use: shouting }\n    greeting: { value: yes }\n",
            "child": "plugboard: 1\nextends: base\ncontainers:\n  Container:\n    maxListed: { value: -2 }\n",
            "extra": "plugboard: 1\ncontainers:\n  Container:\n    store: { use: nope }\n",
        ]
        for (name, text) in files {
            try text.write(toFile: "\(folder)/\(name).yaml", atomically: true, encoding: .utf8)
        }
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        _ = try CLI.run(["--plugboard-export-catalog", catalog], in: CLI.packageRoot, executable: "plugboard-example")
        let launched = try CLI.run(
            ["list", "--plugboard-profile", "child,extra", "--plugboard-set", "Container.greeting.valeu=x"],
            in: CLI.packageRoot, environment: ["PLUGBOARD_PROFILE_PATH": folder], executable: "plugboard-example")
        let validated = try CLI.run([
            "validate", folder, "--catalog", catalog, "--profile", "child,extra", "--set", "Container.greeting.valeu=x",
        ])
        #expect(launched.status == ProfileFailure.exitCode)
        #expect(validated.status == 1)
        let launchFindings = Set(Self.findings(launched.errors).map(Self.asValidatorSpellsIt))
        // The validator also names the child that a broken parent blocks (PB304), which the launch reports as
        // the parent's own findings.
        let validatorFindings = Set(Self.findings(validated.output).filter { !$0.hasSuffix("[PB304]") })
        #expect(launchFindings == validatorFindings)
        #expect(launchFindings.contains { $0.contains(": warning: ") }, "the warning is in both")
        #expect(launchFindings.contains { $0.hasPrefix("--set ") }, "and the override's finding")
        #expect(launchFindings.count == 5)
    }

    /// Every `origin:line:column: severity: message [CODE]` line: a file, a variable or an argument.
    static func findings(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter {
            $0.hasSuffix("]") && ($0.contains(": error: ") || $0.contains(": warning: "))
        }
    }

    /// The launch's `--plugboard-set PATH:1:COLUMN` finding as the validator's `--set` gives it: the same
    /// finding, whose columns count from the flag's shorter name.
    static func asValidatorSpellsIt(_ line: String) -> String {
        let launchFlag = "--plugboard-set ", validatorFlag = "--set "
        guard line.hasPrefix(launchFlag), let colon = line.firstIndex(of: ":") else { return line }
        let parts = line[colon...].dropFirst().split(separator: ":", maxSplits: 2)
        guard parts.count == 3, let column = Int(parts[1]) else { return line }
        let shift = launchFlag.count - validatorFlag.count
        return validatorFlag + line[line.index(line.startIndex, offsetBy: launchFlag.count)..<colon]
            + ":\(parts[0]):\(column - shift):\(parts[2])"
    }
}
