import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// The checked-in schemas are exactly what the code generates (regenerate with `plugboard schema`).
@Suite struct SchemaFileTests {
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Schemas"
    ).standardized.path

    @Test func theProfileSchemaFileIsCurrent() throws {
        let file = try String(contentsOfFile: Self.schemas + "/plugboard-profile.schema.json", encoding: .utf8)
        #expect(file == ProfileSchema.text(ProfileSchema.profile()))
    }

    @Test func theCatalogSchemaFileIsCurrent() throws {
        let file = try String(contentsOfFile: Self.schemas + "/plugboard-catalog.schema.json", encoding: .utf8)
        #expect(file == ProfileSchema.text(ProfileSchema.catalog()))
    }

    @Test func theWiringSchemaFileIsCurrent() throws {
        let file = try String(contentsOfFile: Self.schemas + "/plugboard-wiring.schema.json", encoding: .utf8)
        #expect(file == ProfileSchema.text(ProfileSchema.wiring()))
    }
}
