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

    struct Row: Encodable {
        let container: String
        let key: String
        let field: String
        let value: String
        let file: String
        let line: Int
        let column: Int
        let overrides: [String]
    }

    func run() throws {
        try reportingToolErrors {
            let (merged, _) = try selection.merged()
            let rows = Self.rows(merged)
            switch format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                struct Document: Encodable {
                    let profiles: [String]
                    let files: [String]
                    let overrides: [String]
                    let settings: [Row]
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

    static func rows(_ merged: MergedProfile) -> [Row] {
        var rows: [Row] = []
        for (container, section) in merged.containers.sorted(by: { $0.key < $1.key }) {
            for entry in section.entries.sorted(by: { $0.key < $1.key }) {
                let key = entry.key
                for (field, value, origin, overridden) in FactoryEntryField.fields(
                    of: entry, replaced: merged.replacedFields)
                {
                    rows.append(
                        Row(
                            container: container, key: key, field: field, value: value, file: origin.file,
                            line: origin.line,
                            column: origin.column, overrides: overridden.map(place)))
                }
            }
        }
        return rows
    }
}
