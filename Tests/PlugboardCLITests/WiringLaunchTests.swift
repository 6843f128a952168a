import Foundation
import Testing

/// A running program's wiring as an operator sees it: the example program (two containers) launched in a
/// subprocess prints its snapshot after its builds, and `plugboard graph` draws the same picture from the same
/// files and the catalog the same run wrote.
@Suite struct WiringLaunchTests {
    /// A folder with the profile `wired`: the store kept in the session scope, so that its build (which reads
    /// the clock) is recorded.
    static let folder: String = try! CLI.folder(holding: [
        "wired.yaml": """
        plugboard: 1
        containers:
          Container:
            store: { use: memory, with: { seed: [a] }, scope: session }
            observers: { use: [echo] }
          SharingContainer:
            channel: { use: none }

        """
    ])

    /// What `plugboard-example wiring ARGUMENTS` printed, the banner line left out.
    func wiring(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let run = try CLI.run(
            ["wiring"] + arguments, in: CLI.temporaryDirectory(),
            environment: ["PLUGBOARD_PROFILE_PATH": Self.folder].merging(environment) { _, given in given },
            executable: "plugboard-example")
        #expect(run.status == 0, "\(run.errors)")
        return run.output.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first
            .map(String.init) ?? ""
    }

    @Test func theRunningProgramsPictureIsTheValidatorsOfTheSameFiles() throws {
        let picture = try wiring(["--plugboard-profile", "wired"])
        #expect(picture.contains("c0f5 --> c0f0"), "the store's build read the clock:\n\(picture)")
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        _ = try wiring(["catalog", catalog, "--plugboard-profile", "wired"])
        try Self.expectSchema("plugboard-catalog.schema.json", accepts: catalog)
        let drawn = try CLI.run(["graph", "--catalog", catalog, "--dir", Self.folder, "wired"])
        #expect(drawn.status == 0, "\(drawn.output)")
        #expect(drawn.output == picture)
    }

    @Test func theSnapshotIsJSONTheSchemaDescribes() throws {
        let text = try wiring(["json"], environment: ["PLUGBOARD_PROFILE": "wired"])
        let snapshot = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
        #expect(snapshot["generation"] as? Int == 1)
        #expect(snapshot["chosenBy"] as? String == "environment")
        #expect(snapshot["profiles"] as? [String] == ["wired"])
        let containers = snapshot["containers"] as? [String: [String: [String: [String: Any]]]]
        let store = containers?["Container"]?["factories"]?["store"]
        #expect(store?["keepsInstance"] as? Bool == true && store?["scope"] as? String == "session")
        #expect(containers?["SharingContainer"]?["factories"]?["channel"]?["use"] as? String == "none")

        let file = CLI.temporaryDirectory() + "/wiring.json"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try Self.expectSchema("plugboard-wiring.schema.json", accepts: file)
    }

    /// Python's `jsonschema` (an implementation other than ours) accepts `file` against `schema` of `Schemas/`.
    static func expectSchema(_ schema: String, accepts file: String) throws {
        let checked = try CLI.run(
            [
                "python3", "-c",
                """
                import json, sys, jsonschema
                jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
                """,
                CLI.packageRoot + "/Schemas/" + schema, file,
            ], executable: "/usr/bin/env")
        #expect(checked.status == 0, "python3's jsonschema refused \(file): \(checked.errors)")
    }
}
