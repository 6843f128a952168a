import Foundation
import PlugboardProfiles
import Testing

/// Profiles with thousands of factory keys: the parsers index such mappings by name, and merging finds each
/// key again across profiles. Generated files, read by the real parsers.
@Suite struct WideProfileTests {
    static let keyCount = 3_000

    /// Writes a profile of `keyCount` keys in `Container`, each choosing `console`; `extra` is appended to the
    /// container's mapping.
    static func write(_ name: String, format: String, extra: String = "") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-wide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text: String
        if format == "yaml" {
            let entries = (0..<keyCount).map { "    key\($0):\n      use: console\n" }.joined()
            text = "plugboard: 1\ncontainers:\n  Container:\n" + entries + extra
        } else {
            let entries = (0..<keyCount).map { "\"key\($0)\": {\"use\": \"console\"}" }.joined(separator: ",\n")
            text = "{\"plugboard\": 1, \"containers\": {\"Container\": {\n" + entries + extra + "}}}\n"
        }
        let path = directory.appendingPathComponent("\(name).\(format)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    @Test(arguments: ["yaml", "json"])
    func aDuplicateKeyAmongThousandsPointsAtTheFirst(format: String) throws {
        let extra = format == "yaml" ? "    key1234:\n      use: console\n" : ",\n\"key1234\": {\"use\": \"console\"}"
        let path = try Self.write("wide", format: format, extra: extra)
        defer { Self.remove(path) }
        let (document, diagnostics) = ProfileLibrary.load(file: path)
        #expect(document == nil)
        let first = try #require(diagnostics.first)
        #expect(first.code == .duplicateKey)
        // key1234 is first named on line 4 + 2 * 1234 (YAML) or line 2 + 1234 (JSON, one key a line).
        let firstLine = format == "yaml" ? 4 + 2 * 1234 : 2 + 1234
        #expect(first.message.contains("'key1234'") && first.message.contains("first at line \(firstLine),"), "\(first.message)")
        #expect(first.position.line == (format == "yaml" ? 4 + 2 * Self.keyCount : 2 + Self.keyCount))
    }

    @Test(arguments: ["yaml", "json"])
    func everyKeyOfAWideProfileIsFoundAfterMerging(format: String) throws {
        let path = try Self.write("wide", format: format)
        defer { Self.remove(path) }
        let (loaded, diagnostics) = ProfileLibrary.load(file: path)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let document = try #require(loaded)
        let section = try #require(MergedProfile(names: ["wide"], documents: [document, document]).containers["Container"])
        #expect(section.entries.count == Self.keyCount)
        #expect(section.entries.map(\.key) == (0..<Self.keyCount).map { "key\($0)" })
        for index in stride(from: 0, to: Self.keyCount, by: 7) {
            let entry = section["key\(index)"]
            #expect(entry?.use?.value == "console")
            #expect(entry?.use?.overridden.count == 1, "the second profile overrides the first")
        }
        #expect(section["key\(Self.keyCount)"] == nil)
        #expect(section["Key1"] == nil)
    }
}
