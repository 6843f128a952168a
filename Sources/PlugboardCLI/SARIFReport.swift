import Foundation
import PlugboardProfiles

/// SARIF 2.1.0 for code-scanning upload: the rules (every diagnostic code) and one result per finding.
enum SARIFReport {
    static func render(_ validation: Validation) -> String {
        let rules: [[String: Any]] = DiagnosticCode.all.map { code in
            [
                "id": code.rawValue,
                "name": code.title,
                "shortDescription": ["text": code.title.replacingOccurrences(of: "-", with: " ")],
                "helpUri": "docs/diagnostics.md#\(code.rawValue.lowercased())",
                "defaultConfiguration": ["level": code.severity == .error ? "error" : "warning"],
            ]
        }
        let results: [[String: Any]] = validation.allDiagnostics.map { diagnostic in
            [
                "ruleId": diagnostic.code.rawValue,
                "ruleIndex": DiagnosticCode.all.firstIndex(of: diagnostic.code) ?? 0,
                "level": diagnostic.severity == .error ? "error" : "warning",
                "message": ["text": diagnostic.message],
                "locations": [[
                    "physicalLocation": [
                        "artifactLocation": ["uri": diagnostic.position.file],
                        "region": ["startLine": diagnostic.position.line, "startColumn": diagnostic.position.column],
                    ]
                ]],
            ]
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": "plugboard", "informationUri": "docs/diagnostics.md", "rules": rules]],
                "results": results,
            ]],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
