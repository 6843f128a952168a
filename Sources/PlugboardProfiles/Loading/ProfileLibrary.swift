import Foundation

/// Finds profile files on a search path, reads them, and resolves `extends` chains.
public struct ProfileLibrary: Sendable {
    /// The folders searched, first match wins.
    public var directories: [String]
    /// Parser limits for every file read.
    public var limits: ParseLimits

    /// A library over `directories`.
    public init(directories: [String], limits: ParseLimits = .default) {
        self.directories = directories
        self.limits = limits
    }

    /// The extensions a profile file may have.
    public static let extensions = ["yaml", "yml", "json"]

    /// The file of profile `name`: the first folder that has one wins; two in one folder are an error.
    public func locate(_ name: String, requestedAt position: SourcePosition? = nil) -> Result<String, Diagnostic> {
        for directory in directories {
            let candidates = Self.extensions
                .map { (directory as NSString).appendingPathComponent("\(name).\($0)") }
                .filter { FileManager.default.fileExists(atPath: $0) }
            if candidates.count > 1 {
                return .failure(Diagnostic(
                    .duplicateProfile, "profile '\(name)' is defined twice in \(directory): \(candidates.map { ($0 as NSString).lastPathComponent }.joined(separator: " and "))",
                    at: SourcePosition(file: candidates[1], line: 1, column: 1)))
            }
            if let file = candidates.first { return .success(file) }
        }
        let searched = directories.isEmpty ? "no folders" : directories.joined(separator: ", ")
        return .failure(Diagnostic(
            .profileNotFound, "profile '\(name)' not found (searched \(searched))",
            at: position ?? SourcePosition(file: "<launch>", line: 1, column: 1)))
    }

    /// Reads and checks one file against the format.
    public static func load(file: String, limits: ParseLimits = .default) -> (ProfileDocument?, [Diagnostic]) {
        let start = SourcePosition(file: file, line: 1, column: 1)
        let bytes: [UInt8]
        switch FileBytes.read(file, limit: limits.maxInputBytes) {
        case .success(let read):
            bytes = read
        case .failure(.tooLarge(let size)):
            return (nil, [Diagnostic(.tooLarge, "the file is \(size) bytes, over the limit of \(limits.maxInputBytes) bytes", at: start)])
        case .failure(.unreadable):
            return (nil, [Diagnostic(.unreadable, "cannot read the file", at: start)])
        }
        let parsed = file.hasSuffix(".json")
            ? JSONParser.parse(bytes, file: file, limits: limits)
            : YAMLParser.parse(bytes, file: file, limits: limits)
        switch parsed {
        case .failure(let diagnostic):
            return (nil, [diagnostic])
        case .success(let tree):
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            let (document, diagnostics) = DocumentReader.read(tree, name: name)
            return (document, diagnostics)
        }
    }

    /// Loads `names` and everything they extend, in the order they apply: each profile once, after its
    /// parents (in the order listed), the active profiles left to right.
    public func resolve(_ names: [Located<String>]) -> (documents: [ProfileDocument], diagnostics: [Diagnostic]) {
        var resolver = ChainResolver(library: self)
        for name in names {
            resolver.visit(name.value, requestedAt: name.position, stack: [])
        }
        return (resolver.ordered, resolver.diagnostics)
    }
}

private struct ChainResolver {
    let library: ProfileLibrary
    var loaded: [String: ProfileDocument?] = [:]
    var ordered: [ProfileDocument] = []
    var diagnostics: [Diagnostic] = []

    init(library: ProfileLibrary) {
        self.library = library
    }

    mutating func visit(_ name: String, requestedAt position: SourcePosition, stack: [String]) {
        if let index = stack.firstIndex(of: name) {
            let cycle = stack[index...] + [name]
            diagnostics.append(Diagnostic(.extendsCycle, "extends cycle: \(cycle.joined(separator: " -> "))", at: position))
            return
        }
        if ordered.contains(where: { $0.name == name }) { return }
        if let known = loaded[name] {
            if known == nil { return }  // already reported
        }
        let document: ProfileDocument
        switch library.locate(name, requestedAt: position) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            loaded[name] = .some(nil)
            return
        case .success(let file):
            let (read, found) = ProfileLibrary.load(file: file, limits: library.limits)
            diagnostics += found
            guard let read else {
                loaded[name] = .some(nil)
                return
            }
            document = read
        }
        loaded[name] = document
        for parent in document.extends {
            visit(parent.value, requestedAt: parent.position, stack: stack + [name])
        }
        if !ordered.contains(where: { $0.name == name }) { ordered.append(document) }
    }
}
