@_spi(Tools) import PlugboardProfileFormat

/// GitHub Actions workflow commands: `::error file=...,line=...,col=...,title=CODE::message`.
enum GitHubReport {
    /// GitHub shows at most this many annotations of each severity per step; the rest are plain lines.
    static let annotationLimit = 10

    static func render(_ validation: Validation, perFile: Int = 0) -> String {
        var text = ""
        var shown: [Diagnostic.Severity: Int] = [:]
        var overflow: [Diagnostic] = []
        var omitted: [String] = []
        for item in Shown.items(validation, perFile: perFile) {
            guard case .finding(let diagnostic) = item else {
                omitted.append(item.text)
                continue
            }
            guard shown[diagnostic.severity, default: 0] < annotationLimit else {
                overflow.append(diagnostic)
                continue
            }
            shown[diagnostic.severity, default: 0] += 1
            let position = diagnostic.position
            text +=
                "::\(diagnostic.severity.rawValue) file=\(property(position.file)),line=\(position.line),col=\(position.column),title=\(property(diagnostic.code.rawValue))::\(data(diagnostic.message))\n"
        }
        if !overflow.isEmpty {
            text += "\(overflow.count) more finding(s) beyond GitHub's \(annotationLimit) annotations per severity:\n"
            text += overflow.map { "\($0)\n" }.joined()
        }
        text += omitted.map { "\($0)\n" }.joined()
        return text + summary(validation)
    }

    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
