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

extension FactoryEntryField {
    /// The rows of `entry`; `replaced` says what overrides of single fields replaced (see
    /// `MergedProfile.replacedFields`).
    static func fields(of entry: MergedEntry, replaced: [SourcePosition: [SourcePosition]] = [:]) -> [(
        String, String, SourcePosition, [SourcePosition]
    )] {
        var rows: [(String, String, SourcePosition, [SourcePosition])] = []
        if let use = entry.use { rows.append(("use", use.value, use.origin, use.overridden)) }
        if let members = entry.members {
            rows.append(("use", memberList(members.value), members.origin, members.overridden))
        }
        if let with = entry.with { rows += fieldRows("with", with, replaced: replaced) }
        if let value = entry.value { rows += fieldRows("value", value, replaced: replaced) }
        if let scope = entry.scope { rows.append(("scope", scope.value, scope.origin, scope.overridden)) }
        for (context, choice) in entry.contexts.sorted(by: { $0.key < $1.key }) {
            rows.append(("contexts.\(context)", render(choice.value), choice.origin, choice.overridden))
        }
        return rows
    }
}

/// Names the fields of a merged entry for `explain` and `diff`.
enum FactoryEntryField {
    /// One row for a `with` or `value`, or one per field when its fields come from different places (an
    /// override changed one field of a file's settings): each field then shows its own origin.
    static func fieldRows(
        _ name: String, _ setting: Setting<ValueNode>, replaced: [SourcePosition: [SourcePosition]]
    ) -> [(String, String, SourcePosition, [SourcePosition])] {
        let tree = setting.value.tree
        guard let pairs = tree.pairs(of: setting.value.index),
            Set(pairs.map { tree.position(of: $0.key).file }).count > 1
        else {
            return [(name, render(setting.value), setting.origin, setting.overridden)]
        }
        return pairs.map { pair in
            let field = ValueNode(tree: tree, index: pair.value)
            let position = tree.position(of: pair.key)
            return ("\(name).\(tree.scalar(pair.key)!)", render(field), position, replaced[position] ?? [])
        }
    }
}

/// A value as compact text (`{url: "https://x", retries: 2}`). Parsed documents are at most the
/// parser's depth limit deep, so the recursion is bounded.
func render(_ node: ValueNode) -> String {
    render(node.tree, node.index)
}

private func render(_ tree: NodeTree, _ index: Int) -> String {
    switch tree.kind(of: index) {
    case .scalar(let text, let style): style == .text ? "\"\(text)\"" : text
    case .sequence(let items): "[" + items.map { render(tree, $0) }.joined(separator: ", ") + "]"
    case .mapping(let pairs):
        "{" + pairs.map { "\(tree.scalar($0.key)!): \(render(tree, $0.value))" }.joined(separator: ", ") + "}"
    }
}

/// A list's members as text, in order: `[console, amplitude]`.
func memberList(_ members: [Located<String>]) -> String {
    "[" + members.map(\.value).joined(separator: ", ") + "]"
}

/// A choice as text.
func render(_ choice: ContextChoice) -> String {
    if let use = choice.use?.value ?? choice.members.map(memberList) {
        return choice.with.map { "\(use) with \(render($0))" } ?? use
    }
    return choice.value.map { "value \(render($0))" } ?? ""
}

/// `file:line`.
func place(_ position: SourcePosition) -> String {
    "\(position.file):\(position.line)"
}
