@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// Reading a parsed tree in place (`pairs(of:)`, `items(of:)`, `scalarAndStyle(_:)`) gives what its `Kind`
/// values say, for nested, empty and mixed collections, whichever format wrote them.
@Suite struct NodeTreeTests {
    static let yaml = """
        name: app
        empty: {}
        none: []
        outer:
          inner: [1, two, {deep: true}]
          after: x
        list:
          - {a: 1}
          - []
          - last
        """
    static let json = """
        {"name": "app", "empty": {}, "none": [],
         "outer": {"inner": [1, "two", {"deep": true}], "after": "x"},
         "list": [{"a": 1}, [], "last"]}
        """

    static func trees() throws -> [NodeTree] {
        [
            try YAMLParser.parse(Array(yaml.utf8), file: "tree.yaml").get(),
            try JSONParser.parse(Array(json.utf8), file: "tree.json").get(),
        ]
    }

    /// The value node of `key` in mapping `index`.
    func value(_ tree: NodeTree, _ index: Int, _ key: String) -> Int? {
        tree.pairs(of: index)?.first { tree.scalar($0.key) == key }?.value
    }

    /// The node reached by following `keys` from the root.
    func node(_ tree: NodeTree, _ keys: String...) throws -> Int {
        var index = tree.root
        for key in keys { index = try #require(value(tree, index, key)) }
        return index
    }

    @Test func nestedCollectionsKeepTheirOwnChildren() throws {
        for tree in try Self.trees() {
            let root = tree.root
            #expect(tree.pairs(of: root)?.map { tree.scalar($0.key) } == ["name", "empty", "none", "outer", "list"])
            let outer = try node(tree, "outer")
            #expect(tree.pairs(of: outer)?.map { tree.scalar($0.key) } == ["inner", "after"])
            let items = try #require(tree.items(of: try node(tree, "outer", "inner")))
            #expect(items.count == 3)
            #expect(tree.scalar(items[0]) == "1")
            #expect(tree.scalar(items[1]) == "two")
            #expect(value(tree, items[2], "deep").flatMap(tree.scalar) == "true")
            #expect(tree.scalar(try node(tree, "outer", "after")) == "x")
            let list = try #require(tree.items(of: try node(tree, "list")))
            #expect(list.count == 3)
            #expect(tree.pairs(of: list[0])?.count == 1)
            #expect(tree.items(of: list[1])?.isEmpty == true)
            #expect(tree.scalar(list[2]) == "last")
        }
    }

    @Test func emptyCollectionsAreCollectionsWithNoChildren() throws {
        for tree in try Self.trees() {
            let empty = try node(tree, "empty")
            let none = try node(tree, "none")
            #expect(tree.pairs(of: empty)?.isEmpty == true)
            #expect(tree.items(of: empty) == nil)
            #expect(tree.items(of: none)?.isEmpty == true)
            #expect(tree.pairs(of: none) == nil)
            #expect(tree.scalar(empty) == nil)
            #expect(tree.describe(empty) == "a mapping")
            #expect(tree.describe(none) == "a list")
        }
    }

    @Test func scalarsKeepTheStyleTheirFormatGaveThem() throws {
        let trees = try Self.trees()
        let (yamlTree, jsonTree) = (trees[0], trees[1])
        let yamlInner = try #require(yamlTree.items(of: try node(yamlTree, "outer", "inner")))
        let jsonInner = try #require(jsonTree.items(of: try node(jsonTree, "outer", "inner")))
        #expect(yamlTree.scalarAndStyle(yamlInner[0])?.style == .plain)
        #expect(jsonTree.scalarAndStyle(jsonInner[0])?.style == .number)
        #expect(jsonTree.scalarAndStyle(jsonInner[1])?.style == .text)
        #expect(jsonTree.scalarAndStyle(jsonInner[2]) == nil)
        #expect(jsonTree.describe(jsonInner[0]) == "the number 1")
    }

    @Test func kindValuesAgreeWithTheInPlaceReading() throws {
        for tree in try Self.trees() {
            for index in 0..<tree.count {
                switch tree[index].kind {
                case .mapping(let pairs):
                    #expect(pairs.elementsEqual(tree.pairs(of: index)!) { $0.key == $1.key && $0.value == $1.value })
                case .sequence(let items):
                    #expect(items == Array(tree.items(of: index)!))
                case .scalar(let text, let style):
                    #expect(tree.scalarAndStyle(index)! == (text, style))
                }
            }
        }
    }

    @Test func positionsAreWhereEachNodeStarts() throws {
        let tree = try JSONParser.parse(Array(Self.json.utf8), file: "tree.json").get()
        let outer = try node(tree, "outer")
        #expect(tree.position(of: outer) == SourcePosition(file: "tree.json", line: 2, column: 11))
        let key = try #require(tree.pairs(of: outer)?.last?.key)
        #expect(tree.position(of: key).description == "tree.json:2:49")
    }

    @Test func jsonColumnsCountCharactersNotBytes() throws {
        // The scanner works columns out only where a node starts: from the offset on an ASCII line, by
        // counting characters once a line has a wider one (or an escape, which may stand for one).
        let json = "{\"名前\": \"café\", \"k\": 1,\n \"x\": \"\\u00e9\\n\", \"y\": [true, null]}"
        let tree = try JSONParser.parse(Array(json.utf8), file: "wide.json").get()
        let pairs = try #require(tree.pairs(of: tree.root))
        #expect(
            pairs.map { tree.position(of: $0.value).description }
                == ["wide.json:1:8", "wide.json:1:21", "wide.json:2:7", "wide.json:2:24"])
        #expect(tree.scalar(pairs[2].value) == "é\n")
        let list = try #require(tree.items(of: pairs[3].value))
        #expect(tree.position(of: list[1]).description == "wide.json:2:31")
        for (text, position) in [
            ("{\"é\": tru}", "1:7"), ("[\"\\u00e9\", \"é\", x]", "1:17"), ("[1,\n \"日本\" 2]", "2:7"),
        ] {
            guard case .failure(let diagnostic) = JSONParser.parse(Array(text.utf8), file: "bad.json") else {
                Issue.record("\(text) parsed")
                continue
            }
            #expect(diagnostic.position.description == "bad.json:\(position)", "\(text)")
        }
    }

