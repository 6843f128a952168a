import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// The program-level launch, through a real two-container program (`plugboard-launch-checks`) run as a
/// subprocess: all containers are checked before any changes, and refused profiles change none.
@Suite struct ProgramLaunchTests {
    /// Writes `profiles` (name -> YAML) into a new folder and runs `scenario` with `--plugboard-profile name`.
    func launch(_ scenario: String, profile: String, _ profiles: [String: String]) throws -> CLI.Run {
        let directory = CLI.temporaryDirectory()
        for (name, text) in profiles {
            try text.write(toFile: "\(directory)/\(name).yaml", atomically: true, encoding: .utf8)
        }
        return try CLI.run(
            [scenario, "--plugboard-profile", profile], environment: ["PLUGBOARD_PROFILE_PATH": directory],
            executable: "plugboard-launch-checks")
    }

    static let good = """
        plugboard: 1
        containers:
          OrdersContainer:
            store: { use: sql }
            retries: { value: 3 }
          PaymentContainer:
            gateway: { use: http, with: { url: "https://pay.example" } }
        """

    /// Right for OrdersContainer, wrong for PaymentContainer only.
    static let wrongForPayment = """
        plugboard: 1
        containers:
          OrdersContainer:
            store: { use: sql }
            retries: { value: 3 }
          PaymentContainer:
            gateway: { use: http, with: { url: "" } }
        """

