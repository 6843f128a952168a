import CLibYAML
import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfiles
@_spi(Tools) import PlugboardProfileFormat

/// Profiles on disk for the parsing rows, and the wide container for the applying row.
public enum ProfileScenarios {
    /// A folder of generated profiles (made once per process).
    public static let directory: String = {
        let path = NSTemporaryDirectory() + "plugboard-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, bytes) in [("p1mb", 1 << 20), ("p10mb", 10 << 20)] {
            try? yaml(bytes: bytes).write(toFile: "\(path)/\(name).yaml", atomically: true, encoding: .utf8)
            try? json(bytes: bytes).write(toFile: "\(path)/\(name).json", atomically: true, encoding: .utf8)
        }
        var wide = "plugboard: 1\ncontainers:\n  WideContainer:\n"
        for index in 0..<1000 { wide += "    f\(index): { use: \(index % 2 == 0 ? "a" : "b") }\n" }
        try? wide.write(toFile: "\(path)/wide.yaml", atomically: true, encoding: .utf8)
        return path
    }()

    /// The number of entries a generated profile of about `bytes` holds.
    static func entries(_ bytes: Int) -> Int { bytes / 64 }

    static func yaml(bytes: Int) -> String {
        var text = "plugboard: 1\ndescription: generated\ncontainers:\n  Container:\n"
        for index in 0..<entries(bytes) {
            text += "    key\(index):\n      use: \(index % 2 == 0 ? "console" : "null")\n      scope: cached\n"
        }
        return text
    }

    static func json(bytes: Int) -> String {
        var text = "{\n  \"plugboard\": 1,\n  \"description\": \"generated\",\n  \"containers\": {\n    \"Container\": {\n"
        let count = entries(bytes)
        for index in 0..<count {
            text += "      \"key\(index)\": { \"use\": \"\(index % 2 == 0 ? "console" : "null")\", \"scope\": \"cached\" }\(index == count - 1 ? "" : ",")\n"
        }
        return text + "    }\n  }\n}\n"
    }

    /// The catalog the generated profiles are checked against.
    @_spi(Tools) public static let catalog: Catalog = {
        var catalog = Catalog()
        var container = Catalog.CatalogContainer()
        for index in 0..<entries(10 << 20) {
            var factory = Catalog.CatalogFactory(type: "Analytics")
            factory.implementations = ["console": .init(), "null": .init()]
            container.factories["key\(index)"] = factory
        }
        catalog.containers["Container"] = container
        return catalog
    }()

    /// Reads, parses, merges and checks one generated profile against the catalog as the validator does;
    /// returns the number of findings (the YAML files' `use: null` entries each get a warning).
    public static func parseAndCheck(_ file: String) -> Int {
        let (document, found) = ProfileLibrary.load(file: "\(directory)/\(file)")
        guard let document else { return found.count + 1 }
        let merged = MergedProfile(names: [document.name], documents: [document])
        return found.count + Validation.check(merged, catalog: catalog).count
    }

    /// libyaml's events alone, for the same file: the floor of the YAML rows.
    public static func libyamlEvents(_ file: String) -> Int {
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(file)") else { return -1 }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        yaml_parser_initialize(parser)
        defer { yaml_parser_delete(parser) }
        return data.withUnsafeBytes { bytes in
            yaml_parser_set_input_string(parser, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count)
            var events = 0
            var event = yaml_event_t()
            while yaml_parser_parse(parser, &event) == 1 {
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                events += 1
                if done { break }
            }
            return events
        }
    }

    /// Declares 1,000 factories and applies a profile that sets each of them; returns how many changed.
    public static func applyWide() -> Int {
        let container = WideContainer()
        var options = ProfileOptions(profiles: ["wide"], directories: [directory], failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in SwiftLogNoOpLogHandler() }
        return container.applyProfile(container.declarations, options: options).profiledFactories.count
    }

    /// A folder of 1,000 profiles of 50 entries each (each extending a shared base), for the validator row.
    public static let thousandFiles: [String] = {
        let folder = directory + "/thousand"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? "plugboard: 1\ncontainers:\n  Container:\n    key0: { use: console }\n".write(toFile: folder + "/base.yaml", atomically: true, encoding: .utf8)
        for file in 0..<999 {
            var text = "plugboard: 1\nextends: base\ncontainers:\n  Container:\n"
            for entry in 0..<50 { text += "    key\(entry): { use: \(entry % 2 == 0 ? "console" : "null"), scope: cached }\n" }
            try? text.write(toFile: folder + "/profile\(file).yaml", atomically: true, encoding: .utf8)
        }
        return Validation.collect([folder]).files
    }()

    /// A program's catalog of 50 factories, for the 1,000 files.
    static let smallCatalog: Catalog = {
        var small = Catalog()
        small.containers["Container"] = Catalog.CatalogContainer()
        for index in 0..<50 { small.containers["Container"]!.factories["key\(index)"] = catalog.containers["Container"]!.factories["key\(index)"] }
        return small
    }()

    /// Validates the 1,000 files as `plugboard validate` does (with a catalog); returns the number of errors (0).
    public static func validateThousand() -> Int {
        Validation.run(files: thousandFiles, catalog: smallCatalog).errorCount
    }

    /// A profile with `count` unknown top-level fields: as many findings, for the rows that show the validator's
    /// cost growing with the findings, not with their square.
    public static func findingsFile(_ count: Int) -> String {
        let file = "\(directory)/findings\(count).yaml"
        if !FileManager.default.fileExists(atPath: file) {
            let text = "plugboard: 1\n" + (0..<count).map { "unknown\($0): x\n" }.joined()
            try? text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return file
    }

    /// Validates one file of `count` findings without a catalog; returns the number of findings.
    public static func validateFindings(_ count: Int) -> Int {
        Validation.run(files: [findingsFile(count)], catalog: nil).allDiagnostics.count
    }

    /// A folder of `count` profiles in one `extends` line (`c0` extends `c1` ... ): each file's chain is
    /// resolved from files read once, and bounded by `ParseLimits.maxExtendsDepth`.
    public static func chainFolder(_ count: Int) -> [String] {
        let folder = "\(directory)/chain\(count)"
        if !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for index in 0..<count {
                let extends = index + 1 < count ? "extends: c\(index + 1)\n" : ""
                try? "plugboard: 1\n\(extends)containers:\n  Container:\n    key\(index % 50): { use: console }\n"
                    .write(toFile: "\(folder)/c\(index).yaml", atomically: true, encoding: .utf8)
            }
        }
        return Validation.collect([folder]).files
    }

    /// Validates a chain folder with the small catalog; returns the number of errors (the chains too deep).
    public static func validateChain(_ files: [String]) -> Int {
        Validation.run(files: files, catalog: smallCatalog).errorCount
    }

    /// The size of a generated file in bytes.
    public static func size(_ file: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: "\(directory)/\(file)"))?[.size] as? Int) ?? 0
    }
}
