@_spi(Tools) import PlugboardProfileFormat

/// What a text-like report prints: every finding once, at most so many per file, and for a file with more a
/// line saying how many were left out (a file with a million mistakes must not flood a CI log).
enum Shown {
    enum Item {
        case finding(Diagnostic)
        case omitted(file: String, count: Int)

        var text: String {
            switch self {
            case .finding(let diagnostic): diagnostic.description
            case .omitted(let file, let count):
                "\(file): \(count) more finding(s) not shown (--max-findings sets how many are shown per file)"
            }
        }
    }

    /// The findings of `validation` in report order; `perFile` 0 shows them all.
    static func items(_ validation: Validation, perFile: Int) -> [Item] {
        var items: [Item] = []
        var counted: [String: Int] = [:]
        for diagnostic in validation.allDiagnostics {
            let file = diagnostic.position.file
            let count = counted[file, default: 0] + 1
            counted[file] = count
            if perFile == 0 || count <= perFile { items.append(.finding(diagnostic)) }
        }
        for (file, count) in counted.sorted(by: { $0.key < $1.key }) where perFile > 0 && count > perFile {
            items.append(.omitted(file: file, count: count - perFile))
        }
        return items
    }
}
