import Foundation
import Testing

/// JSON is YAML's flow style, so a JSON document read as YAML is the same document: the validator must find
/// the same things at the same lines and columns in both. Every JSON file of the wrong-profile corpora is
/// validated as `.json` and, copied byte for byte, as `.yaml`, against the example's catalog.
@Suite struct FormatDifferentialTests {
    static let corpora = ["launch-corpus", "schema-corpus/valid", "schema-corpus/invalid"]

    /// `name:line:column: severity [CODE]` for each finding: the file's folder and extension taken off, and
    /// the message too, which may add a hint of the format's own ("unquoted; quote it" in YAML).
    static func findings(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("<folder>/"), line.hasSuffix("]"), let colon = line.firstIndex(of: ":"),
                let code = line.lastIndex(of: "[")
            else { return nil }
            let file = ((String(line[..<colon]) as NSString).lastPathComponent as NSString).deletingPathExtension
            let place = line[colon...].split(separator: ":", maxSplits: 3)
            guard place.count == 4 else { return nil }
            let severity = place[2].trimmingCharacters(in: .whitespaces)
            return "\(file):\(place[0]):\(place[1]): \(severity) \(line[code...])"
        }.sorted()
    }

    @Test func theSameDocumentAsJSONAndAsYAMLGivesTheSameFindings() throws {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        let export = try CLI.run(
            ["--plugboard-export-catalog", catalog], in: CLI.packageRoot, executable: "plugboard-example")
        #expect(export.status == 0)
        let asJSON = CLI.temporaryDirectory(), asYAML = CLI.temporaryDirectory()
        var copied = 0
        for corpus in Self.corpora {
            let folder = CLI.fixtures + "/" + corpus
            for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".json") {
                let name =
                    corpus.replacingOccurrences(of: "/", with: "-") + "-" + (file as NSString).deletingPathExtension
                let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
                try bytes.write(to: URL(fileURLWithPath: "\(asJSON)/\(name).json"))
                try bytes.write(to: URL(fileURLWithPath: "\(asYAML)/\(name).yaml"))
                copied += 1
            }
        }
        #expect(copied > 30, "the corpora's JSON files")
        let json = try CLI.run(["validate", asJSON, "--catalog", catalog, "--max-findings", "0"])
        let yaml = try CLI.run(["validate", asYAML, "--catalog", catalog, "--max-findings", "0"])
        let jsonFindings = Self.findings(json.output.replacingOccurrences(of: asJSON, with: "<folder>"))
        let yamlFindings = Self.findings(yaml.output.replacingOccurrences(of: asYAML, with: "<folder>"))
        #expect(!jsonFindings.isEmpty, "the corpora hold wrong profiles")
        // A JSON syntax error is reported by each parser in its own words; every other finding is the same.
        let syntax = Set(jsonFindings.filter { $0.contains("[PB106]") }.map { String($0.prefix { $0 != ":" }) })
        let comparable = { (findings: [String]) in
            findings.filter { !syntax.contains(String($0.prefix { $0 != ":" })) }
        }
        let onlyJSON = Set(comparable(jsonFindings)).subtracting(comparable(yamlFindings))
        let onlyYAML = Set(comparable(yamlFindings)).subtracting(comparable(jsonFindings))
        #expect(
            onlyJSON.isEmpty && onlyYAML.isEmpty,
            "only as JSON: \(onlyJSON.sorted())\nonly as YAML: \(onlyYAML.sorted())")
        #expect(comparable(yamlFindings).count == comparable(jsonFindings).count)
    }
}
