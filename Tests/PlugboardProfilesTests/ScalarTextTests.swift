@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// The text a parser hands the reader, and the positions after it, are the same whichever format wrote it.
@Suite struct ScalarTextTests {
    /// The scalar at `key` of the root mapping, and the column of the node that follows it.
    func scalarAndNextColumn(_ tree: NodeTree, key: String) -> (String?, Int?) {
        guard case .mapping(let pairs) = tree[tree.root].kind,
            let index = pairs.firstIndex(where: { tree.scalar($0.key) == key })
        else { return (nil, nil) }
        let next = index + 1 < pairs.count ? tree[pairs[index + 1].key].position.column : nil
        return (tree.scalar(pairs[index].value), next)
    }

    @Test func jsonEscapesDecodeToTheCharactersTheyStandFor() throws {
        let json = #"{"a": "q\"b\\s\/n\nt\tu\u00e9p\ud83d\ude00 é", "b": 1}"#
        let tree = try JSONParser.parse(Array(json.utf8), file: "escapes.json").get()
        let (text, _) = scalarAndNextColumn(tree, key: "a")
        #expect(text == "q\"b\\s/n\nt\tu\u{e9}p\u{1F600} é")
    }

    @Test func plainStringsAreTakenAsWritten() throws {
        let json = #"{"a": "héllo wörld", "b": "", "c": 1}"#
        let tree = try JSONParser.parse(Array(json.utf8), file: "plain.json").get()
        #expect(scalarAndNextColumn(tree, key: "a").0 == "héllo wörld")
        #expect(scalarAndNextColumn(tree, key: "b").0 == "")
    }

    @Test func columnsAfterNonASCIITextCountCharacters() throws {
        // `"b"` starts at character 22 (byte 24): columns count characters in both formats.
        let json = #"{"a": "héllo wörld", "b": 1}"#
        let jsonTree = try JSONParser.parse(Array(json.utf8), file: "columns.json").get()
        #expect(scalarAndNextColumn(jsonTree, key: "a").1 == 22)

        let yaml = "{a: 'héllo wörld', b: 1}"
        let yamlTree = try YAMLParser.parse(Array(yaml.utf8), file: "columns.yaml").get()
        #expect(scalarAndNextColumn(yamlTree, key: "a").1 == 20)
    }

    /// Strings of every length up to 24 bytes with one special character at every place: the JSON scanner tests
    /// eight bytes at a time, so each must end, decode and count columns the same wherever the character falls.
    @Test func everyPlaceInAStringEndsItAlike() throws {
        for length in 0..<24 {
            let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            var cases: [(written: String, text: String)] = [(plain, plain)]
            for place in 0...length {
                let head = String(plain.prefix(place)), tail = String(plain.dropFirst(place))
                cases.append((head + "é" + tail, head + "é" + tail))
                cases.append((head + "\\n" + tail, head + "\n" + tail))
                cases.append((head + "\\\"" + tail, head + "\"" + tail))
            }
            for (written, text) in cases {
                let json = "{\"a\": \"\(written)\", \"b\": 1}"
                let tree = try JSONParser.parse(Array(json.utf8), file: "places.json").get()
                let (found, column) = scalarAndNextColumn(tree, key: "a")
                #expect(found == text, "\(json)")
                // `"b"` follows the string's closing quote, a comma and a space: columns count characters.
                #expect(column == 8 + written.count + 3, "\(json)")
            }
            for place in 0..<max(length, 1) {
                let json = "{\"a\": \"\(plain.prefix(place))\u{01}\(plain.dropFirst(place))\"}"
                guard case .failure(let problem) = JSONParser.parse(Array(json.utf8), file: "control.json") else {
                    Issue.record("a control character was accepted: \(json.debugDescription)")
                    continue
                }
                #expect(problem.position.column == 8 + place, "\(json.debugDescription)")
            }
        }
    }

    @Test func yamlAndJSONGiveTheSameTextForTheSameValue() throws {
        let yaml = "a: \"q\\\"b\\\\s/n\\nt\\tu\\u00e9p\\U0001F600 é\"\n"
        let json = #"{"a": "q\"b\\s/n\nt\tu\u00e9p\ud83d\ude00 é"}"#
        let fromYAML = scalarAndNextColumn(try YAMLParser.parse(Array(yaml.utf8), file: "same.yaml").get(), key: "a").0
        let fromJSON = scalarAndNextColumn(try JSONParser.parse(Array(json.utf8), file: "same.json").get(), key: "a").0
        #expect(fromYAML != nil)
        #expect(fromYAML == fromJSON)
    }

    /// The YAML 1.2 core schema's numbers, read byte by byte: what a `Double` setting accepts as a plain scalar.
    @Test(arguments: [
        ("1.5", true), ("2e3", true), ("-0.25", true), ("1.5e-3", true), ("0", true), ("-12", true),
        ("01.5", false), ("1.", false), (".5", false), ("1e", false), ("1_000", false), ("0x1F", false),
        ("NaN", false), ("+5", false), ("1.5.2", false), ("1\u{301}", false),
    ])
    func plainNumbersFollowTheCoreSchema(text: String, isNumber: Bool) throws {
        let tree = try YAMLParser.parse(Array("v: \(text)\n".utf8), file: "number.yaml").get()
        guard case .mapping(let pairs) = tree[tree.root].kind, let value = pairs.first?.value else {
            Issue.record("no mapping")
            return
        }
        let decoded = Result { () throws(ProfileError) in
            try NodeDecoder.decoded(Double.self, from: ValueNode(tree: tree, index: value), code: .invalidValue)
        }
        if case .success = decoded { #expect(isNumber, "\(text)") } else { #expect(!isNumber, "\(text)") }
    }
}
