import ArgumentParser
import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// `plugboard build-profiles`: what the `PlugboardProfilesPlugin` build plugin runs at every build of a target
/// that ships profiles. It checks them as `validate` does without a catalog, and writes each as JSON, the format
/// every platform reads: a YAML profile converted, with a source map that keeps what a launch finds in it at the
/// YAML file, line and column the user wrote.
struct BuildProfiles: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build-profiles",
        abstract: "Check a target's profiles and write them as JSON resources (YAML converted, with its positions).",
        discussion: """
            Checks syntax, structure, names, extends and duplicates, with file:line:column findings that Xcode \
            and SwiftPM show at the profile's line. On an error it writes nothing and exits with 1, which fails \
            the build. Each profile NAME becomes OUTPUT/NAME.json.
            """
    )

    @Argument(help: "Profile files and folders.")
    var paths: [String]

    @Option(help: "The folder to write the JSON profiles to.")
    var output: String

    @Option(help: "Name the YAML files in source maps relative to this folder (the package's).")
    var relativeTo: String?

    func run() throws {
        try reportingToolErrors {
            let (files, missing) = Validation.collect(paths)
            if let path = missing.first {
                throw ToolError(description: "cannot read \(path): no such file or folder")
            }
            let validation = Validation.run(files: files, catalog: nil)
            if !validation.allDiagnostics.isEmpty {
                write(TextReport.render(validation, color: false))
            }
            if validation.errorCount > 0 { throw ExitCode(1) }
            let outputs = try Self.outputs(of: files)
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for (name, file) in outputs {
                try Data(try json(of: file).utf8).write(
                    to: URL(fileURLWithPath: (output as NSString).appendingPathComponent(name + ".json")))
            }
        }
    }

    /// Each file's output name: its profile name. Two files of one name (in two folders) would be one resource
    /// in the bundle, so they are refused.
    static func outputs(of files: [String]) throws -> [(name: String, file: String)] {
        var byName: [String: String] = [:]
        for file in files {
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            if let other = byName[name] {
                throw ToolError(
                    description: "profile '\(name)' is defined twice: \(other) and \(file) (a bundle holds one)")
            }
            byName[name] = file
        }
        return byName.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `file` as JSON: a JSON profile as it is, a YAML one converted with its source map.
    func json(of file: String) throws -> String {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        if file.hasSuffix(".json") { return String(decoding: bytes, as: UTF8.self) }
        switch ProfileParser.parse(bytes, file: file) {
        case .success(let tree): return ProfileSourceMap.json(for: tree, sourceFile: sourceName(file))
        case .failure(let diagnostic): throw ToolError(description: diagnostic.description)
        }
    }

    /// How a source map names `file`: relative to `--relative-to` when it is under it.
    func sourceName(_ file: String) -> String {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        guard let relativeTo else { return absolute }
        let root = URL(fileURLWithPath: relativeTo).standardizedFileURL.path + "/"
        return absolute.hasPrefix(root) ? String(absolute.dropFirst(root.count)) : absolute
    }
}
