import Foundation
@_spi(Tools) import PlugboardProfileFormat
import Testing

/// `promised()` factories that nothing provides (PB410), through a real two-container launch of
/// `plugboard-launch-checks` and through `plugboard validate` against the catalog that program exports: the
/// same findings, at the profile's line, on both sides.
@Suite struct PromisedFactoryTests {
    /// Writes `profiles` (name -> text) into a new folder.
    func folder(_ profiles: [String: String]) throws -> String {
        try CLI.folder(holding: profiles)
    }

    static let providesNothing = """
        plugboard: 1
        containers:
          OrdersContainer:
            store: { use: sql }
        """

    static let providesTheLoader = """
        plugboard: 1
        containers:
          AccountsContainer:
            accountLoader: { use: demo }
          OrdersContainer:
            store: { use: memory }
        """

    @Test func aProfileThatProvidesNothingIsRefusedAtLaunchAndInCIWithTheSameFindings() throws {
        let directory = try folder(["staging.yaml": Self.providesNothing])
        let launch = try CLI.run(
            ["promises", "--plugboard-profile", "staging"], environment: ["PLUGBOARD_PROFILE_PATH": directory],
            executable: "plugboard-launch-checks")
        let refusal =
            "staging.yaml:1:1: error: AccountsContainer.accountLoader is promised() and nothing provides it: the code "
            + "registers none in autoRegister(), and profile staging gives it no use: or value: [PB410]"
        let warning =
            "staging.yaml:1:1: warning: AccountsContainer.session is promised() and nothing provides it: the code "
            + "registers none in autoRegister(), and profile staging gives it no use: or value: [PB410]"
        #expect(launch.status == 78)
        #expect(launch.output.isEmpty, "the program never ran half-wired")
        #expect(launch.errors.contains(refusal), "\(launch.errors)")
        #expect(launch.errors.contains(warning), "\(launch.errors)")
        #expect(!launch.errors.contains("AccountsContainer.ledger"), "the code registers the ledger")

        let catalog = directory + "/catalog.json"
        let export = try CLI.run(
            ["promises", "--plugboard-export-catalog", catalog], executable: "plugboard-launch-checks")
        #expect(export.status == 0)
        let read = try Catalog.read(from: Data(contentsOf: URL(fileURLWithPath: catalog)))
        let factories = read.containers["AccountsContainer"]?.factories
        #expect(factories?["accountLoader"]?.unprovidedPromise == .error)
        #expect(factories?["session"]?.unprovidedPromise == .warning)
        #expect(factories?["ledger"]?.unprovidedPromise == nil)

        let validate = try CLI.run(["validate", directory + "/staging.yaml", "--catalog", catalog])
        #expect(validate.status == 1)
        #expect(validate.output.contains(refusal), "\(validate.output)")
        #expect(validate.output.contains(warning))
    }

    @Test func aProfileThatProvidesThePromiseLaunchesWithTheWarningForTheLaterOne() throws {
        let directory = try folder(["demo.yaml": Self.providesTheLoader])
        let launch = try CLI.run(
            ["promises", "--plugboard-profile", "demo"], environment: ["PLUGBOARD_PROFILE_PATH": directory],
            executable: "plugboard-launch-checks")
        #expect(launch.status == 0, "\(launch.errors)")
        #expect(launch.output == "accounts accountLoader=demo-loader ledger=code-ledger orders.store=memory-store\n")
        #expect(
            launch.errors.contains("demo.yaml:3:3: warning: AccountsContainer.session is promised()"),
            "\(launch.errors)")

        let catalog = directory + "/catalog.json"
        _ = try CLI.run(["promises", "--plugboard-export-catalog", catalog], executable: "plugboard-launch-checks")
        let validate = try CLI.run(["validate", directory + "/demo.yaml", "--catalog", catalog])
        #expect(validate.status == 0, "\(validate.output)")
        #expect(validate.output.contains("demo.yaml:3:3: warning: AccountsContainer.session is promised()"))
    }
}
