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

    @Test func yamlAndJSONGiveTheSameTextForTheSameValue() throws {
        let yaml = "a: \"q\\\"b\\\\s/n\\nt\\tu\\u00e9p\\U0001F600 é\"\n"
        let json = #"{"a": "q\"b\\s/n\nt\tu\u00e9p\ud83d\ude00 é"}"#
        let fromYAML = scalarAndNextColumn(try YAMLParser.parse(Array(yaml.utf8), file: "same.yaml").get(), key: "a").0
        let fromJSON = scalarAndNextColumn(try JSONParser.parse(Array(json.utf8), file: "same.json").get(), key: "a").0
        #expect(fromYAML != nil)
        #expect(fromYAML == fromJSON)
    }
}
