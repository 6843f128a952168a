import ArgumentParser
import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// `plugboard diff`: which factories differ between two merged profiles, and where each side comes from.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show which factories differ between two (merged) profiles and where each side's setting comes from.",
        discussion: "Each side may be a comma-separated list merged left to right. Exit status 0 either way."
    )

    @Argument(help: "The first profile (or a,b).")
    var first: String

    @Argument(help: "The second profile (or a,b).")
    var second: String

    @Option(help: "The folder of profiles.")
    var dir: String

    func run() throws {
        try reportingToolErrors {
            let left = ExplainedField.all(in: try mergedProfile(names([first]), directory: dir, catalog: nil))
            let right = ExplainedField.all(in: try mergedProfile(names([second]), directory: dir, catalog: nil))
            func key(_ row: ExplainedField) -> String { "\(row.container).\(row.key).\(row.field)" }
            let leftByKey = Dictionary(left.map { (key($0), $0) }) { first, _ in first }
            let rightByKey = Dictionary(right.map { (key($0), $0) }) { first, _ in first }
            func side(_ row: ExplainedField?) -> String {
                row.map { "\($0.value) (\($0.file):\($0.line))" } ?? "(not set)"
            }
            var text = ""
            var differing = Set<String>()
            for name in Set(leftByKey.keys).union(rightByKey.keys).sorted() {
                let (a, b) = (leftByKey[name], rightByKey[name])
                guard a?.value != b?.value else { continue }
                differing.insert(name.split(separator: ".").prefix(2).joined(separator: "."))
                text += "\(name): \(side(a)) | \(side(b))\n"
            }
            text +=
                differing.isEmpty
                ? "no differences between \(first) and \(second)\n"
                : "\(differing.count) factor\(differing.count == 1 ? "y differs" : "ies differ") between \(first) and \(second)\n"
            write(text)
        }
    }
}
