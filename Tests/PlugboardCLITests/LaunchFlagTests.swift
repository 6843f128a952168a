import Foundation
import Testing

/// What a deploy script gets wrong on a command line (an empty variable, a trailing flag, a typo) stops the
/// launch with exit 78 and a finding that names the flag, in a program that reads its arguments itself and in
/// one built on swift-argument-parser; the validator says the same of its own `--profile`.
@Suite struct LaunchFlagTests {
    @Test(arguments: [
        (["--plugboard-profile", ""], "--plugboard-profile:1:1: error: --plugboard-profile names no profile [PB503]"),
        (["--plugboard-profile="], "--plugboard-profile:1:1: error: --plugboard-profile names no profile [PB503]"),
        (["--plugboard-profile", ","], "--plugboard-profile:1:1: error: --plugboard-profile names no profile [PB503]"),
        (
            ["list", "--plugboard-profile"],
            "--plugboard-profile:1:1: error: --plugboard-profile is missing its value, the last argument [PB503]"
        ),
        (
            ["list", "--plugboard-set"],
            "--plugboard-set:1:1: error: --plugboard-set is missing its value, the last argument [PB503]"
        ),
        (
            ["--plugboard-sett", "Container.greeting.value=Hi"],
            "--plugboard-sett:1:1: error: unknown launch flag --plugboard-sett; did you mean '--plugboard-set'? [PB503]"
        ),
        (["--plugboard-set="], "--plugboard-set:1:1: error: --plugboard-set has an empty value [PB503]"),
    ])
    func aWrongLaunchFlagStopsTheLaunch(arguments: [String], finding: String) throws {
        let run = try CLI.run(arguments, in: CLI.packageRoot, executable: "plugboard-example")
        #expect(run.status == 78, "\(run.output)\(run.errors)")
        #expect(run.errors.contains(finding), "\(run.errors)")
        #expect(!run.output.contains("Notes |"), "the program did not start")
    }

    /// A misspelt container, factory or field in `--plugboard-set` stops the launch of a two-container program
    /// with the argument as the finding's place and a did-you-mean.
    @Test(arguments: [
        (
            "PaymentContaner.gateway.use=stub",
            "--plugboard-set PaymentContaner.gateway.use:1:17: error: unknown container 'PaymentContaner'; did you mean 'PaymentContainer'? [PB400]"
        ),
        (
            "PaymentContainer.gatewy.use=stub",
            "--plugboard-set PaymentContainer.gatewy.use:1:34: error: unknown factory 'gatewy' in PaymentContainer (declared: gateway, region); did you mean 'gateway'? [PB401]"
        ),
        (
            "PaymentContainer.gateway.wiht.timeoutSeconds=5",
            "--plugboard-set PaymentContainer.gateway.wiht.timeoutSeconds:1:42: error: unknown field 'wiht': an override sets use, scope, value or with; did you mean 'with'? [PB500]"
        ),
    ])
    func aMisspeltOverrideStopsTheLaunch(setting: String, finding: String) throws {
        let run = try CLI.run(["stop", "--plugboard-set", setting], executable: "plugboard-launch-checks")
        #expect(run.status == 78, "\(run.output)\(run.errors)")
        #expect(run.output.isEmpty, "nothing ran")
        #expect(run.errors.contains(finding), "\(run.errors)")
    }

    @Test func anArgumentParserProgramRefusesAnEmptyProfileToo() throws {
        let run = try CLI.run(
            ["--plugboard-profile", ""], in: CLI.packageRoot, executable: "plugboard-greeter-example")
        #expect(run.status == 78, "\(run.output)\(run.errors)")
        #expect(run.errors.contains("--plugboard-profile names no profile [PB503]"))
    }

    @Test func theValidatorRefusesAnEmptyProfileName() throws {
        let run = try CLI.run(["validate", CLI.packageRoot + "/Examples/Notes/Profiles", "--profile", ""])
        #expect(run.status == 2)
        #expect(run.errors.contains("plugboard: --profile names no profile"))
    }

    @Test func aFolderWithNoProfileIsAnError() throws {
        let empty = CLI.temporaryDirectory()
        let run = try CLI.run(["validate", empty])
        #expect(run.status == 2)
        #expect(run.errors.contains("no profile files (.yaml, .yml, .json) in \(empty): nothing was checked"))
    }

    /// A ConfigMap mounted as Kubernetes mounts it: each file a link through `..data` to a timestamped folder.
    static func configMapMount(files: [String: String]) throws -> String {
        let mount = CLI.temporaryDirectory()
        let version = mount + "/..2026_11_25_09_00_00.123"
        try FileManager.default.createDirectory(atPath: version, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(toFile: version + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: mount + "/" + name, withDestinationPath: "..data/" + name)
        }
        try FileManager.default.createSymbolicLink(
            atPath: mount + "/..data", withDestinationPath: "..2026_11_25_09_00_00.123")
        return mount
    }

    @Test func aLinkedFolderIsValidatedAsTheLaunchReadsIt() throws {
        let mount = try Self.configMapMount(files: [
            "staging.yaml": "plugboard: 1\ncontainers:\n  Container:\n    greeting: { value: \"Staging\" }\n"
        ])
        let link = CLI.temporaryDirectory() + "/Profiles"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: mount)
        for folder in [mount, link] {
            let run = try CLI.run(["validate", folder])
            #expect(run.status == 0, "\(run.output)\(run.errors)")
            #expect(run.output.contains("1 file checked") || run.output.contains("1 files checked"), "\(run.output)")
        }
        let launched = try CLI.run(
            ["--plugboard-profile", "staging"], in: CLI.packageRoot, environment: ["PLUGBOARD_PROFILE_PATH": link],
            executable: "plugboard-example")
        #expect(launched.status == 0, "\(launched.errors)")
        #expect(launched.output.hasPrefix("Staging | "))
    }
}
