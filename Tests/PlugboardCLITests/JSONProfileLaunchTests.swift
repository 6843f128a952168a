import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// JSON profiles, which every build reads, through the real two-container program (`plugboard-launch-checks`)
/// and the validator, both run as subprocesses. CI runs this suite in the build without the `YAML` trait too
/// (the graph an iOS app gets, without libyaml), where a YAML profile must be refused by name.
@Suite struct JSONProfileLaunchTests {
    /// Writes `profiles` (file name -> text) into a new folder and runs `scenario` with `--plugboard-profile`.
    func launch(_ scenario: String, profile: String, _ profiles: [String: String]) throws -> (CLI.Run, String) {
        let directory = CLI.temporaryDirectory()
        for (name, text) in profiles {
            try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
        }
        let run = try CLI.run(
            [scenario, "--plugboard-profile", profile], environment: ["PLUGBOARD_PROFILE_PATH": directory],
            executable: "plugboard-launch-checks")
        return (run, directory)
    }

    static let good = """
        {
          "plugboard": 1,
          "containers": {
            "OrdersContainer": { "store": { "use": "sql" }, "retries": { "value": 3 } },
            "PaymentContainer": { "gateway": { "use": "http", "with": { "url": "https://pay.example" } } }
          }
        }
        """

    /// Right for OrdersContainer, wrong for PaymentContainer only.
    static let wrongForPayment = """
        {
          "plugboard": 1,
          "containers": {
            "OrdersContainer": { "store": { "use": "sql" }, "retries": { "value": 3 } },
            "PaymentContainer": { "gateway": { "use": "http", "with": { "url": "" } } }
          }
        }
        """

    @Test func aJSONProfileAppliesToEveryContainerAndToContainersMadeLater() throws {
        let (run, _) = try launch("later", profile: "good", ["good.json": Self.good])
        #expect(run.status == 0, "\(run.errors)")
        let wired = "orders.store=sql-store orders.retries=3 payment.gateway=http-gateway https://pay.example"
        #expect(run.output == "shared \(wired)\nfresh \(wired)\nafter-reset \(wired)\n")
    }

    @Test func aJSONProfileWrongForOneContainerChangesNeither() throws {
        let (stopped, _) = try launch("stop", profile: "bad", ["bad.json": Self.wrongForPayment])
        #expect(stopped.status == ProfileFailure.exitCode)
        #expect(stopped.output.isEmpty)
        #expect(
            stopped.errors.contains("bad.json:5:72: error: expected a URL, found \"\" [PB407]"), "\(stopped.errors)")

        let (kept, _) = try launch("keep-defaults", profile: "bad", ["bad.json": Self.wrongForPayment])
        #expect(kept.status == 0)
        #expect(
            kept.output == """
                shared orders.store=code-store orders.retries=0 payment.gateway=code-gateway
                fresh orders.store=code-store orders.retries=0 payment.gateway=code-gateway

                """)
    }

    /// The same YAML profile at launch and in the validator: applied where libyaml is; elsewhere refused by
    /// both, naming the file and the JSON file to ship instead, before the program runs.
    @Test func aYAMLProfileIsAppliedWhereLibyamlIsAndRefusedByNameByLaunchAndValidatorElsewhere() throws {
        let yaml = """
            plugboard: 1
            containers:
              OrdersContainer:
                retries: { value: 4 }
            """
        let (run, directory) = try launch("stop", profile: "edge", ["edge.yaml": yaml])
        let validated = try CLI.run(["validate", directory])
        if ProfileParser.readsYAML {
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.hasPrefix("shared orders.store=code-store orders.retries=4 "))
            #expect(validated.status == 0, "\(validated.output)")
        } else {
            // On Linux, no YAML means the trait is off: the refusal says how to turn it on.
            let refusal = "edge.yaml:1:1: error: this build reads JSON profiles only (Plugboard's YAML trait is off)"
            #expect(run.status == ProfileFailure.exitCode)
            #expect(run.output.isEmpty)
            #expect(run.errors.contains(refusal), "\(run.errors)")
            #expect(
                run.errors.contains(
                    "as edge.json, or depend on Plugboard with traits: [\"YAML\"] (here: --traits YAML) and install "
                        + "libyaml (apt-get install libyaml-dev, brew install libyaml) [PB115]"),
                "\(run.errors)")
            #expect(validated.status == 1)
            #expect(validated.output.contains(refusal), "\(validated.output)")
        }
    }
}
