import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// Profiles with thousands of factory keys: the parsers index such mappings by name, and merging finds each
/// key again across profiles. Generated files, read by the real parsers.
@Suite struct WideProfileTests {
    static let keyCount = 3_000

    /// Writes a profile of `keyCount` keys in `Container`, each choosing `console`; `extra` is appended to the
    /// container's mapping.
    static func write(_ name: String, format: String, extra: String = "") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "plugboard-wide-\(UUID().uuidString)")
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
        #expect(
            first.message.contains("'key1234'") && first.message.contains("first at line \(firstLine),"),
            "\(first.message)")
        #expect(first.position.line == (format == "yaml" ? 4 + 2 * Self.keyCount : 2 + Self.keyCount))
    }

    @Test(arguments: ["yaml", "json"])
    func everyKeyOfAWideProfileIsFoundAfterMerging(format: String) throws {
        let path = try Self.write("wide", format: format)
        defer { Self.remove(path) }
        let (loaded, diagnostics) = ProfileLibrary.load(file: path)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let document = try #require(loaded)
        let section = try #require(
            MergedProfile(names: ["wide"], documents: [document, document]).containers["Container"])
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

    /// A program may change a document it loaded before merging it: a key it adds again is merged into the
    /// factory's one entry, as when two profiles name it, however the section was first merged.
    @Test func aKeyAddedAgainToALoadedSectionIsMergedIntoOneEntry() throws {
        let path = try Self.write("wide", format: "yaml")
        defer { Self.remove(path) }
        var document = try #require(ProfileLibrary.load(file: path).0)
        var again = document.containers[0].entries[1234]
        again.use = Located("null", at: again.key.position)
        document.containers[0].entries.append(again)
        let section = try #require(MergedProfile(names: ["wide"], documents: [document]).containers["Container"])
        #expect(section.entries.count == Self.keyCount)
        #expect(section["key1234"]?.use?.value == "null")
        #expect(section["key1234"]?.use?.overridden.count == 1)
        #expect(section.entries[1234].use?.value == "null", "the entry keeps its place")
        #expect(section["key1235"]?.use?.value == "console")
    }

    /// A program that adds entries to a loaded section one by one changes the array in place: a copy of
    /// every entry on each change would make that quadratic.
    @Test func entriesAddedToALoadedSectionStayInPlace() throws {
        let path = try Self.write("wide", format: "json")
        defer { Self.remove(path) }
        var document = try #require(ProfileLibrary.load(file: path).0)
        document.containers[0].entries.reserveCapacity(Self.keyCount + 10)
        let start = document.containers[0].entries.withUnsafeBufferPointer { $0.baseAddress }
        for index in 0..<10 {
            var entry = document.containers[0].entries[index]
            entry.key.value = "added\(index)"
            document.containers[0].entries.append(entry)
            // After each append: a copy and the original's release could land back on the first address.
            #expect(document.containers[0].entries.withUnsafeBufferPointer { $0.baseAddress } == start)
        }
        let merged = try #require(MergedProfile(names: ["wide"], documents: [document]).containers["Container"])
        #expect(merged.entries.count == Self.keyCount + 10)
        #expect(merged["added9"]?.use?.value == "console")
    }

    /// Sections merged without an index (one profile) find their keys from any thread, each copy alike.
    @Test func keysOfASingleProfileAreFoundFromSeveralThreadsAtOnce() async throws {
        let path = try Self.write("wide", format: "json")
        defer { Self.remove(path) }
        let document = try #require(ProfileLibrary.load(file: path).0)
        let section = try #require(MergedProfile(names: ["wide"], documents: [document]).containers["Container"])
        let found = await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    let copy = section
                    return stride(from: task, to: Self.keyCount, by: 4).filter { copy["key\($0)"]?.key == "key\($0)" }
                        .count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(found == Self.keyCount)
        #expect(section["key\(Self.keyCount)"] == nil)
    }

    /// Keys of every length around the 15 bytes that the index compares as two words, and longer ones that it
    /// compares as strings; some differ only in their last byte.
    static func mixedKey(_ index: Int) -> String {
        switch index % 4 {
        case 0: "k\(index)"
        case 1: String("fifteen_bytes_\(index)".suffix(15))
        case 2: String("sixteen_bytes__\(index)".suffix(16))
        default: "a_rather_long_factory_key_number_\(index)"
        }
    }

    @Test func shortAndLongKeysAreFoundAndTheirDuplicatesReported() throws {
        let keys = (0..<Self.keyCount).map(Self.mixedKey)
        #expect(Set(keys).count == keys.count)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "plugboard-wide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ keys: [String]) throws -> String {
            let path = directory.appendingPathComponent("mixed-\(keys.count).yaml").path
            let text =
                "plugboard: 1\ncontainers:\n  Container:\n" + keys.map { "    \($0): { use: console }\n" }.joined()
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let (loaded, diagnostics) = ProfileLibrary.load(file: try write(keys))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let document = try #require(loaded)
        let section = try #require(MergedProfile(names: ["mixed"], documents: [document]).containers["Container"])
        for key in keys { #expect(section[key]?.key == key) }
        #expect(section["a_rather_long_factory_key_number_3000"] == nil)
        for duplicate in [keys[2001], keys[2002], keys[2003]] {
            let (document, found) = ProfileLibrary.load(file: try write(keys + [duplicate]))
            #expect(document == nil)
            #expect(
                found.first?.message.hasPrefix(
                    "duplicate key '\(duplicate)' (first at line \(4 + keys.firstIndex(of: duplicate)!),") == true,
                "\(found.first?.message ?? "none")")
        }
    }
}
