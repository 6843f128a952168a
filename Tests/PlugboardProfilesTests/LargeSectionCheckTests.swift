import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// A section of tens of thousands of entries checked against a catalog: the validator checks such a section
/// in parts on several threads (`ConcurrentParts`), and must report what one thread would, in the same order.
/// The mistakes sit at both ends and around the places where two, three or four processors split it
/// (entries 5,000, 6,666, 10,000, 13,333 and 15,000).
@Suite struct LargeSectionCheckTests {
    static let entryCount = 20_000
    /// Entries the catalog does not declare.
    static let undeclared: Set<Int> = [0, 4_999, 5_000, 9_999, 10_000, 19_999]

    /// A YAML profile of `entryCount` entries in `Container` (entry `n` on line `4 + n`), with a few mistakes.
    static func profile() throws -> MergedProfile {
        var text = "plugboard: 1\ncontainers:\n  Container:\n"
        for index in 0..<entryCount {
            switch index {
            case 6_666: text += "    key\(index): { use: console, with: { level: 1 } }\n"
            case 7_000: text += "    key\(index): { use: missing }\n"
            case 13_333: text += "    key\(index): { use: nowhere }\n"
            case 15_000: text += "    key\(index): { use: console, scope: forever }\n"
            case 18_000: text += "    key\(index): { use: console, with: { level: 2 } }\n"
            default: text += "    key\(index): { use: \(index % 2 == 0 ? "console" : "quiet"), scope: cached }\n"
            }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "plugboard-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("large.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let (loaded, found) = ProfileLibrary.load(file: path)
        #expect(found.isEmpty, "\(found)")
        let document = try #require(loaded)
        return MergedProfile(names: [document.name], documents: [document])
    }

    static let catalog: Catalog = {
        var container = Catalog.CatalogContainer()
        for index in 0..<entryCount where !undeclared.contains(index) {
            var factory = Catalog.CatalogFactory(type: "Logger")
            factory.implementations = ["console": .init(), "quiet": .init()]
            container.factories["key\(index)"] = factory
        }
        var catalog = Catalog()
        catalog.containers["Container"] = container
        return catalog
    }()

    @Test func everyMistakeIsReportedOnceInFileOrder() throws {
        let found = Validation.check(try Self.profile(), catalog: Self.catalog)
        let expected: [(DiagnosticCode, Int)] = [
            (.unknownFactory, 0), (.unknownFactory, 4_999), (.unknownFactory, 5_000), (.noSettings, 6_666),
            (.unknownImplementation, 7_000), (.unknownFactory, 9_999), (.unknownFactory, 10_000),
            (.unknownImplementation, 13_333), (.unknownScope, 15_000), (.noSettings, 18_000), (.unknownFactory, 19_999),
        ]
        #expect(found.map(\.code) == expected.map(\.0))
        #expect(found.map(\.position.line) == expected.map { 4 + $0.1 })
        #expect(
            found.first { $0.code == .unknownImplementation }?.message.contains("'missing' for Container.key7000")
                == true)
    }

    @Test func theValidatorFindsWhatOneThreadFinds() throws {
        let profile = try Self.profile()
        let inParts = Validation.check(profile, catalog: Self.catalog)
        let alone = ProfileChecker.check(profile, against: CatalogSource(Self.catalog))
        #expect(inParts == alone.diagnostics)
        // One thread checks every declared entry once, in the profile's order.
        let entries = try #require(alone.entries["Container"])
        #expect(entries.map(\.key) == (0..<Self.entryCount).filter { !Self.undeclared.contains($0) }.map { "key\($0)" })
    }

    /// `plugboard validate --resolve-secrets` over a section large enough to be checked on several threads: the
    /// secrets of every part resolve through the validation's resolver, so one that is not set is reported
    /// wherever it sits, as a launch would refuse it.
    @Test func everyPartResolvesSecretsThroughTheValidationsResolver() throws {
        let unset: Set<Int> = [2, 9_000, 17_000, 19_999]
        var text = "plugboard: 1\ncontainers:\n  Container:\n"
        var container = Catalog.CatalogContainer()
        for index in 0..<Self.entryCount {
            let variable = unset.contains(index) ? "NOT_SET" : "SET"
            text += "    key\(index): { use: http, with: { apiKey: \"env:\(variable)\" } }\n"
            var factory = Catalog.CatalogFactory(type: "Client")
            factory.implementations = [
                "http": .init(
                    settingsType: "Settings", settings: .object(properties: ["apiKey": .secret], required: []))
            ]
            container.factories["key\(index)"] = factory
        }
        var catalog = Catalog()
        catalog.containers["Container"] = container
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString).yaml")
            .path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let document = try #require(ProfileLibrary.load(file: path).0)
        let profile = MergedProfile(names: [document.name], documents: [document])

        let found = Validation.check(profile, catalog: catalog, secrets: SecretResolver(environment: ["SET": "s3cret"]))
        #expect(found.map(\.code) == Array(repeating: .secretNotFound, count: unset.count), "\(found)")
        #expect(found.map(\.position.line) == unset.sorted().map { 4 + $0 })
        #expect(Validation.check(profile, catalog: catalog).isEmpty, "without the resolver, the syntax only")
    }
}