    @Test func aDuplicateKeyIsFoundAfterThousandsOfOtherTextsBetweenItsTwoUses() throws {
        // Short texts share a table with a slot per hash: in between, other texts take the first key's slot,
        // and its second use is stored anew; it is still the same key.
        let items = (0..<2000).map { "\"v\($0)\"" }.joined(separator: ", ")
        for (text, file) in [
            ("{\"a\": [\(items)], \"a\": 1}", "dup.json"), ("a: [\(items)]\na: 1\n", "dup.yaml"),
        ] {
            let parsed =
                file.hasSuffix(".json")
                ? JSONParser.parse(Array(text.utf8), file: file) : YAMLParser.parse(Array(text.utf8), file: file)
            guard case .failure(let diagnostic) = parsed else {
                Issue.record("\(file) parsed")
                continue
            }
            #expect(diagnostic.message.hasPrefix("duplicate key 'a' (first at line 1, column"), "\(diagnostic)")
        }
    }

    @Test func everyScalarKeepsItsOwnTextAmongThousandsOfShortOnes() throws {
        // Short texts are made once per spelling through a small table: many spellings share its slots.
        let keys = (0..<3000).map { "k\($0 * 7919 % 100_000)" } + ["fifteen_bytes_x", "sixteen_bytes_xy", "é", "日本"]
        let values = keys.indices.map { ["console", "null", "x\($0)", "", "fifteen_bytes_y"][$0 % 5] }
        let json = "{" + zip(keys, values).map { "\"\($0)\": \"\($1)\"" }.joined(separator: ", ") + "}"
        let yaml = zip(keys, values).map { "\($0): \"\($1)\"" }.joined(separator: "\n")
        for tree in [
            try JSONParser.parse(Array(json.utf8), file: "short.json").get(),
            try YAMLParser.parse(Array(yaml.utf8), file: "short.yaml").get(),
        ] {
            let pairs = try #require(tree.pairs(of: tree.root))
            #expect(pairs.map { tree.scalar($0.key) } == keys)
            #expect(pairs.map { tree.scalar($0.value) } == values)
        }
    }

    @Test func theInputLimitCannotPassTheCeilingOfTheNodeNumbering() {
        var limits = ParseLimits(maxInputBytes: .max)
        #expect(limits.maxInputBytes == ParseLimits.inputCeiling)
        limits.maxInputBytes = 1 << 40
        #expect(limits.maxInputBytes == ParseLimits.inputCeiling)
        limits.maxInputBytes = 100
        #expect(limits.maxInputBytes == 100)
    }
}
