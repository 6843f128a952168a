import ArgumentParser
import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// `plugboard explain`: the merged result of profiles, each setting with where it came from.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the merged result of profiles: each setting, the file:line it came from, and what it overrode."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var selection: ProfileSetArguments

    @Option(help: "text or json.")
    var format: Format = .text

    func run() throws {
        try reportingToolErrors {
            let (merged, _) = try selection.merged()
            let rows = ExplainedField.all(in: merged)
            switch format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                struct Document: Encodable {
                    let profiles: [String]
                    let files: [String]
                    let overrides: [String]
                    let settings: [ExplainedField]
                }
                let document = Document(
                    profiles: merged.names, files: merged.documents.map(\.file), overrides: merged.overrides,
                    settings: rows)
                write(String(decoding: try encoder.encode(document), as: UTF8.self) + "\n")
            case .text:
                var text =
                    "profiles \(merged.names.joined(separator: ", ")) from \(merged.documents.map(\.file).joined(separator: ", "))\n"
                if !merged.overrides.isEmpty {
                    text += "overrides \(merged.overrides.joined(separator: ", "))\n"
                }
                for row in rows {
                    text += "\(row.container).\(row.key).\(row.field) = \(row.value)  (\(row.file):\(row.line)"
                    text += row.overrides.isEmpty ? ")\n" : "; overrides \(row.overrides.joined(separator: ", ")))\n"
                }
                write(text)
            }
        }
    }
}
