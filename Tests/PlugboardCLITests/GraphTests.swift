import Foundation
import Testing

/// `plugboard graph` over the catalog a real two-container program (`plugboard-launch-checks`) exports.
@Suite struct GraphTests {
    /// A folder with the program's catalog and `profiles` (name -> YAML).
    func folder(_ profiles: [String: String]) throws -> String {
        let directory = try CLI.folder(holding: Dictionary(uniqueKeysWithValues: profiles.map { ($0 + ".yaml", $1) }))
        let export = try CLI.run(
            ["warm", "--plugboard-export-catalog", directory + "/catalog.json"], executable: "plugboard-launch-checks")
        #expect(export.status == 0, "\(export.errors)")
        return directory
    }

    static let local = """
        plugboard: 1
        containers:
          OrdersContainer:
            retries: { value: 3 }
        """

    @Test func mermaidDrawsEveryDeclaredFactoryAndWhereEachChoiceWasMade() throws {
        let directory = try folder(["good": ProgramLaunchTests.good])
        let run = try CLI.run(["graph", "good", "--dir", directory, "--catalog", directory + "/catalog.json"])
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "%% profiles good from good.yaml")
        #expect(lines.contains("flowchart LR"))
        #expect(lines.contains(#"  subgraph container0["OrdersContainer"]"#))
        #expect(lines.contains(#"  subgraph container1["PaymentContainer"]"#))
        #expect(lines.contains(#"    c0f1["store: String<br/>use = sql  (good.yaml:4)"]:::changed"#), "\(run.output)")
        #expect(
            lines.contains(
                #"    c1f0["gateway: String<br/>use = http  (good.yaml:7)<br/>with = {url: #quot;https://pay.example#quot;}  (good.yaml:7)"]:::changed"#
            ), "\(run.output)")
        // Declared in code, named by no profile: drawn as the code wires it, with the scope its definition sets.
        let region = #"    c1f1["region: String<br/>the code's wiring<br/>scope = cached  (the code's definition)"]"#
        #expect(lines.contains(region), "\(run.output)")
        #expect(run.output.contains("is not shown: a catalog does not record it"))
    }

    @Test func dotDrawsTheSameAndDiffMarksWhatTheOtherProfilesWireDifferently() throws {
        let directory = try folder(["good": ProgramLaunchTests.good, "local": Self.local])
        let run = try CLI.run([
            "graph", "good", "--dir", directory, "--catalog", directory + "/catalog.json", "--diff", "local",
            "--format", "dot",
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("// profiles good from good.yaml; marked where local differs\n"))
        #expect(run.output.contains("digraph wiring {"))
        #expect(run.output.contains(#"    label="OrdersContainer";"#))
        // Both set retries to 3: the same, only changed from the code.
        #expect(
            run.output.contains(
                ##"    c0f0 [label="retries: Int\lvalue = 3  (good.yaml:5)\l", style=filled, fillcolor="#fff4c2"];"##),
            "\(run.output)")
        // Only good sets store: it differs.
        #expect(
            run.output.contains(
                ##"    c0f1 [label="store: String\luse = sql  (good.yaml:4)\ldiffers from the other profiles\l", style=filled, fillcolor="#ffd6d6"];"##
            ), "\(run.output)")
        let region = #"    c1f1 [label="region: String\lthe code's wiring\l"#
        #expect(run.output.contains(region + #"scope = cached  (the code's definition)\l"];"#), "\(run.output)")
    }

    @Test func aProfileWithAnErrorDrawsNothingAndSaysWhere() throws {
        let directory = try folder(["bad": "plugboard: 1\ncontainers:\n  OrdersContainer:\n    store: { uses: sql }\n"])
        let run = try CLI.run(["graph", "bad", "--dir", directory, "--catalog", directory + "/catalog.json"])
        #expect(run.status == 1)
        #expect(run.output.contains("bad.yaml:4:14: error: unknown field 'uses'; did you mean 'use'? [PB200]"))
        #expect(!run.output.contains("flowchart"))
    }

    @Test func withoutACatalogOnlyTheNamedFactoriesAreDrawn() throws {
        let directory = try folder(["local": Self.local])
        let run = try CLI.run(["graph", "local", "--dir", directory])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(#"    c0f0["retries<br/>value = 3  (local.yaml:4)"]:::changed"#), "\(run.output)")
        #expect(!run.output.contains("PaymentContainer"))
    }

    @Test func withoutACatalogTheDiffDrawsWhatEitherSideNames() throws {
        let directory = try folder(["good": ProgramLaunchTests.good, "local": Self.local])
        let run = try CLI.run(["graph", "local", "--dir", directory, "--diff", "good"])
        #expect(run.status == 0, "\(run.output)")
        // local sets retries as good does; store and the payment gateway only good names.
        #expect(run.output.contains(#"    c0f0["retries<br/>value = 3  (local.yaml:4)"]:::changed"#), "\(run.output)")
        #expect(
            run.output.contains(
                #"    c0f1["store<br/>the code's wiring<br/>differs from the other profiles"]:::differs"#),
            "\(run.output)")
        #expect(run.output.contains(#"  subgraph container1["PaymentContainer"]"#), "\(run.output)")
    }
}
