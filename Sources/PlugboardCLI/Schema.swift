import ArgumentParser
import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// `plugboard schema`: the JSON Schema of profiles (or of catalogs, or of a running program's wiring
/// snapshots), for editors and other validators.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the profile JSON Schema; with a catalog, one that lists the program's real names.",
        discussion: "Point an editor at it: # yaml-language-server: $schema=path/to/schema.json"
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case profile, catalog, wiring
    }

    @Option(
        help: "The program's catalog: the schema's enums then list its containers, keys, implementations and scopes.")
    var catalog: String?

    @Option(help: "profile (the default), catalog, or wiring (a running program's ProfileSystem.wiring as JSON).")
    var kind: Kind = .profile

    func run() throws {
        try reportingToolErrors {
            switch kind {
            case .profile: write(ProfileSchema.text(ProfileSchema.profile(catalog: try readCatalog(catalog))))
            case .catalog: write(ProfileSchema.text(ProfileSchema.catalog()))
            case .wiring: write(ProfileSchema.text(ProfileSchema.wiring()))
            }
        }
    }
}
