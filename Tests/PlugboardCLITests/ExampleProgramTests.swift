import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// Runs the example program (`plugboard-example`) as a subprocess with its bundled profiles.
@Suite struct ExampleProgramTests {
    /// The production profile signs shared notes with a key from `NOTES_SIGNING_KEY`.
    static let signingKey = "notes-key-\(UInt32.random(in: 0...UInt32.max))"

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Run {
        try CLI.run(
            arguments, in: CLI.packageRoot,
            environment: ["NOTES_SIGNING_KEY": Self.signingKey].merging(environment) { _, given in given },
            executable: "plugboard-example")
    }

    @Test func withoutAProfileTheDefaultProfileApplies() throws {
        let run = try run(["list"])
        #expect(run.status == 0)
        #expect(run.output.contains("Notes | store: memory (1 seeded) | clock: system | log: plain"))
        #expect(run.output.contains("  - Welcome to Plugboard"))
        #expect(
            (run.output + run.errors).contains(
                "applied profile default (default profile) to Container, SharingContainer from"))
    }

    @Test(arguments: [
        (
            "development",
            "Notes (development) | store: file /tmp/plugboard-notes/development/notes.json | clock: system | log: plain"
        ),
        ("production", "Notes | store: file /tmp/plugboard-notes/production/notes.json | clock: system | log: json"),
        (
            "staging",
            "Notes (staging) | store: file /tmp/plugboard-notes/staging/notes.json | clock: system | log: json"
        ),
        ("uitest", "Notes (UI test) | store: memory (2 seeded) | clock: fixed 2026-01-01T09:00:00Z | log: plain"),
    ])
    func eachProfileWiresTheProgramItsWay(profile: String, status: String) throws {
        let run = try run(["list", "--plugboard-profile", profile])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains(status), "\(run.output)")
        #expect(
            (run.output + run.errors).contains(
                "applied profile \(profile) (--plugboard-profile) to Container, SharingContainer"))
    }

    @Test func jsonLogLinesInProduction() throws {
        let run = try run(["--plugboard-profile=production"])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Notes | store: file ") == true, "the banner first")
        let logLines = lines.dropFirst()
        #expect(!logLines.isEmpty, "production logs at least the listing")
        for line in logLines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
            #expect(object?["message"] != nil && object?["time"] != nil, "a JSON log line: \(line)")
        }
    }

    @Test func theFixedClockAndSeededNotesOfTheUITestProfile() throws {
        let run = try run(["list"], environment: ["PLUGBOARD_PROFILE": "uitest"])
        #expect(
            run.output.contains(
                "2026-01-01T09:00:00Z  2 note(s)\n2026-01-01T09:00:00Z  - First note\n2026-01-01T09:00:00Z  - Second note"
            ))
        #expect((run.output + run.errors).contains("(PLUGBOARD_PROFILE)"))
    }

    @Test func aLaunchArgumentContextFromTheProfile() throws {
        let run = try run(["--plugboard-profile", "uitest", "--empty-store"])
        #expect(run.output.contains("store: memory (0 seeded)"))
    }

    @Test func theArgumentWinsOverTheEnvironment() throws {
        let run = try run(["--plugboard-profile", "production"], environment: ["PLUGBOARD_PROFILE": "uitest"])
        #expect(run.output.contains("log: json"))
    }

    @Test func aBrokenProfileStopsTheProgramAtLaunch() throws {
        let directory = CLI.temporaryDirectory()
        try
            "plugboard: 1\ncontainers:\n  Container:\n    store: { use: flie }\n    clock: { use: fixed, with: { at: 9 } }\n"
            .write(toFile: directory + "/broken.yaml", atomically: true, encoding: .utf8)
        let run = try run(
            ["list", "--plugboard-profile", "broken"], environment: ["PLUGBOARD_PROFILE_PATH": directory])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(run.output.isEmpty, "nothing ran")
        #expect(
            run.errors.contains(
                "broken.yaml:4:19: error: unknown implementation 'flie' for Container.store (declared: file, memory); did you mean 'file'? [PB402]"
            ))
        #expect(
            run.errors.contains(
                "broken.yaml:5:38: error: expected text, found the number 9 unquoted; quote it (\"9\") [PB407]"))
        #expect(
            run.errors.contains("plugboard: profile broken was not applied to Container, SharingContainer; stopping"))
    }

    @Test func aMissingProfileStopsTheProgram() throws {
        let run = try run(["--plugboard-profile", "nowhere"])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(run.errors.contains("<--plugboard-profile>:1:1: error: profile 'nowhere' not found (searched "))
    }

    @Test func theCatalogIsExportedOnRequest() throws {
        let file = CLI.temporaryDirectory() + "/catalog.json"
        let run = try run(["list", "--plugboard-export-catalog", file])
        #expect(run.status == 0)
        #expect(run.output.isEmpty, "exits before running")
        let catalog = try Catalog.read(from: Data(contentsOf: URL(fileURLWithPath: file)))
        let factories = try #require(catalog.containers["Container"]?.factories)
        #expect(Set(factories["store"]?.implementations.keys ?? [:].keys) == ["memory", "file"])
        #expect(
            factories["store"]?.implementations["file"]?.settings
                == .object(properties: ["directory": .string], required: ["directory"]))
        #expect(factories["greeting"]?.value == .string)
        #expect(catalog.scopes == ["session"])
        #expect(
            factories["maxListed"]?.value == .integerIn(0...Int64.max), "UInt: a negative count is refused in CI too")
        let sharing = try #require(
            catalog.containers["SharingContainer"]?.factories, "the second container is in the catalog")
        #expect(
            sharing["channel"]?.implementations["outbox"]?.settings
                == .object(
                    properties: ["directory": .string, "openFrom": .date, "signingKey": .secret],
                    required: ["directory"]))
    }

    @Test func theSecondContainerSharesTheNotesItsProfileChose() throws {
        let directory = CLI.temporaryDirectory()
        let profile = """
            plugboard: 1
            containers:
              Container:
                store: { use: memory, with: { seed: ["one", "two"] } }
              SharingContainer:
                channel: { use: outbox, with: { directory: "\(directory)/outbox" } }
                signature: { value: "-- me" }
            """
        try profile.write(toFile: directory + "/share.yaml", atomically: true, encoding: .utf8)
        let run = try run(
            ["share", "--plugboard-profile", "share"], environment: ["PLUGBOARD_PROFILE_PATH": directory])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("| sharing: outbox \(directory)/outbox"))
        #expect(try String(contentsOfFile: directory + "/outbox/notes.txt", encoding: .utf8) == "- one\n- two\n-- me\n")
    }

    @Test func aNegativeCountIsRefusedAtLaunchInsteadOfCrashingTheProgram() throws {
        let directory = CLI.temporaryDirectory()
        try "plugboard: 1\ncontainers:\n  Container:\n    maxListed: { value: -3 }\n"
            .write(toFile: directory + "/negative.yaml", atomically: true, encoding: .utf8)
        let run = try run(
            ["list", "--plugboard-profile", "negative"], environment: ["PLUGBOARD_PROFILE_PATH": directory])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(
            run.errors.contains("negative.yaml:4:25: error: -3 is out of range (0 to 9223372036854775807) [PB405]"),
            "\(run.errors)")
    }

    @Test func theValidatingInCIRecipeValidatesTheBundledProfilesAgainstBothContainers() throws {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        #expect(try run(["--plugboard-export-catalog", catalog]).status == 0)
        let run = try CLI.run(
            ["validate", "Examples/Notes/Profiles", "--catalog", catalog, "--profile", "uitest,staging"],
            in: CLI.packageRoot)
        #expect(run.status == 0, "\(run.output)")
        #expect(
            run.output.contains(
                "5 files checked: 5 valid, 0 invalid (0 errors, 0 warnings); 1 profile combination checked, 0 invalid"))
    }

    // MARK: Deployment: a secret and single-setting overrides

    /// The `signed:` line of the notes file that `share` wrote with the production profile, into `outbox`.
    func sharedSignature(key: String, outbox: String) throws -> String {
        let run = try run(
            [
                "share", "--plugboard-profile", "production", "--plugboard-set",
                "SharingContainer.channel.with.directory=\(outbox)",
            ],
            environment: ["NOTES_SIGNING_KEY": key])
        #expect(run.status == 0, "\(run.errors)")
        #expect(!(run.output + run.errors).contains(key), "the key is printed nowhere")
        let text = try String(contentsOfFile: outbox + "/notes.txt", encoding: .utf8)
        return try #require(text.split(separator: "\n").last { $0.hasPrefix("signed: ") }.map(String.init))
    }

    @Test func productionSignsWithTheKeyFromTheEnvironmentAndPrintsOnlyItsReference() throws {
        let outbox = CLI.temporaryDirectory()
        let run = try run(
            [
                "--plugboard-profile", "production", "--plugboard-set",
                "SharingContainer.channel.with.directory=\(outbox)",
            ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("| sharing: outbox \(outbox) signed with Secret(env:NOTES_SIGNING_KEY, redacted)"))
        #expect(
            run.errors.contains(
                "applied profile production (--plugboard-profile) to Container, SharingContainer from Examples/Notes/Profiles/production.json with overrides --plugboard-set SharingContainer.channel.with.directory:"
            ), "the launch log names the override, not its value")
        #expect(!(run.output + run.errors).contains(Self.signingKey))

        // The key reaches the outbox: the same key signs the same notes alike, another key differently.
        let first = try sharedSignature(key: "key-one", outbox: CLI.temporaryDirectory())
        #expect(try sharedSignature(key: "key-one", outbox: CLI.temporaryDirectory()) == first)
        #expect(try sharedSignature(key: "key-two", outbox: CLI.temporaryDirectory()) != first)
    }

    @Test func aSecretThatIsNotSetStopsProductionNamingTheReference() throws {
        let run = try run([
            "list", "--plugboard-profile", "production", "--plugboard-set",
            "SharingContainer.channel.with.signingKey=env:NOTES_KEY_NOBODY_SET",
        ])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(run.output.isEmpty, "nothing ran")
        #expect(
            run.errors.contains(
                "--plugboard-set SharingContainer.channel.with.signingKey:1:58: error: secret env:NOTES_KEY_NOBODY_SET is not set: the environment has no NOTES_KEY_NOBODY_SET [PB502]"
            ), "\(run.errors)")
    }

    @Test func aVariableChangesOneSettingWhateverTheShellDidToItsCase() throws {
        let run = try run(["list"], environment: ["PLUGBOARD__CONTAINER__GREETING__VALUE": "Notes (one machine)"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("Notes (one machine) | store: memory (1 seeded)"))
        #expect(run.errors.contains("with overrides $PLUGBOARD__CONTAINER__GREETING__VALUE:"))
    }

    @Test func aMisspeltVariableStopsTheLaunchWithADidYouMean() throws {
        let run = try run(["list"], environment: ["PLUGBOARD__Container__greting__value": "Hello"])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(
            run.errors.contains(
                "$PLUGBOARD__Container__greting__value:1:24: error: unknown factory 'greting' in Container"),
            "\(run.errors)")
        #expect(run.errors.contains("did you mean 'greeting'?"))
    }

    @Test func explainShowsTheKeysReferenceAndEachSettingsOriginNeverTheKey() throws {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        #expect(try run(["--plugboard-export-catalog", catalog]).status == 0)
        let run = try CLI.run(
            [
                "explain", "production", "--dir", "Examples/Notes/Profiles", "--catalog", catalog, "--resolve-secrets",
                "--set", "SharingContainer.channel.with.directory=/srv/outbox",
            ],
            in: CLI.packageRoot, environment: ["NOTES_SIGNING_KEY": Self.signingKey])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("overrides --set SharingContainer.channel.with.directory\n"))
        #expect(
            run.output.contains(
                "SharingContainer.channel.with.directory = /srv/outbox  (--set SharingContainer.channel.with.directory:1; overrides Examples/Notes/Profiles/production.json:28)"
            ), "\(run.output)")
        #expect(
            run.output.contains(
                "SharingContainer.channel.with.signingKey = \"env:NOTES_SIGNING_KEY\"  (Examples/Notes/Profiles/production.json:"
            ))
        #expect(!(run.output + run.errors).contains(Self.signingKey))
    }
}
