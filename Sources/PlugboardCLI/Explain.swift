import ArgumentParser
import Foundation
import PlugboardProfiles

/// `plugboard explain`: the merged result of profiles, each setting with where it came from.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the merged result of profiles: each setting, the file:line it came from, and what it overrode."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Profile names, merged left to right (a,b or a b).")
    var profiles: [String]

    @Option(help: "The folder of profiles.")
    var dir: String

    @Option(help: "The program's catalog, to check the result against.")
    var catalog: String?

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
            let merged = try mergedProfile(names(profiles), directory: dir, catalog: try readCatalog(catalog))
            let rows = Self.rows(merged)
            switch format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                struct Document: Encodable {
                    let profiles: [String]
                    let files: [String]
                    let settings: [Row]
                }
                let document = Document(profiles: merged.names, files: merged.documents.map(\.file), settings: rows)
                write(String(decoding: try encoder.encode(document), as: UTF8.self) + "\n")
            case .text:
                var text = "profiles \(merged.names.joined(separator: ", ")) from \(merged.documents.map(\.file).joined(separator: ", "))\n"
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
        for (container, entries) in merged.containers.sorted(by: { $0.key < $1.key }) {
            for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
                for (field, value, origin, overridden) in FactoryEntryField.fields(of: entry) {
                    rows.append(Row(
                        container: container, key: key, field: field, value: value, file: origin.file, line: origin.line,
                        column: origin.column, overrides: overridden.map(place)))
                }
            }
        }
        return rows
    }
}

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
            let left = Explain.rows(try mergedProfile(names([first]), directory: dir, catalog: nil))
            let right = Explain.rows(try mergedProfile(names([second]), directory: dir, catalog: nil))
            func key(_ row: Explain.Row) -> String { "\(row.container).\(row.key).\(row.field)" }
            let leftByKey = Dictionary(left.map { (key($0), $0) }) { first, _ in first }
            let rightByKey = Dictionary(right.map { (key($0), $0) }) { first, _ in first }
            func side(_ row: Explain.Row?) -> String {
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
            text += differing.isEmpty
                ? "no differences between \(first) and \(second)\n"
                : "\(differing.count) factor\(differing.count == 1 ? "y differs" : "ies differ") between \(first) and \(second)\n"
            write(text)
        }
    }
}

/// `plugboard schema`: the JSON Schema of profiles (or of catalogs), for editors and other validators.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the profile JSON Schema; with a catalog, one that lists the program's real names.",
        discussion: "Point an editor at it: # yaml-language-server: $schema=path/to/schema.json"
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case profile, catalog
    }

    @Option(help: "The program's catalog: the schema's enums then list its containers, keys, implementations and scopes.")
    var catalog: String?

    @Option(help: "profile (the default) or catalog.")
    var kind: Kind = .profile

    func run() throws {
        try reportingToolErrors {
            switch kind {
            case .profile: write(ProfileSchema.text(ProfileSchema.profile(catalog: try readCatalog(catalog))))
            case .catalog: write(ProfileSchema.text(ProfileSchema.catalog()))
            }
        }
    }
}