    @Test func oneLaunchAppliesToEveryContainer() throws {
        let run = try launch("stop", profile: "good", ["good": Self.good])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output
                == "shared orders.store=sql-store orders.retries=3 payment.gateway=http-gateway https://pay.example\n")
        #expect(
            run.errors.contains(
                "applied profile good (--plugboard-profile) to OrdersContainer, PaymentContainer from "))
        #expect(
            run.errors.contains(
                "3 factories changed (OrdersContainer.store, OrdersContainer.retries, PaymentContainer.gateway)"))
    }

    /// Under `stop` the process ends, so this shows only that nothing ran; that neither container changed is
    /// shown by the launch API and `keepDefaults`, whose programs go on (below).
    @Test func aProfileWrongForOneContainerStopsTheLaunch() throws {
        let run = try launch("stop", profile: "bad", ["bad": Self.wrongForPayment])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(run.output.isEmpty, "stopped at launch, before the program ran")
        #expect(run.errors.contains("bad.yaml:7:40: error: expected a URL, found \"\" [PB407]"))
        #expect(
            run.errors.contains("plugboard: profile bad was not applied to OrdersContainer, PaymentContainer; stopping")
        )
    }

    @Test func withKeepDefaultsAProfileWrongForOneContainerChangesNeither() throws {
        let run = try launch("keep-defaults", profile: "bad", ["bad": Self.wrongForPayment])
        #expect(run.status == 0)
        #expect(
            run.output == """
                shared orders.store=code-store orders.retries=0 payment.gateway=code-gateway
                fresh orders.store=code-store orders.retries=0 payment.gateway=code-gateway

                """)
        #expect(
            run.errors.contains(
                "error plugboard: [PlugboardProfiles] profile bad was not applied to OrdersContainer, PaymentContainer; keeping the code's defaults"
            ))
    }

    @Test(arguments: ["OrdersContianer", "PaymentContianer", "ShippingContainer"])
    func aContainerSectionNoContainerDeclaredStopsTheLaunch(section: String) throws {
        let profile =
            "plugboard: 1\ncontainers:\n  OrdersContainer:\n    retries: { value: 3 }\n  \(section):\n    store: { use: sql }\n"
        let run = try launch("stop", profile: "typo", ["typo": profile])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(run.output.isEmpty)
        let suggestion =
            section.hasPrefix("Orders")
            ? "; did you mean 'OrdersContainer'?"
            : section.hasPrefix("Payment") ? "; did you mean 'PaymentContainer'?" : ""
        #expect(
            run.errors.contains("typo.yaml:5:3: error: unknown container '\(section)'\(suggestion) [PB400]"),
            "\(run.errors)")
    }

    @Test func containersMadeLaterApplyWhatTheLaunchCheckedWithoutReadingTheFilesAgain() throws {
        // The scenario deletes the profile right after the launch, then makes new containers and resets one.
        let run = try launch("later", profile: "good", ["good": Self.good])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output == """
                shared orders.store=sql-store orders.retries=3 payment.gateway=http-gateway https://pay.example
                fresh orders.store=sql-store orders.retries=3 payment.gateway=http-gateway https://pay.example
                after-reset orders.store=sql-store orders.retries=3 payment.gateway=http-gateway https://pay.example

                """)
    }

    @Test func theLaunchAPIReturnsTheOutcomeAndNeverEndsTheProcess() throws {
        let run = try launch("launch-api", profile: "bad", ["bad": Self.wrongForPayment])
        #expect(run.status == 0)
        #expect(
            run.output == """
                outcome=refused errors=1 containers=OrdersContainer,PaymentContainer changed=0
                shared orders.store=code-store orders.retries=0 payment.gateway=code-gateway

                """)
        #expect(run.errors.isEmpty, "nothing printed or logged: the program decides")
    }

    /// Right for OrdersContainer; PaymentContainer's part fails as `failure` says, each a different stage of the
    /// launch: resolving a secret, matching an override, the program decoding its own settings, a scope that
    /// cannot take effect.
    static let secondContainerFailures: [(failure: String, payment: String, arguments: [String], finding: String)] = [
        (
            "an unset secret",
            "gateway: { use: http, with: { url: \"https://pay.example\", apiKey: \"env:LAUNCH_CHECKS_UNSET\" } }",
            [], "secret env:LAUNCH_CHECKS_UNSET is not set"
        ),
        (
            "an override typo", "gateway: { use: stub }",
            ["--plugboard-set", "PaymentContainer.gatewy.use=http"], "did you mean 'gateway'? [PB401]"
        ),
        (
            "a value the program decodes",
            "gateway: { use: http, with: { url: \"https://pay.example\", timeoutSeconds: \"soon\" } }",
            [], "[PB407]"
        ),
        ("a scope without effect", "region: { scope: singleton }", [], "[PB408]"),
    ]

    static func orderedRightPaymentWrong(_ payment: String) -> String {
        "plugboard: 1\ncontainers:\n  OrdersContainer:\n    store: { use: sql }\n    retries: { value: 3 }\n"
            + "  PaymentContainer:\n    \(payment)\n"
    }

    @Test(arguments: secondContainerFailures.map(\.failure), ["launch-api", "keep-defaults"])
    func aSecondContainersFailureLeavesBothUnchanged(failure: String, scenario: String) throws {
        let failing = try #require(Self.secondContainerFailures.first { $0.failure == failure })
        let directory = CLI.temporaryDirectory()
        try Self.orderedRightPaymentWrong(failing.payment).write(
            toFile: directory + "/mixed.yaml", atomically: true, encoding: .utf8)
        let run = try CLI.run(
            [scenario, "--plugboard-profile", "mixed"] + failing.arguments,
            environment: ["PLUGBOARD_PROFILE_PATH": directory], executable: "plugboard-launch-checks")
        #expect(run.status == 0, "\(run.errors)")
        let unchanged = "orders.store=code-store orders.retries=0 payment.gateway=code-gateway"
        if scenario == "launch-api" {
            #expect(
                run.output.hasPrefix(
                    "outcome=refused errors=1 containers=OrdersContainer,PaymentContainer changed=0\n"),
                "\(run.output)")
            #expect(run.output.contains("shared \(unchanged)\n"), "\(run.output)")
        } else {
            #expect(run.output == "shared \(unchanged)\nfresh \(unchanged)\n", "\(run.output)")
            #expect(run.errors.contains(failing.finding), "\(run.errors)")
            #expect(run.errors.contains("keeping the code's defaults"))
            #expect(!run.errors.contains("factories changed"))
        }
    }

    @Test func withoutABootstrapTheFirstContainerIsTheWholeProgram() throws {
        let run = try launch("lazy", profile: "good", ["good": Self.good])
        #expect(run.status == ProfileFailure.exitCode)
        #expect(
            run.errors.contains(
                "good.yaml:6:3: error: unknown container 'PaymentContainer' (a program with several profile-aware containers lists them in ProfileSystem.bootstrap) [PB400]"
            ))
    }

    /// A one-container app without a bootstrap: its first `applyProfile` is its launch. A `reset()` after the
    /// profile was edited into a wrong one applies the launch's wiring without reading the file (no exit), a
    /// reload reads it and is refused, and a reload of a fixed file applies, and a reset then keeps it.
    @Test func aOneContainerLaunchHappensOnceAndIsReloaded() throws {
        let directory = CLI.temporaryDirectory()
        let file = directory + "/app.yaml"
        try "plugboard: 1\ncontainers:\n  OrdersContainer:\n    store: { use: sql }\n    retries: { value: 3 }\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try CLI.run(
            ["lazy-reset", "--plugboard-profile", "app"],
            environment: ["PLUGBOARD_PROFILE_PATH": directory, "LAUNCH_CHECKS_PROFILE_FILE": file],
            executable: "plugboard-launch-checks")
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output == """
                launched orders.store=sql-store orders.retries=3
                after-reset orders.store=sql-store orders.retries=3
                fresh orders.store=sql-store orders.retries=3
                reload refused(generation: 1, 
                reload applied(generation: 2, changedFactories: ["OrdersContainer.retries", "OrdersContainer.store"])
                after-reload-reset orders.store=memory-store orders.retries=0

                """)
        #expect(run.errors.contains("app.yaml:4:23: error:"), "the refused reload's finding, logged")
    }

    /// A program's demo mode, in a real launch: `ProfileSystem.switchProfiles(to:)` rewires both containers
    /// and back; a switch to a profile that does not exist is refused, logged, and changes neither.
    @Test func aProgramSwitchesItsProfilesWhileItRunsAndARefusedSwitchChangesNothing() throws {
        let directory = CLI.temporaryDirectory()
        try "plugboard: 1\ncontainers:\n  OrdersContainer:\n    store: { use: sql }\n".write(
            toFile: directory + "/app.yaml", atomically: true, encoding: .utf8)
        try """
        plugboard: 1
        containers:
          OrdersContainer:
            store: { use: memory }
            retries: { value: 7 }
          PaymentContainer:
            gateway: { use: stub }
        """.write(toFile: directory + "/demo.yaml", atomically: true, encoding: .utf8)
        let run = try CLI.run(
            ["switch", "--plugboard-profile", "app"], environment: ["PLUGBOARD_PROFILE_PATH": directory],
            executable: "plugboard-launch-checks")
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output == """
                launched ["app"]: orders.store=sql-store orders.retries=0 payment.gateway=code-gateway
                demo applied=true generation=2 ["demo"]: orders.store=memory-store orders.retries=7 payment.gateway=stub-gateway
                missing applied=false generation=2 ["demo"]: orders.store=memory-store orders.retries=7 payment.gateway=stub-gateway
                back applied=true generation=3 ["app"]: orders.store=sql-store orders.retries=0 payment.gateway=code-gateway

                """)
        #expect(run.errors.contains("switched to profile demo (code) for OrdersContainer, PaymentContainer"))
        #expect(run.errors.contains("switch to profile missing (code) refused"), "\(run.errors)")
    }

    @Test func theExportedCatalogHasEveryListedContainerAndValidatesTheProfiles() throws {
        let directory = CLI.temporaryDirectory()
        let catalog = directory + "/catalog.json"
        let export = try CLI.run(
            ["stop", "--plugboard-export-catalog", catalog], executable: "plugboard-launch-checks")
        #expect(export.status == 0)
        #expect(export.output.isEmpty, "exits before the program runs")
        let read = try Catalog.read(from: Data(contentsOf: URL(fileURLWithPath: catalog)))
        #expect(read.containers.keys.sorted() == ["OrdersContainer", "PaymentContainer"])
        #expect(
            read.containers["PaymentContainer"]?.factories["gateway"]?.implementations["http"]?.settings
                == .object(properties: ["url": .url, "timeoutSeconds": .number, "apiKey": .secret], required: ["url"]))

        try Self.good.write(toFile: directory + "/good.yaml", atomically: true, encoding: .utf8)
        try Self.wrongForPayment.write(toFile: directory + "/bad.yaml", atomically: true, encoding: .utf8)
        let validate = try CLI.run([
            "validate", directory + "/good.yaml", directory + "/bad.yaml", "--catalog", catalog,
        ])
        #expect(validate.status == 1)
        #expect(
            validate.output.contains("bad.yaml:7:40: error: expected a URL, found \"\" [PB407]"),
            "the launch's finding, in CI")
        #expect(validate.output.contains("2 files checked: 1 valid, 1 invalid"))
    }

    /// A container whose `autoRegister()` warms a cached instance and a singleton from the orders store gets
    /// both built again from the profile; the singleton gets a warning, and the launch applies, as the
    /// validator says it does.
    @Test func whatAutoRegisterBuiltIsBuiltAgainFromTheProfile() throws {
        let run = try launch("warm", profile: "good", ["good": Self.good])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "warm summary=summary over sql-store banner=banner over sql-store\n")
        #expect(
            run.errors.contains(
                "good.yaml:4:5: warning: the singleton WarmingContainer.banner was built before the launch applied "
                    + "OrdersContainer.store"), "\(run.errors)")
        #expect(run.errors.contains("applied profile good (--plugboard-profile) to OrdersContainer, PaymentContainer"))

        let directory = CLI.temporaryDirectory()
        let catalog = directory + "/catalog.json"
        let export = try CLI.run(
            ["warm", "--plugboard-export-catalog", catalog], executable: "plugboard-launch-checks")
        #expect(export.status == 0)
        try Self.good.write(toFile: directory + "/good.yaml", atomically: true, encoding: .utf8)
        let validate = try CLI.run(["validate", directory + "/good.yaml", "--catalog", catalog])
        #expect(validate.status == 0, "\(validate.output)")
    }

    /// A launch from the folder that holds `Profiles/` prints the files relative to it, as the validator does
    /// when given `Profiles`; a file outside the working directory keeps its absolute path.
    @Test func theLaunchPrintsProfilePathsRelativeToTheWorkingDirectory() throws {
        let directory = CLI.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/Profiles", withIntermediateDirectories: true)
        try "plugboard: 1\ncontainers:\n  OrdersContainer:\n    store: { uses: sql }\n".write(
            toFile: directory + "/Profiles/staging.yaml", atomically: true, encoding: .utf8)
        let launched = try CLI.run(
            ["stop", "--plugboard-profile", "staging"], in: directory, executable: "plugboard-launch-checks")
        let validated = try CLI.run(["validate", "Profiles"], in: directory)
        #expect(launched.status == ProfileFailure.exitCode)
        let line = "Profiles/staging.yaml:4:14: error: unknown field 'uses'; did you mean 'use'? [PB200]"
        #expect(launched.errors.hasPrefix(line + "\n"), "\(launched.errors)")
        #expect(validated.output.contains(line), "\(validated.output)")

        let elsewhere = try CLI.run(
            ["stop", "--plugboard-profile", "staging"],
            environment: ["PLUGBOARD_PROFILE_PATH": directory + "/Profiles"],
            executable: "plugboard-launch-checks")
        #expect(elsewhere.errors.hasPrefix(directory + "/" + line), "\(elsewhere.errors)")
    }

    /// The program installed beside a `Profiles` folder (`Bundle.main`'s on Linux), run from a folder without
    /// one: the launch finds its profiles there, and a folder searched earlier still wins.
    @Test func theLaunchFindsProfilesBesideTheExecutableAndEarlierFoldersWin() throws {
        let installed = CLI.temporaryDirectory()
        let program = installed + "/plugboard-launch-checks"
        try FileManager.default.copyItem(atPath: CLI.binary("plugboard-launch-checks"), toPath: program)
        try FileManager.default.createDirectory(atPath: installed + "/Profiles", withIntermediateDirectories: true)
        try Self.good.write(toFile: installed + "/Profiles/good.yaml", atomically: true, encoding: .utf8)
        let elsewhere = CLI.temporaryDirectory()

        let beside = try CLI.run(["stop", "--plugboard-profile", "good"], in: elsewhere, executable: program)
        #expect(beside.status == 0, "\(beside.errors)")
        #expect(beside.output.contains("orders.retries=3"), "\(beside.output)")
        #expect(beside.errors.contains("from \(installed)/Profiles/good.yaml"), "\(beside.errors)")

        let earlier = CLI.temporaryDirectory()
        try Self.good.replacingOccurrences(of: "value: 3", with: "value: 5").write(
            toFile: earlier + "/good.yaml", atomically: true, encoding: .utf8)
        let first = try CLI.run(
            ["stop", "--plugboard-profile", "good"], in: elsewhere, environment: ["PLUGBOARD_PROFILE_PATH": earlier],
            executable: program)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("orders.retries=5"), "\(first.output)")
    }
}
