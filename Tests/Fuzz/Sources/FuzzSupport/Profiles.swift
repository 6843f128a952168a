import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// What every fuzz target does with one input: the stages a launch and the validator run on a file.
public enum FuzzProfiles {
    /// Small limits, so that the fuzzer explores the checks rather than spending its time on huge inputs.
    static let limits = ParseLimits(maxInputBytes: 1 << 16, maxDepth: 64, maxScalarBytes: 4096, maxExtendsDepth: 8)

    /// Parses `bytes` as YAML or JSON and reads the profile document from the tree: true when it reads.
    @discardableResult
    public static func read(_ bytes: [UInt8], json: Bool) -> Bool {
        document(bytes, json: json) != nil
    }

    static func document(_ bytes: [UInt8], json: Bool) -> ProfileDocument? {
        let parsed =
            json
            ? JSONParser.parse(bytes, file: "fuzz.json", limits: limits)
            : YAMLParser.parse(bytes, file: "fuzz.yaml", limits: limits)
        guard case .success(let tree) = parsed else { return nil }
        return DocumentReader.read(tree, name: "fuzz").0
    }

    /// Reads the document and checks it, merged, against a catalog with every kind of shape.
    public static func check(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        guard let document = document(Array(bytes.dropFirst()), json: first & 1 == 1) else { return }
        let merged = MergedProfile(names: ["fuzz"], documents: [document])
        _ = Validation.check(merged, catalog: catalog)
        _ = Validation.check(merged, catalog: nil)
    }

    /// Reads `bytes` as JSON and, when they are JSON, as YAML too (JSON is YAML's flow style): the two must find
    /// the same things (code, line and column) reading the document and checking it against the catalog. A
    /// difference stops the run, so that libFuzzer saves the input.
    public static func compareFormats(_ bytes: [UInt8]) {
        guard case .success(let jsonTree) = JSONParser.parse(bytes, file: "fuzz", limits: limits) else { return }
        // libyaml may refuse JSON it reads differently (a tab before a value): only documents both parse compare.
        guard case .success(let yamlTree) = YAMLParser.parse(bytes, file: "fuzz", limits: limits) else { return }
        let json = findings(DocumentReader.read(jsonTree, name: "fuzz"))
        let yaml = findings(DocumentReader.read(yamlTree, name: "fuzz"))
        if json != yaml {
            fatalError("JSON and YAML read the same document differently:\nJSON \(json)\nYAML \(yaml)")
        }
    }

    /// What a document's reading and checking found, as `line:column CODE`, in order.
    static func findings(_ read: (ProfileDocument?, [Diagnostic])) -> [String] {
        var diagnostics = read.1
        if let document = read.0 {
            let merged = MergedProfile(names: ["fuzz"], documents: [document])
            diagnostics += Validation.check(merged, catalog: catalog)
        }
        return diagnostics.map { "\($0.position.line):\($0.position.column) \($0.code.rawValue)" }.sorted()
    }

    /// A catalog whose factories take every shape the checker knows.
    static let catalog: Catalog = {
        var catalog = Catalog()
        var container = Catalog.CatalogContainer()
        func factory(_ value: TypeShape?, settings: TypeShape? = nil, scope: String? = nil) -> Catalog.CatalogFactory {
            var factory = Catalog.CatalogFactory(type: "T")
            factory.value = value
            factory.implementations = ["a": .init(), "b": .init(settingsType: "S", settings: settings)]
            factory.definitionScope = scope
            return factory
        }
        let object = TypeShape.object(
            properties: [
                "url": .url, "at": .date, "n": .integerIn(0...255), "list": .array(.string), "map": .map(.number),
            ],
            required: ["url"])
        container.factories["text"] = factory(.string)
        container.factories["number"] = factory(.integer, settings: object)
        container.factories["flag"] = factory(.boolean, scope: "singleton")
        container.factories["object"] = factory(object, settings: .checkedByProgram(.any))
        container.factories["list"] = factory(.array(.checkedByProgram(.string)))
        catalog.containers["Container"] = container
        catalog.containers["Other"] = Catalog.CatalogContainer()
        catalog.scopes = ["session"]
        return catalog
    }()

    /// The bytes libFuzzer hands over.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        data.map { [UInt8](UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }
}
