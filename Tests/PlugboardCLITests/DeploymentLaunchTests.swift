import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// Single-setting overrides and secrets through a real two-container program (`plugboard-launch-checks`)
/// launched as a subprocess, and the validator given the same deployment.
@Suite struct DeploymentLaunchTests {
    static let production = """
        plugboard: 1
        containers:
          OrdersContainer:
            store: { use: sql }
          PaymentContainer:
            gateway: { use: http, with: { url: "https://pay.example", apiKey: "env:PAYMENT_API_KEY" } }
        """

    /// A key no test output could contain by chance.
    static let key = "pk-\(UUID().uuidString)"

    /// The catalog `plugboard-launch-checks` exports, in a new folder.
    static func exportedCatalog() throws -> String {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        _ = try CLI.run(["--plugboard-export-catalog", catalog], executable: "plugboard-launch-checks")
        return catalog
    }

    /// Writes the production profile into a new folder and launches `scenario` with it and `environment`.
    func launch(
        _ arguments: [String] = [], scenario: String = "stop", environment: [String: String] = [:],
        profile: String = production
    ) throws -> (run: CLI.Run, folder: String) {
        let folder = CLI.temporaryDirectory()
        try profile.write(toFile: folder + "/production.yaml", atomically: true, encoding: .utf8)
        let base = [
            "PLUGBOARD_PROFILE_PATH": folder, "PAYMENT_API_KEY": Self.key, "LAUNCH_CHECKS_EXPECTED_KEY": Self.key,
        ]
        let run = try CLI.run(
            [scenario, "--plugboard-profile", "production"] + arguments,
            environment: base.merging(environment) { _, given in given }, executable: "plugboard-launch-checks")
        return (run, folder)
    }

    @Test func variablesChangeOneSettingInEachContainerAboveTheFile() throws {
        let (run, _) = try launch(environment: [
            "PLUGBOARD__OrdersContainer__retries__value": "4",
            "PLUGBOARD__PAYMENTCONTAINER__GATEWAY__WITH__TIMEOUTSECONDS": "2.5",
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output
                == "shared orders.store=sql-store orders.retries=4 payment.gateway=http-gateway https://pay.example timeout=2.5 key=expected\n",
            "the file's url and key stay beside the overridden timeout")
        #expect(
            run.errors.contains(
                "with overrides $PLUGBOARD__OrdersContainer__retries__value, $PLUGBOARD__PAYMENTCONTAINER__GATEWAY__WITH__TIMEOUTSECONDS:"
            ))
    }

