import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// SARIF 2.1.0 for code-scanning upload: the rules (every diagnostic code) and one result per finding.
/// SARIF's URIs must be absolute: the documentation's are given only with `--docs-url` (where the program's
/// copy of `docs/diagnostics.md` is published); each rule's help text names the section either way.
enum SARIFReport {
    static func render(_ validation: Validation, docs: URL? = nil) -> String {
        let rules: [[String: Any]] = DiagnosticCode.all.map { code in
            var rule: [String: Any] = [
                "id": code.rawValue,
                "name": code.title,
                "shortDescription": ["text": code.title.replacingOccurrences(of: "-", with: " ")],
                "help": [
                    "text":
                        "\(code.rawValue) (\(code.title)): see docs/diagnostics.md#\(code.rawValue.lowercased()) in Plugboard."
                ],
                "defaultConfiguration": ["level": code.severity == .error ? "error" : "warning"],
            ]
            if let docs {
                rule["helpUri"] = docs.absoluteString + "#" + code.rawValue.lowercased()
            }
            return rule
        }
        let results: [[String: Any]] = validation.allDiagnostics.map { diagnostic in
            [
                "ruleId": diagnostic.code.rawValue,
                "ruleIndex": DiagnosticCode.all.firstIndex(of: diagnostic.code) ?? 0,
                "level": diagnostic.severity == .error ? "error" : "warning",
                "message": ["text": diagnostic.message],
                "locations": [
                    [
                        "physicalLocation": [
                            "artifactLocation": ["uri": artifactURI(diagnostic.position.file)],
                            "region": [
                                "startLine": diagnostic.position.line, "startColumn": diagnostic.position.column,
                            ],
                        ]
                    ]
                ],
            ]
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": ["driver": driver(rules, docs: docs)],
                    "results": results,
                ]
            ],
        ]
        let data =
            (try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func driver(_ rules: [[String: Any]], docs: URL?) -> [String: Any] {
        var driver: [String: Any] = ["name": "plugboard", "rules": rules]
        if let docs { driver["informationUri"] = docs.absoluteString }
        return driver
    }

    /// A file as SARIF names it: a relative path stays relative to the run's folder (as code scanning wants it),
    /// percent-encoded (an override's origin, `--set Container.key.use`, has a space); an absolute path becomes a
    /// `file://` URI.
    static func artifactURI(_ path: String) -> String {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).absoluteString }
        return path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }
}
