import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// A program built on swift-argument-parser (`plugboard-greeter-example`) takes Plugboard's launch options
/// through `ProfileLaunchOptions`: listed in `--help`, parsed with its own, handed to the launch.
@Suite struct ArgumentParserProgramTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Run {
        try CLI.run(arguments, in: CLI.packageRoot, environment: environment, executable: "plugboard-greeter-example")
    }

    @Test func helpListsTheLaunchOptions() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--plugboard-profile <name[,name...]>"))
        #expect(help.output.contains("--plugboard-export-catalog <path>"))
        #expect(help.output.contains("--plugboard-set <path=value>"))
    }

    @Test func theSetOptionChangesOneSettingOverTheProfileAndIsChecked() throws {
        let two = try run(["Ada", "--plugboard-profile", "loud", "--plugboard-set", "Container.greeting.with.marks=1"])
        #expect(two.status == 0, "\(two.errors)")
        #expect(two.output == "HELLO, ADA!\n")
        #expect(two.errors.contains("with overrides --plugboard-set Container.greeting.with.marks"))
        let wrong = try run([
            "Ada", "--plugboard-profile", "loud", "--plugboard-set", "Container.greeting.with.marks=300",
        ])
        #expect(wrong.status == ProfileFailure.exitCode)
        #expect(
            wrong.errors.contains(
                "--plugboard-set Container.greeting.with.marks:1:47: error: 300 is out of range (0 to 255)"),
            "\(wrong.errors)")
    }

    @Test func theOptionChoosesTheProfileAndRanksAsTheLaunchArgument() throws {
        let plain = try run(["Ada"])
        #expect(plain.output == "Hello, Ada.\n")
        let loud = try run(["Ada", "--plugboard-profile", "loud"], environment: ["PLUGBOARD_PROFILE": "default"])
        #expect(loud.status == 0, "\(loud.errors)")
        #expect(loud.output == "HELLO, ADA!!!\n")
        #expect(loud.errors.contains("applied profile loud (--plugboard-profile) to Container"))
        let equals = try run(["--plugboard-profile=loud", "Bo"])
        #expect(equals.output == "HELLO, BO!!!\n")
    }

    @Test func aMissingProfileStopsTheProgramBeforeItRuns() throws {
        let run = try run(["Ada", "--plugboard-profile", "nowhere"])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("error: profile 'nowhere' not found"))
    }

    @Test func theCatalogExportValidatesTheProgramsProfiles() throws {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        let export = try run(["--plugboard-export-catalog", catalog])
        #expect(export.status == 0)
        #expect(export.output.isEmpty)
        let validate = try CLI.run(
            ["validate", "Examples/Greeter/Profiles", "--catalog", catalog], in: CLI.packageRoot)
        #expect(validate.status == 0, "\(validate.output)")
        #expect(validate.output.contains("2 files checked: 2 valid, 0 invalid"))
    }

    @Test func programsThatParseArgumentsThemselvesDropTheLaunchFlags() {
        let arguments = [
            "app", "--plugboard-profile", "a,b", "serve", "--plugboard-export-catalog=c.json", "--port", "8080",
            "--plugboard-set", "Container.store.use=file", "--plugboard-set=Container.store.scope=cached",
        ]
        #expect(ProfileOptions.removingLaunchFlags(from: arguments) == ["app", "serve", "--port", "8080"])
    }
}
