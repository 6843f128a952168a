import Foundation
import PlugboardProfiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line that ends every text-like report: `12 files checked: 11 valid, 1 invalid (2 errors, 1 warning)`.
func summary(_ validation: Validation) -> String {
    let valid = validation.files.filter(\.valid).count
    let invalid = validation.files.count - valid
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    var line = "\(count(validation.files.count, "file")) checked: \(valid) valid, \(invalid) invalid (\(count(validation.errorCount, "error")), \(count(validation.warningCount, "warning")))"
    if !validation.combinations.isEmpty {
        let failing = validation.combinations.filter { $0.diagnostics.contains { $0.severity == .error } }.count
        line += "; \(count(validation.combinations.count, "profile combination")) checked, \(failing) invalid"
    }
    return line + "\n"
}

/// `file:line:column: error: message [CODE]`, one per line, then the summary.
enum TextReport {
    static func render(_ validation: Validation, color: Bool) -> String {
        var text = ""
        for diagnostic in validation.allDiagnostics {
            var line = diagnostic.description
            if color {
                let severity = diagnostic.severity == .error ? "\u{1B}[31merror\u{1B}[0m" : "\u{1B}[33mwarning\u{1B}[0m"
                line = line.replacingOccurrences(of: ": \(diagnostic.severity.rawValue): ", with: ": \(severity): ")
            }
            text += line + "\n"
        }
        return text + summary(validation)
    }

    /// Color only on a terminal, and never when `NO_COLOR` is set.
    static func wantsColor(_ environment: [String: String]) -> Bool {
        environment["NO_COLOR"] == nil && isatty(STDOUT_FILENO) == 1
    }
}

/// One JSON document with every result and the summary, in a deterministic order.
enum JSONReport {
    struct Document: Encodable {
        let version = 1
        let files: [Validation.FileResult]
        let combinations: [Validation.CombinationResult]
        let summary: Summary
    }

    struct Summary: Encodable {
        let files: Int
        let valid: Int
        let invalid: Int
        let errors: Int
        let warnings: Int
    }

    static func render(_ validation: Validation) -> String {
        let valid = validation.files.filter(\.valid).count
        let document = Document(
            files: validation.files, combinations: validation.combinations,
            summary: Summary(files: validation.files.count, valid: valid, invalid: validation.files.count - valid,
                errors: validation.errorCount, warnings: validation.warningCount))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }
}

/// GitHub Actions workflow commands: `::error file=...,line=...,col=...,title=CODE::message`.
enum GitHubReport {
    /// GitHub shows at most this many annotations of each severity per step; the rest are plain lines.
    static let annotationLimit = 10

    static func render(_ validation: Validation) -> String {
        var text = ""
        var shown: [Diagnostic.Severity: Int] = [:]
        var overflow: [Diagnostic] = []
        for diagnostic in validation.allDiagnostics {
            guard shown[diagnostic.severity, default: 0] < annotationLimit else {
                overflow.append(diagnostic)
                continue
            }
            shown[diagnostic.severity, default: 0] += 1
            let position = diagnostic.position
            text += "::\(diagnostic.severity.rawValue) file=\(property(position.file)),line=\(position.line),col=\(position.column),title=\(property(diagnostic.code.rawValue))::\(data(diagnostic.message))\n"
        }
        if !overflow.isEmpty {
            text += "\(overflow.count) more finding(s) beyond GitHub's \(annotationLimit) annotations per severity:\n"
            text += overflow.map { "\($0)\n" }.joined()
        }
        return text + summary(validation)
    }

    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

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
