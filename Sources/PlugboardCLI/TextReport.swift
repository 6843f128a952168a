@_spi(Tools) import PlugboardProfileFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `file:line:column: error: message [CODE]`, one per line (at most `perFile` for each file, then a line that
/// counts the rest), then the summary.
enum TextReport {
    static func render(_ validation: Validation, color: Bool, perFile: Int = 0) -> String {
        var text = ""
        for item in Shown.items(validation, perFile: perFile) {
            guard case .finding(let diagnostic) = item else {
                text += item.text + "\n"
                continue
            }
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
