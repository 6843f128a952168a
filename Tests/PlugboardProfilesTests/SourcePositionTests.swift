import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// Positions name their file by a number kept for the process; they still compare, sort, print and encode
/// by the file's path.
@Suite struct SourcePositionTests {
    @Test func positionsOfTheSamePathAreEqualHoweverTheyWereMade() throws {
        let path = "/profiles/\(UUID().uuidString)/staging.yaml"
        let parsed = try YAMLParser.parse(Array("a: 1\n".utf8), file: path).get()
        let written = SourcePosition(file: String(path.utf8.map { Character(Unicode.Scalar($0)) }), line: 1, column: 1)
        #expect(parsed.position(of: parsed.root) == written)
        #expect(Set([parsed.position(of: parsed.root), written]).count == 1)
        #expect(written.description == "\(path):1:1")
    }

    @Test func pathsThatDifferOnlyInHowALetterIsEncodedAreTwoFiles() {
        // "é" as one scalar and as "e" with a combining accent: equal as Swift strings, two names on Linux.
        let composed = SourcePosition(file: "caf\u{E9}-\(UUID().uuidString).yaml", line: 1, column: 1)
        let decomposed = SourcePosition(file: composed.file.decomposedStringWithCanonicalMapping, line: 1, column: 1)
        #expect(composed.file == decomposed.file)
        #expect(Array(decomposed.file.utf8) != Array(composed.file.utf8))
        #expect(composed != decomposed)
        #expect((composed < decomposed) != (decomposed < composed), "two files sort one way or the other")
        #expect(
            Array(SourcePosition(file: decomposed.file, line: 2, column: 1).file.utf8) == Array(decomposed.file.utf8))
    }

    @Test func positionsSortByPathNotByWhenThePathWasFirstSeen() {
        let later = SourcePosition(file: "zz-\(UUID().uuidString).yaml", line: 1, column: 1)
        let earlier = SourcePosition(file: "aa-\(UUID().uuidString).yaml", line: 9, column: 9)
        #expect(earlier < later)
        #expect([later, earlier].sorted() == [earlier, later])
        #expect(SourcePosition(file: later.file, line: 2, column: 1) > later)
    }

    @Test func changingTheFileOrLineOfAPositionChangesOnlyThat() {
        var position = SourcePosition(file: "one.json", line: 3, column: 4)
        position.file = "two.json"
        position.line = 7
        #expect(position == SourcePosition(file: "two.json", line: 7, column: 4))
        #expect(position.file == "two.json" && position.column == 4)
    }

    @Test func aPositionEncodesItsPathLineAndColumn() throws {
        let position = SourcePosition(file: "café/profile.yaml", line: 12, column: 5)
        let data = try JSONEncoder().encode(position)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["file"] as? String == "café/profile.yaml")
        #expect(object["line"] as? Int == 12 && object["column"] as? Int == 5)
        #expect(try JSONDecoder().decode(SourcePosition.self, from: data) == position)
    }
}
