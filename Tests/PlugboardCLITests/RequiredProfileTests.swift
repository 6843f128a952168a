import Foundation
import Testing

/// A deployment that forgot its profile, or misspelt the variable that names it, through a real launch of a
/// two-container program (`plugboard-launch-checks`) and through the validator: a program that requires a
/// profile stops (PB305, exit 78), a misspelt `PLUGBOARD_` variable is a warning that names the one meant
/// (PB504), and a launch on the code's defaults says so.
@Suite struct RequiredProfileTests {
    /// A folder with two profiles, as `PLUGBOARD_PROFILE_PATH` for the program.
    static func profiles() throws -> String {
        let directory = CLI.temporaryDirectory()
        for name in ["production", "staging"] {
            try "plugboard: 1\ncontainers:\n  OrdersContainer:\n    store: { use: sql }\n".write(
                toFile: "\(directory)/\(name).yaml", atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func aProgramThatRequiresAProfileStopsWithoutOne() throws {
        let run = try CLI.run(
            ["required"], environment: ["PLUGBOARD_PROFILE_PATH": try Self.profiles()],
            executable: "plugboard-launch-checks")
        #expect(run.status == 78, "\(run.output)\(run.errors)")
        #expect(run.output.isEmpty, "nothing ran on the code's defaults")
        #expect(
            run.errors.contains(
                "<launch>:1:1: error: no profile is active, and this program requires one rather than run on the code's defaults: name it with --plugboard-profile NAME or PLUGBOARD_PROFILE=NAME (profiles found: production, staging) [PB305]"
            ), "\(run.errors)")
    }

    @Test func aProgramThatRequiresAProfileRunsWithOne() throws {
        let run = try CLI.run(
            ["required"], environment: ["PLUGBOARD_PROFILE_PATH": try Self.profiles(), "PLUGBOARD_PROFILE": "staging"],
            executable: "plugboard-launch-checks")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("shared orders.store=sql-store "), "\(run.output)")
    }

    @Test func aMisspeltVariableIsAWarningThatNamesTheOneMeant() throws {
        let folder = try Self.profiles()
        let run = try CLI.run(
            ["required"], environment: ["PLUGBOARD_PROFILE_PATH": folder, "PLUGBOARD_PROFILES": "production"],
            executable: "plugboard-launch-checks")
        #expect(run.status == 78, "the misspelt variable chose nothing: \(run.errors)")
        #expect(
            run.errors.contains(
                "$PLUGBOARD_PROFILES:1:2: warning: PLUGBOARD_PROFILES is not a variable Plugboard reads; did you mean PLUGBOARD_PROFILE? [PB504]"
            ), "\(run.errors)")
        #expect(run.errors.contains("[PB305]"))

        // A program that does not require a profile runs, and still warns.
        let tolerant = try CLI.run(
            ["stop"], environment: ["PLUGBOARD_PROFILE_PATH": folder, "PLUGBOARD_PROFILES": "production"],
            executable: "plugboard-launch-checks")
        #expect(tolerant.status == 0, "\(tolerant.errors)")
        #expect(tolerant.errors.contains("did you mean PLUGBOARD_PROFILE? [PB504]"), "\(tolerant.errors)")
    }

    @Test func aSwiftConfigurationVariableOfADeclaredSettingIsNoWarning() throws {
        let run = try CLI.run(
            ["stop"], environment: ["PLUGBOARD_ORDERS_CONTAINER_RETRIES_VALUE": "4"],
            executable: "plugboard-launch-checks")
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.errors.contains("PB504"), "\(run.errors)")
    }

    @Test func aLaunchOnTheCodesDefaultsSaysSo() throws {
        let run = try CLI.run(["stop"], executable: "plugboard-launch-checks")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "shared orders.store=code-store orders.retries=0 payment.gateway=code-gateway\n")
        #expect(
            run.errors.contains(
                "no profile is active (no --plugboard-profile, PLUGBOARD_PROFILE or default profile): OrdersContainer, PaymentContainer run on the code's defaults"
            ), "\(run.errors)")
    }

    @Test func theValidatorWarnsOfAMisspeltVariableInADeploymentsEnvironmentFile() throws {
        let folder = try Self.profiles()
        let environment = folder + "/production.env"
        try "# production\nPLUGBOARD_PROFILES=production\nPLUGBOARD__OrdersContainer__store__use=memory\n".write(
            toFile: environment, atomically: true, encoding: .utf8)
        let run = try CLI.run(["validate", folder, "--env-file", environment])
        #expect(run.status == 0, "a warning does not fail the check: \(run.output)")
        #expect(
            run.output.contains(
                "production.env:2:1: warning: PLUGBOARD_PROFILES is not a variable Plugboard reads; did you mean PLUGBOARD_PROFILE? [PB504]"
            ), "\(run.output)")
    }
}
