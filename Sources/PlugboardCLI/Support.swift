import ArgumentParser
import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// The tool's own problems (unreadable paths, bad catalog): said on standard error, exit status 2.
struct ToolError: Error, CustomStringConvertible {
    let description: String
}

extension ParsableCommand {
    /// Runs `body`, turning a ``ToolError`` into a message on standard error and exit status 2.
    func reportingToolErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ToolError {
            FileHandle.standardError.write(Data("plugboard: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// Reads a catalog file, or says why it cannot.
func readCatalog(_ path: String?) throws -> Catalog? {
    guard let path else { return nil }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw ToolError(description: "cannot read the catalog \(path)")
    }
    do {
        return try Catalog.read(from: data)
    } catch {
        throw ToolError(
            description: "\(path) is not a Plugboard catalog (write one with --plugboard-export-catalog PATH): \(error)"
        )
    }
}

/// Splits `a,b` and repeated options into names.
func names(_ values: [String]) -> [String] {
    values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter {
        !$0.isEmpty
    }
}

/// Prints to standard output.
func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// Loads and merges profiles from a folder, then `overrides` over them, stopping with exit status 1 on errors
/// (`found` adds findings of the caller's); with `secrets`, every secret a setting references must resolve.
func mergedProfile(
    _ profileNames: [String], directory: String, catalog: Catalog?, overrides: [SettingOverride] = [],
    secrets: SecretResolver? = nil, found earlier: [Diagnostic] = []
) throws -> MergedProfile {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw ToolError(description: "cannot read the folder \(directory)")
    }
    let origin = SourcePosition(file: "<arguments>", line: 1, column: 1)
    let (documents, found) = ProfileLibrary(directories: [directory]).resolve(
        profileNames.map { Located($0, at: origin) })
    var merged = MergedProfile(names: profileNames, documents: documents)
    let overridden = OverrideMerger(catalog: catalog).merge(overrides, into: &merged)
    let errors = (earlier + found + overridden + Validation.check(merged, catalog: catalog, secrets: secrets)).filter {
        $0.severity == .error
    }
    if !errors.isEmpty {
        write(errors.map { "\($0)\n" }.joined())
        throw ExitCode(1)
    }
    return merged
}
