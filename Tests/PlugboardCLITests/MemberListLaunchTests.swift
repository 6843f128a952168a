import Foundation
import Testing

/// A list factory as users meet it: the example program (two containers) launched in a subprocess with a
/// profile that chooses `Container.observers`' members, and `plugboard validate`, `explain`, `diff` and
/// `graph` against the catalog the same program exports.
@Suite struct MemberListLaunchTests {
    /// A folder with the profile `lists` (both containers), and the journal file its `journal` member writes.
    static func profiles(observers: String) throws -> (folder: String, journal: String) {
        let journalFolder = CLI.temporaryDirectory()
        let journal = journalFolder + "/journal.txt"
        let folder = try CLI.folder(holding: [
            "lists.yaml": """
            plugboard: 1
            containers:
              Container:
                observers:
                  \(observers)
                  with:
                    journal: { path: "\(journal)" }
              SharingContainer:
                channel: { use: none }

            """
        ])
        return (folder, journal)
    }

    func add(_ text: String, in folder: String, environment: [String: String] = [:]) throws -> CLI.Run {
        try CLI.run(
            ["add", text, "--plugboard-profile", "lists"], in: CLI.temporaryDirectory(),
            environment: ["PLUGBOARD_PROFILE_PATH": folder].merging(environment) { _, given in given },
            executable: "plugboard-example")
    }

    /// The log lines' messages (after the timestamp), the banner left out.
    static func messages(_ output: String) -> [String] {
        output.split(separator: "\n").dropFirst().map { line in
            String(line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).last ?? "")
                .trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func theLaunchBuildsEveryMemberInTheProfilesOrder() throws {
        let (folder, journal) = try Self.profiles(observers: "use: [wordCount, journal, echo]")
        let run = try add("buy oat milk", in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            Self.messages(run.output) == [
                "added: buy oat milk", "words: 3", "journal: \(journal)", "echo: buy oat milk",
            ])
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == "buy oat milk\n")
    }

    @Test func anEnvironmentVariableReplacesTheList() throws {
        let (folder, journal) = try Self.profiles(observers: "use: [wordCount, journal, echo]")
        let run = try add("tea", in: folder, environment: ["PLUGBOARD__Container__observers__use": "echo"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(Self.messages(run.output) == ["added: tea", "echo: tea"])
        #expect(!FileManager.default.fileExists(atPath: journal), "the journal is not a member any more")
    }

    @Test func aWrongListStopsTheLaunchAsTheValidatorDoes() throws {
        let (folder, _) = try Self.profiles(observers: "use: [echo, jurnal, echo]")
        let run = try add("tea", in: folder)
        #expect(run.status != 0)
        #expect(run.output.isEmpty, "nothing ran")
        let launched = run.errors.split(separator: "\n").filter { $0.hasSuffix("]") }.map {
            String($0.drop { $0 != ":" })
        }
        #expect(launched.count == 3, "\(run.errors)")
        #expect(launched.contains { $0.contains("unknown member 'jurnal'") && $0.contains("did you mean 'journal'?") })
        #expect(launched.contains { $0.contains("member 'echo' is already in the list") && $0.hasSuffix("[PB210]") })
        #expect(launched.contains { $0.contains("`with` gives settings to 'journal', which is not in the list") })

        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        _ = try CLI.run(["--plugboard-export-catalog", catalog], in: CLI.packageRoot, executable: "plugboard-example")
        let validated = try CLI.run(["validate", folder + "/lists.yaml", "--catalog", catalog])
        #expect(validated.status == 1)
        let found = validated.output.split(separator: "\n").filter { $0.hasSuffix("]") }.map {
            String($0.drop { $0 != ":" })
        }
        #expect(found == launched, "the validator's verdict is the launch's, line for line")
    }

    @Test func theValidatorChecksListsInBothContainersOfTheCatalog() throws {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        _ = try CLI.run(["--plugboard-export-catalog", catalog], in: CLI.packageRoot, executable: "plugboard-example")
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(text.contains("\"list\" : true"))
        #expect(text.contains("\"type\" : \"async ShareChannel\""), "an async factory, named for people")

        let (good, _) = try Self.profiles(observers: "use: [journal, echo]")
        #expect(try CLI.run(["validate", good, "--catalog", catalog]).status == 0)

        // A list where the second container declares one implementation: refused there, not in the first.
        let wrong = try CLI.folder(holding: [
            "wrong.yaml": """
            plugboard: 1
            containers:
              Container:
                observers: { use: [echo] }
              SharingContainer:
                channel: { use: [none, outbox] }

            """
        ])
        let run = try CLI.run(["validate", wrong, "--catalog", catalog])
        #expect(run.status == 1)
        #expect(run.output.contains("wrong.yaml:6:22: error: SharingContainer.channel is not a list"), "\(run.output)")
        #expect(!run.output.contains("observers"))
    }

    @Test func explainDiffAndGraphShowTheList() throws {
        let folder = try CLI.folder(holding: [
            "base.yaml": """
            plugboard: 1
            containers:
              Container:
                observers: { use: [echo, journal], with: { journal: { path: "env:JOURNAL_PATH" } } }

            """,
            "quiet.yaml": """
            plugboard: 1
            extends: base
            containers:
              Container:
                observers: { use: [wordCount] }

            """,
        ])
        let explained = try CLI.run(["explain", "base", "--dir", folder])
        #expect(explained.status == 0, "\(explained.errors)")
        #expect(explained.output.contains("Container.observers.use = [echo, journal]  (\(folder)/base.yaml:4)"))
        #expect(
            explained.output.contains("Container.observers.with = {journal: {path: \"env:JOURNAL_PATH\"}}"),
            "a secret stays a reference")

        let quiet = try CLI.run(["explain", "quiet", "--dir", folder])
        #expect(quiet.output.contains("Container.observers.use = [wordCount]  (\(folder)/quiet.yaml:5; overrides"))
        #expect(!quiet.output.contains("observers.with"), "the settings went with the parent's list")

        let diff = try CLI.run(["diff", "base", "quiet", "--dir", folder])
        #expect(diff.output.contains("Container.observers.use: [echo, journal]"))
        #expect(diff.output.contains("| [wordCount]"))

        let graph = try CLI.run(["graph", "quiet", "--dir", folder])
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains("[wordCount]"), "\(graph.output)")
    }
}