    @Test func containersMadeAfterTheLaunchGetTheOverridesAndSecretsTheLaunchChecked() throws {
        let (run, _) = try launch(
            scenario: "later",
            environment: [
                "PLUGBOARD__OrdersContainer__retries__value": "4",
                "PLUGBOARD__PaymentContainer__gateway__with__timeoutSeconds": "2",
            ])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for line in lines {
            #expect(
                line.hasSuffix(
                    "orders.retries=4 payment.gateway=http-gateway https://pay.example timeout=2.0 key=expected"),
                "\(line)")
        }
    }

    @Test func anArgumentWinsOverAVariableForTheSameSetting() throws {
        let (run, _) = try launch(
            ["--plugboard-set", "OrdersContainer.store.use=memory"],
            environment: ["PLUGBOARD__OrdersContainer__store__use": "sql"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("shared orders.store=memory-store "))
    }

    @Test func aTypoInAVariableStopsTheLaunchBeforeTheProgramRuns() throws {
        let (run, _) = try launch(environment: [
            "PLUGBOARD__OrdersContainer__retries__value": "4",
            "PLUGBOARD__PaymentContainer__gateway__wiht__timeoutSeconds": "5",
            "PLUGBOARD__PaymentContaner__gateway__use": "stub",
        ])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(run.output.isEmpty, "nothing ran")
        #expect(
            run.errors.contains(
                "$PLUGBOARD__PaymentContainer__gateway__wiht__timeoutSeconds:1:40: error: unknown field 'wiht': an override sets use, scope, value or with; did you mean 'with'? [PB500]"
            ), "\(run.errors)")
        #expect(
            run.errors.contains(
                "$PLUGBOARD__PaymentContaner__gateway__use:1:13: error: unknown container 'PaymentContaner'; did you mean 'PaymentContainer'? [PB400]"
            ), "\(run.errors)")
    }

    @Test func overridesWithoutAnyProfileApplyOverTheCodeOrStopIt() throws {
        let applied = try CLI.run(
            ["stop"], environment: ["PLUGBOARD__OrdersContainer__store__use": "memory"],
            executable: "plugboard-launch-checks")
        #expect(applied.status == 0, "\(applied.errors)")
        #expect(
            applied.output.hasPrefix("shared orders.store=memory-store orders.retries=0 payment.gateway=code-gateway"))
        #expect(
            applied.errors.contains("applied setting overrides to OrdersContainer, PaymentContainer with overrides"))
        let refused = try CLI.run(
            ["stop"], environment: ["PLUGBOARD__OrdersContainer__store__use": "memry"],
            executable: "plugboard-launch-checks")
        #expect(refused.status == ProfileFailure.exitCode)
        #expect(
            refused.errors.contains(
                "plugboard: the setting overrides were not applied to OrdersContainer, PaymentContainer; stopping"),
            "\(refused.errors)")
    }

    @Test func aVariableWithOneUnderscoreAfterThePrefixStopsTheLaunchInsteadOfBeingIgnored() throws {
        let (run, _) = try launch(environment: ["PLUGBOARD_OrdersContainer__retries__value": "4"])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(
            run.errors.contains(
                "$PLUGBOARD_OrdersContainer__retries__value:1:2: error: PLUGBOARD_OrdersContainer__retries__value is not read as an override"
            ), "\(run.errors)")
        #expect(run.errors.contains("did you mean PLUGBOARD__OrdersContainer__retries__value? [PB500]"))
    }

    @Test func aSecretFromAMountedFileReachesTheGatewayAndIsPrintedNowhere() throws {
        let secrets = CLI.temporaryDirectory()
        try (Self.key + "\n").write(toFile: secrets + "/payment_key", atomically: true, encoding: .utf8)
        let (run, _) = try launch(
            ["--plugboard-set", "PaymentContainer.gateway.with.apiKey=file:\(secrets)/payment_key"],
            environment: ["PAYMENT_API_KEY": "not-this-one"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasSuffix("key=expected\n"), "the file's key, without its newline")
        #expect(run.errors.contains("apiKey: Optional(Secret(file:\(secrets)/payment_key, redacted))"))
        #expect(!(run.output + run.errors).contains(Self.key))
    }

    @Test func aMissingSecretRefusesTheLaunchNamingTheReference() throws {
        let (run, folder) = try launch(environment: ["PAYMENT_API_KEY": ""])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(run.output.isEmpty)
        #expect(
            run.errors.contains("\(folder)/production.yaml:6:71: error: secret env:PAYMENT_API_KEY is empty [PB502]"),
            "\(run.errors)")
    }

    @Test func aLiteralWhereASecretBelongsIsRefusedWithoutRepeatingIt() throws {
        let (run, _) = try launch(["--plugboard-set", "PaymentContainer.gateway.with.apiKey=\(Self.key)"])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(
            run.errors.contains(
                "--plugboard-set PaymentContainer.gateway.with.apiKey:1:54: error: expected a secret reference (env:NAME, file:PATH or config:KEY)"
            ), "\(run.errors)")
        #expect(!(run.output + run.errors).contains(Self.key))
    }

    @Test func aProgramsConfigReaderSetsSettingsAndSecretsWithItsOwnPrecedence() throws {
        let profile = """
            plugboard: 1
            containers:
              PaymentContainer:
                gateway: { use: http, with: { url: "https://pay.example", apiKey: "config:payments.apiKey" } }
            """
        // In memory: store memory, retries 2, the key; the environment provider comes first and says retries 9;
        // Plugboard's own variable comes above the whole configuration.
        let (configured, _) = try launch(
            scenario: "configuration",
            environment: ["LAUNCH_CHECKS_CONFIG_KEY": Self.key, "PLUGBOARD_ORDERS_CONTAINER_RETRIES_VALUE": "9"],
            profile: profile)
        #expect(configured.status == 0, "\(configured.errors)")
        #expect(
            configured.output
                == "shared orders.store=memory-store orders.retries=9 payment.gateway=http-gateway https://pay.example key=expected\n"
        )
        #expect(configured.errors.contains("with overrides config plugboard.OrdersContainer.retries.value"))
        #expect(!(configured.output + configured.errors).contains(Self.key))

        let (overridden, _) = try launch(
            scenario: "configuration",
            environment: [
                "LAUNCH_CHECKS_CONFIG_KEY": Self.key, "PLUGBOARD_ORDERS_CONTAINER_RETRIES_VALUE": "9",
                "PLUGBOARD__OrdersContainer__retries__value": "11",
            ], profile: profile)
        #expect(overridden.output.hasPrefix("shared orders.store=memory-store orders.retries=11 "))

        // Without the environment provider's value, the in-memory default: a number as the configuration holds it.
        let (defaults, _) = try launch(
            scenario: "configuration", environment: ["LAUNCH_CHECKS_CONFIG_KEY": Self.key], profile: profile)
        #expect(defaults.output.hasPrefix("shared orders.store=memory-store orders.retries=2 "), "\(defaults.errors)")

        let (missing, folder) = try launch(scenario: "configuration", profile: profile)
        #expect(missing.status == ProfileFailure.exitCode)
        #expect(
            missing.errors.contains(
                "\(folder)/production.yaml:4:71: error: secret config:payments.apiKey is not in the program's configuration [PB502]"
            ), "\(missing.errors)")
    }

    /// The validator, given the deployment's environment file, finds what the launch with that environment finds.
    @Test func theValidatorChecksADeploymentsVariablesAsTheLaunchDoes() throws {
        let catalog = try Self.exportedCatalog()
        let variables = [
            "PLUGBOARD__OrdersContainer__store__use": "memry",
            "PLUGBOARD__PaymentContainer__gateway__with__timeoutSeconds": "soon",
        ]
        let (launched, folder) = try launch(environment: variables)
        let deployment = CLI.temporaryDirectory() + "/production.env"
        try (["# production, eu-west"] + variables.sorted { $0.key < $1.key }.map { "export \($0.key)=\($0.value)" })
            .joined(separator: "\n").write(toFile: deployment, atomically: true, encoding: .utf8)
        let validated = try CLI.run([
            "validate", folder, "--catalog", catalog, "--profile", "production", "--env-file", deployment,
        ])
        #expect(validated.status == 1)
        // The same findings, each at its variable: the launch names the variable, the validator its line.
        #expect(
            launched.errors.contains(
                "$PLUGBOARD__OrdersContainer__store__use:1:41: error: unknown implementation 'memry' for OrdersContainer.store (declared: memory, sql); did you mean 'memory'? [PB402]"
            ), "\(launched.errors)")
        #expect(
            validated.output.contains(
                "\(deployment):2:47: error: unknown implementation 'memry' for OrdersContainer.store (declared: memory, sql); did you mean 'memory'? [PB402]"
            ), "\(validated.output)")
        #expect(
            launched.errors.contains(
                "$PLUGBOARD__PaymentContainer__gateway__with__timeoutSeconds:1:61: error: expected a number"))
        #expect(validated.output.contains("\(deployment):3:67: error: expected a number"))

        // explain, given the same variables from its own environment, shows each with its origin.
        let explained = try CLI.run(
            ["explain", "production", "--dir", folder, "--catalog", catalog, "--environment"],
            environment: ["PLUGBOARD__OrdersContainer__store__use": "memory"])
        #expect(explained.status == 0, "\(explained.output)")
        #expect(
            explained.output.contains(
                "OrdersContainer.store.use = memory  ($PLUGBOARD__OrdersContainer__store__use:1; overrides \(folder)/production.yaml:4)"
            ), "\(explained.output)")

        // With --resolve-secrets, a key the validator's environment lacks is an error; given, it passes.
        let good = CLI.temporaryDirectory() + "/good.env"
        try "PLUGBOARD__OrdersContainer__store__use=memory\n".write(toFile: good, atomically: true, encoding: .utf8)
        let unresolved = try CLI.run(
            [
                "validate", folder, "--catalog", catalog, "--profile", "production", "--env-file", good,
                "--resolve-secrets",
            ])
        #expect(unresolved.status == 1)
        #expect(unresolved.output.contains("error: secret env:PAYMENT_API_KEY is not set"), "\(unresolved.output)")
        let resolved = try CLI.run(
            [
                "validate", folder, "--catalog", catalog, "--profile", "production", "--env-file", good,
                "--resolve-secrets",
            ],
            environment: ["PAYMENT_API_KEY": Self.key])
        #expect(resolved.status == 0, "\(resolved.output)")
        let sarif = try CLI.run(
            [
                "validate", folder, "--catalog", catalog, "--profile", "production", "--set",
                "OrdersContainer.store.use=memry", "--format", "sarif",
            ])
        #expect(sarif.output.contains("\"uri\" : \"--set%20OrdersContainer.store.use\""), "a valid URI reference")
        // Every format, with the key resolved and a finding to report: the validator ran, reported the
        // finding, and printed the key nowhere.
        for format in ["text", "github", "json", "sarif"] {
            let report = try CLI.run(
                [
                    "validate", folder, "--catalog", catalog, "--profile", "production", "--resolve-secrets",
                    "--set", "OrdersContainer.store.use=memry", "--format", format,
                ],
                environment: ["PAYMENT_API_KEY": Self.key])
            #expect(report.status == 1, "\(format): \(report.output)\(report.errors)")
            #expect(report.output.contains("PB402"), "\(format): the override's finding is reported")
            #expect(report.output.contains("memry"), "\(format)")
            #expect(!(report.output + report.errors).contains(Self.key), "\(format)")
        }
    }

    /// With --profile, --resolve-secrets resolves what the launch resolves: the merged deployment's references,
    /// not a parent's that the deployment replaces nor a file path that the environment file redirects.
    @Test func resolvingSecretsChecksTheMergedDeploymentAsTheLaunchDoes() throws {
        let catalog = try Self.exportedCatalog()
        let folder = CLI.temporaryDirectory()
        try """
        plugboard: 1
        containers:
          PaymentContainer:
            gateway: { use: http, with: { url: "https://sandbox.example", apiKey: "env:STAGING_ONLY_KEY" } }
        """.write(toFile: folder + "/staging.yaml", atomically: true, encoding: .utf8)
        try """
        plugboard: 1
        extends: staging
        containers:
          PaymentContainer:
            gateway: { use: http, with: { url: "https://pay.example", apiKey: "file:/run/secrets/not-mounted-here" } }
        """.write(toFile: folder + "/production.yaml", atomically: true, encoding: .utf8)
        let secrets = CLI.temporaryDirectory()
        try (Self.key + "\n").write(toFile: secrets + "/payment_key", atomically: true, encoding: .utf8)
        let redirect = "file:\(secrets)/payment_key"
        let deployment = CLI.temporaryDirectory() + "/production.env"
        try "PLUGBOARD__PaymentContainer__gateway__with__apiKey=\(redirect)\n".write(
            toFile: deployment, atomically: true, encoding: .utf8)

        let validated = try CLI.run([
            "validate", folder, "--catalog", catalog, "--profile", "production", "--env-file", deployment,
            "--resolve-secrets",
        ])
        #expect(validated.status == 0, "\(validated.output)")
        #expect(!validated.output.contains("STAGING_ONLY_KEY") && !validated.output.contains("not-mounted-here"))

        let launched = try CLI.run(
            ["stop", "--plugboard-profile", "production"],
            environment: [
                "PLUGBOARD_PROFILE_PATH": folder, "PLUGBOARD__PaymentContainer__gateway__with__apiKey": redirect,
                "LAUNCH_CHECKS_EXPECTED_KEY": Self.key,
            ], executable: "plugboard-launch-checks")
        #expect(launched.status == 0, "\(launched.errors)")
        #expect(launched.output.hasSuffix("payment.gateway=http-gateway https://pay.example key=expected\n"))

        // Without the redirect, the deployment's own file reference is resolved, and missing, on both sides.
        let unredirected = try CLI.run([
            "validate", folder, "--catalog", catalog, "--profile", "production", "--resolve-secrets",
        ])
        #expect(unredirected.status == 1)
        #expect(
            unredirected.output.contains(
                "error: secret file:/run/secrets/not-mounted-here cannot be read (no such file, or not readable) [PB502]"
            ),
            "\(unredirected.output)")
        #expect(!unredirected.output.contains("STAGING_ONLY_KEY"), "the parent's reference is replaced")
    }

    /// A `config:` reference only the program's configuration resolves: the validator says it did not check it.
    @Test func resolvingSecretsReportsConfigurationReferencesAsNotChecked() throws {
        let catalog = try Self.exportedCatalog()
        let folder = CLI.temporaryDirectory()
        try """
        plugboard: 1
        containers:
          PaymentContainer:
            gateway: { use: http, with: { url: "https://pay.example", apiKey: "config:payments.apiKey" } }
        """.write(toFile: folder + "/production.yaml", atomically: true, encoding: .utf8)
        for arguments in [["--profile", "production"], []] {
            let run = try CLI.run(["validate", folder, "--catalog", catalog, "--resolve-secrets"] + arguments)
            #expect(run.status == 0, "\(run.output)")
            #expect(
                run.output.contains(
                    "production.yaml:4:71: warning: secret config:payments.apiKey comes from the program's configuration, which only the launch reads: not checked [PB409]"
                ), "\(run.output)")
        }
    }

    /// explain says what an override of one field inside `with` replaced, as it does for a whole setting, and
    /// the launch with the same override applies the same field.
    @Test func explainNamesTheFieldAnOverrideOfOneSettingReplaced() throws {
        let catalog = try Self.exportedCatalog()
        let override = "PaymentContainer.gateway.with.url=https://other.example"
        let (launched, folder) = try launch(["--plugboard-set", override])
        #expect(launched.status == 0, "\(launched.errors)")
        #expect(launched.output.contains("payment.gateway=http-gateway https://other.example "), "\(launched.output)")

        let explained = try CLI.run([
            "explain", "production", "--dir", folder, "--catalog", catalog, "--set", override,
        ])
        #expect(explained.status == 0, "\(explained.output)")
        #expect(
            explained.output.contains(
                "PaymentContainer.gateway.with.url = https://other.example  (--set PaymentContainer.gateway.with.url:1; overrides \(folder)/production.yaml:6)"
            ), "\(explained.output)")
        #expect(
            explained.output.contains(
                "PaymentContainer.gateway.with.apiKey = \"env:PAYMENT_API_KEY\"  (\(folder)/production.yaml:6)"),
            "the fields it did not set keep their own origin: \(explained.output)")
    }
}
