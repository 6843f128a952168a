import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// The catalog records every check the launch makes, or says that the program makes it.
@Suite struct CatalogShapeTests {
    struct Port: Decodable, LaunchChecked {
        let value: Int
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Int.self)
            guard (1...65535).contains(value) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a port"))
            }
        }
    }

    enum Mode: String, Decodable { case fast, safe }

    struct WithCases: Decodable {
        var level: Level
        var name: String
    }

    struct WithMode: Decodable {
        var mode: Mode
        var name: String
    }

    struct Kinds: Decodable {
        var when: Date
        var endpoint: URL
        var small: UInt8
        var count: UInt
        var offset: Int16
        var any: Int
    }

    @Test func datesURLsAndIntegerRangesAreRecorded() {
        #expect(
            TypeShape.of(Kinds.self)
                == .object(
                    properties: [
                        "when": .date, "endpoint": .url, "small": .integerIn(0...255),
                        "count": .integerIn(0...Int64.max),
                        "offset": .integerIn(-32768...32767), "any": .integer,
                    ],
                    required: ["any", "count", "endpoint", "offset", "small", "when"]))
    }

    @Test func typesThatCheckTheirOwnValuesAreMarked() {
        #expect(TypeShape.of(Level.self) == .checkedByProgram(.string))
        #expect(TypeShape.of(Port.self) == .checkedByProgram(.integer))
        #expect(
            TypeShape.of(WithCases.self)
                == .object(
                    properties: ["level": .checkedByProgram(.string), "name": .string], required: ["level", "name"]),
            "a CaseIterable enum hands back a case: the fields after it are recorded")
        #expect(
            TypeShape.of(WithMode.self) == .checkedByProgram(.any),
            "decoding stopped at `mode`: nothing after it is known")
    }

    @Test func theMarkSurvivesTheCatalogFile() throws {
        var catalog = Catalog()
        var factory = Catalog.CatalogFactory(type: "Port")
        factory.value = .checkedByProgram(.integerIn(1...65535))
        var container = Catalog.CatalogContainer()
        container.factories["port"] = factory
        catalog.containers["Container"] = container
        #expect(try Catalog.read(from: catalog.jsonData()) == catalog)
    }

    @Test func theValidatorSaysWhatOnlyTheLaunchChecks() throws {
        var catalog = Catalog()
        var factory = Catalog.CatalogFactory(type: "Level")
        factory.value = TypeShape.of(Level.self)
        var container = Catalog.CatalogContainer()
        container.factories["level"] = factory
        catalog.containers["RulesContainer"] = container
        let directory = Fixtures.temporaryDirectory()
        try "plugboard: 1\ncontainers:\n  RulesContainer:\n    level: { value: lowd }\n".write(
            toFile: directory + "/p.yaml", atomically: true, encoding: .utf8)
        let validation = Validation.run(files: [directory + "/p.yaml"], catalog: catalog)
        #expect(validation.files[0].diagnostics.map(\.code) == [.checkedByProgram])
        #expect(validation.files[0].diagnostics.first?.severity == .warning)

        // At launch the enum's own decoding refuses it: an error, never the validator's note.
        let report = RulesContainer().apply(["p"], directories: [directory])
        #expect(!report.isApplied)
        #expect(report.diagnostics.map(\.code) == [.invalidValue])
    }
}
