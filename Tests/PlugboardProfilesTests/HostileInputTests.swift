import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// The hostile corpus: every file is rejected with its exact code, line and column, and a container
/// asked to apply it is left exactly as the code made it.
@Suite struct HostileInputTests {
    static let cases = Fixtures.manifest(Fixtures.hostile + "/EXPECTED")

    /// Inputs `.ci/fuzz` found (see `Tests/Fuzz/Regressions/README.md`), as (file, format).
    static let fuzzRegressions: [String] = {
        let root = Fixtures.root + "/../../Fuzz/Regressions"
        let targets = ["FuzzYAML", "FuzzJSON", "FuzzCheck", "FuzzFormats"]
        return targets.flatMap { target in
            ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(target)")) ?? []).map {
                "\(root)/\(target)/\($0)"
            }
        }
    }()

    /// The tables below run one case per file: a moved or renamed folder must not leave them running none.
    @Test func everyTableRunsOneCasePerFile() throws {
        let hostileFiles = try FileManager.default.contentsOfDirectory(atPath: Fixtures.hostile).filter {
            $0 != "EXPECTED"
        }
        #expect(!Self.cases.isEmpty)
        #expect(Set(Self.cases.map { $0[0] }) == Set(hostileFiles), "one expected diagnostic per hostile file")
        let root = Fixtures.root + "/../../Fuzz/Regressions"
        let regressions = try ["FuzzYAML", "FuzzJSON", "FuzzCheck", "FuzzFormats"].flatMap { target in
            try FileManager.default.contentsOfDirectory(atPath: "\(root)/\(target)")
        }
        #expect(!regressions.isEmpty)
        #expect(Self.fuzzRegressions.count == regressions.count)
    }

    @Test(arguments: fuzzRegressions)
    func fuzzRegressionsAreReadWithoutCrashing(path: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var json = path.contains("/FuzzJSON/") || path.contains("/FuzzFormats/")
        if path.contains("/FuzzCheck/"), let first = bytes.first {
            json = first & 1 == 1
            bytes.removeFirst()
        }
        let directory = Fixtures.temporaryDirectory()
        let file = directory + (json ? "/found.json" : "/found.yaml")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let (document, diagnostics) = ProfileLibrary.load(file: file)
        #expect(document != nil || diagnostics.contains { $0.severity == .error }, "refused with a reason, or read")
        let validation = Validation.run(files: [file], catalog: nil)
        #expect(validation.files.count == 1)
        if path.contains("/FuzzFormats/") {
            // The same bytes as YAML (JSON is YAML's flow style): the same findings at the same places.
            let yaml = Fixtures.temporaryDirectory() + "/found.yaml"
            try Data(bytes).write(to: URL(fileURLWithPath: yaml))
            let asYAML = Validation.run(files: [yaml], catalog: nil).files.flatMap(\.diagnostics)
            let asJSON = validation.files.flatMap(\.diagnostics)
            let places = { (found: [Diagnostic]) in
                found.map { "\($0.position.line):\($0.position.column) \($0.code.rawValue)" }.sorted()
            }
            #expect(places(asYAML) == places(asJSON))
            #expect(!asJSON.isEmpty, "each of these inputs is wrong in both formats")
        }
    }

    @Test(arguments: cases)
    func rejectedWithTheExpectedDiagnostic(expected: [String]) {
        let (file, code, place) = (expected[0], expected[1], expected[2])
        let (_, diagnostics) = ProfileLibrary.load(file: Fixtures.hostile + "/" + file)
        let first = diagnostics.first
        #expect(first?.code.rawValue == code, "\(file): \(diagnostics)")
        #expect(first.map { "\($0.position.line):\($0.position.column)" } == place, "\(file): \(diagnostics)")
        #expect(first?.severity == .error)
        #expect(first?.position.file.hasSuffix(file) == true)
    }

    @Test(arguments: cases)
    func theContainerIsUntouched(expected: [String]) throws {
        let file = expected[0]
        let directory = Fixtures.temporaryDirectory()
        let ext = (file as NSString).pathExtension
        try FileManager.default.copyItem(atPath: Fixtures.hostile + "/" + file, toPath: directory + "/hostile.\(ext)")
        let container = RulesContainer()
        container.retries.register { 11 }
        _ = container.declarations  // a definition's own scope modifier (`ticker`'s) runs when it is declared
        let before = container.state
        let keys = container.manager.knownKeys
        let report = container.apply(["hostile"], directories: [directory])
        #expect(!report.isApplied)
        #expect(report.diagnostics.first?.code.rawValue == expected[1])
        #expect(container.state == before)
        #expect(container.manager.knownKeys == keys)
    }

    @Test func aMillionLevelsDeepStopsAtTheLimit() {
        let deepYAML = Array("plugboard: ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        guard case .failure(let yaml) = YAMLParser.parse(deepYAML, file: "deep.yaml") else {
            Issue.record("accepted")
            return
        }
        #expect(yaml.code == .tooDeep)
        #expect(yaml.position.column == 12 + 127, "the root mapping is the first of the 128 levels")
        let deepJSON = Array(#"{"plugboard": "#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        guard case .failure(let json) = JSONParser.parse(deepJSON, file: "deep.json") else {
            Issue.record("accepted")
            return
        }
        #expect(json.code == .tooDeep)
    }

    /// Only a tab in a line's indentation is refused, wherever in the file it is; tabs inside values are text.
    @Test func aTabIsRefusedInIndentationOnly() {
        let inValues = "plugboard: 1\ndescription: \"a\tb\"\ncontainers: # a\ttab\n  C:\n    x: { use: console }\n"
        guard case .success = YAMLParser.parse(Array(inValues.utf8), file: "values.yaml") else {
            Issue.record("a tab inside a value or a comment was refused")
            return
        }
        let indented = inValues + "    y:\n  \t  use: console\n"
        guard case .failure(let found) = YAMLParser.parse(Array(indented.utf8), file: "indented.yaml") else {
            Issue.record("a tab in indentation was accepted")
            return
        }
        #expect(found.code == .tabIndentation)
        #expect((found.position.line, found.position.column) == (7, 3))
        let last = "plugboard: 1\n\t"
        guard case .failure(let atEnd) = YAMLParser.parse(Array(last.utf8), file: "end.yaml") else {
            Issue.record("a tab starting the last line was accepted")
            return
        }
        #expect((atEnd.position.line, atEnd.position.column) == (2, 1))
    }

    @Test func limitsAreSettable() {
        let text = Array("plugboard: 1\ndescription: \(String(repeating: "x", count: 40))\n".utf8)
        var limits = ParseLimits()
        limits.maxScalarBytes = 16
        guard case .failure(let long) = YAMLParser.parse(text, file: "long.yaml", limits: limits) else {
            Issue.record("accepted")
            return
        }
        #expect(long.code == .scalarTooLong)
        #expect((long.position.line, long.position.column) == (2, 14))

        let json = Array(#"{"plugboard": 1, "description": "\#(String(repeating: "x", count: 40))"}"#.utf8)
        guard case .failure(let longJSON) = JSONParser.parse(json, file: "long.json", limits: limits) else {
            Issue.record("accepted")
            return
        }
        #expect(longJSON.code == .scalarTooLong)

        // A scalar of exactly the limit is accepted, in both formats.
        let atLimit = String(repeating: "x", count: 16)
        guard
            case .success = YAMLParser.parse(
                Array("plugboard: 1\ndescription: \(atLimit)\n".utf8), file: "limit.yaml", limits: limits),
            case .success = JSONParser.parse(
                Array(#"{"plugboard": 1, "description": "\#(atLimit)"}"#.utf8), file: "limit.json", limits: limits)
        else {
            Issue.record("a scalar of exactly the limit was rejected")
            return
        }

        limits = ParseLimits(maxInputBytes: 20)
        guard case .failure(let large) = YAMLParser.parse(text, file: "large.yaml", limits: limits) else {
            Issue.record("accepted")
            return
        }
        #expect(large.code == .tooLarge)
        #expect(large.message.contains("over the limit of 20 bytes"))

        limits = ParseLimits(maxDepth: 2)
        guard case .failure(let deep) = YAMLParser.parse(Array("a: {b: {c: 1}}".utf8), file: "d.yaml", limits: limits)
        else {
            Issue.record("accepted")
            return
        }
        #expect(deep.code == .tooDeep)
    }

    @Test func anOversizedFileIsRefusedBeforeItIsRead() throws {
        let directory = Fixtures.temporaryDirectory()
        let file = directory + "/big.yaml"
        #expect(FileManager.default.createFile(atPath: file, contents: Data(count: 17 << 20)))
        let (_, diagnostics) = ProfileLibrary.load(file: file)
        #expect(diagnostics.first?.code == .tooLarge)
        #expect(diagnostics.first?.message.contains("\(17 << 20) bytes") == true)
    }

    @Test func aFileOfExactlyTheLimitIsReadWhole() throws {
        let directory = Fixtures.temporaryDirectory()
        let file = directory + "/exact.yaml"
        let text = "plugboard: 1\ndescription: exactly at the limit\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let limits = ParseLimits(maxInputBytes: text.utf8.count)
        let (document, diagnostics) = ProfileLibrary.load(file: file, limits: limits)
        #expect(diagnostics.isEmpty)
        #expect(document?.description == "exactly at the limit")
        let (_, over) = ProfileLibrary.load(file: file, limits: ParseLimits(maxInputBytes: text.utf8.count - 1))
        #expect(over.first?.code == .tooLarge)
    }

    @Test func aFolderOrAMissingFileIsUnreadable() {
        let directory = Fixtures.temporaryDirectory()
        for path in [directory, directory + "/missing.yaml"] {
            let (document, diagnostics) = ProfileLibrary.load(file: path)
            #expect(document == nil)
            #expect(diagnostics.map(\.code) == [.unreadable])
            #expect(diagnostics.first?.position.file == path)
        }
    }
}
