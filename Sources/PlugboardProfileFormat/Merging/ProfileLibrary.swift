import Foundation

/// Finds profile files on a search path, reads them, and resolves `extends` chains.
@_spi(Tools) public struct ProfileLibrary: Sendable {
    /// The folders searched, first match wins.
    package var directories: [String]
    /// Parser limits for every file read.
    package var limits: ParseLimits {
        didSet { loaded = LoadedFiles(limits: limits, log: loaded.log, parsed: loaded.parsed) }
    }
    /// A folder searched before ``directories`` (the validator's: a file's own folder first).
    var firstDirectory: String?
    /// A folder searched after ``directories``, found only when a profile is in none of them: one that is
    /// costly to find (`Bundle.main`'s). Nil when there is none.
    private let lastResort: (@Sendable () -> String?)?
    /// What this library, and the copies it was made from or made, have read.
    private(set) var loaded: LoadedFiles

    /// A library over `directories`. A launch or reload notes what it reads and tries in `log`, and parses
    /// through `parsed` only the files whose bytes changed since the last one.
    package init(
        directories: [String], limits: ParseLimits = .default, log: FileReadLog? = nil, parsed: ParsedFiles? = nil
    ) {
        self.init(directories: directories, lastResort: nil, limits: limits, log: log, parsed: parsed)
    }

    /// A library over `directories`, then `lastResort`'s folder, found only when a profile is in none of them.
    package init(
        directories: [String], lastResort: (@Sendable () -> String?)?, limits: ParseLimits = .default,
        log: FileReadLog? = nil, parsed: ParsedFiles? = nil
    ) {
        self.directories = directories
        self.lastResort = lastResort
        self.limits = limits
        self.loaded = LoadedFiles(limits: limits, log: log, parsed: parsed)
    }

    /// This library searching `directory` first, sharing what it has read.
    func searching(first directory: String) -> ProfileLibrary {
        var library = self
        library.firstDirectory = directory
        return library
    }

    /// The extensions a profile file may have.
    package static let extensions = ["yaml", "yml", "json"]

    /// The file of profile `name`: the first folder that has one wins; two in one folder are an error.
    package func locate(_ name: String, requestedAt position: SourcePosition? = nil) -> Result<String, Diagnostic> {
        for directory in (firstDirectory.map { [$0] } ?? []) + directories {
            if let found = look(for: name, in: directory) { return found }
        }
        let last = lastResort?()
        if let last, let found = look(for: name, in: last) { return found }
        let folders = directories + (last.map { [$0] } ?? [])
        let searched = folders.isEmpty ? "no folders" : folders.map(Self.folderName).joined(separator: ", ")
        let found = profileNames()
        let there = found.isEmpty ? "no profile is there" : "the profiles there: \(found.joined(separator: ", "))"
        let message = withSuggestion(
            "profile '\(name)' not found (searched \(searched); \(there))", for: name, among: found)
        return .failure(
            Diagnostic(.profileNotFound, message, at: position ?? SourcePosition(file: "<launch>", line: 1, column: 1)))
    }

    /// Profile `name`'s file in `directory`: nil when it has none, a failure when it has two.
    private func look(for name: String, in directory: String) -> Result<String, Diagnostic>? {
        let candidates = loaded.candidates(name, in: directory)
        if candidates.count > 1 { return .failure(Self.definedTwice(name, in: directory, candidates)) }
        return candidates.first.map { .success($0) }
    }

    /// The names of the profiles on the search path, sorted, each once: what a "not found" lists.
    package func profileNames() -> [String] {
        var names: Set<String> = []
        for directory in (firstDirectory.map { [$0] } ?? []) + directories + (lastResort?().map { [$0] } ?? []) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in files where Self.extensions.contains((file as NSString).pathExtension) {
                names.insert((file as NSString).deletingPathExtension)
            }
        }
        return names.sorted()
    }

    /// Reads and checks one file against the format.
    @_spi(Tools) public static func load(file: String, limits: ParseLimits = .default) -> (
        ProfileDocument?, [Diagnostic]
    ) {
        load(file: file, limits: limits, log: nil, parsed: nil)
    }

    /// Reads and checks one file against the format, the read noted in `log` and the parse taken from `parsed`
    /// when the bytes are the ones it parsed last time.
    static func load(file: String, limits: ParseLimits, log: FileReadLog?, parsed: ParsedFiles?) -> (
        ProfileDocument?, [Diagnostic]
    ) {
        let start = SourcePosition(file: file, line: 1, column: 1)
        let read: FileBytes.Read
        switch FileBytes.read(file, limit: limits.maxInputBytes, log: log) {
        case .success(let got):
            read = got
        case .failure(.tooLarge(let size)):
            return (
                nil,
                [
                    Diagnostic(
                        .tooLarge, "the file is \(size) bytes, over the limit of \(limits.maxInputBytes) bytes",
                        at: start)
                ]
            )
        case .failure(.unreadable):
            return (nil, [Diagnostic(.unreadable, "cannot read the file", at: start)])
        }
        let bytes = read.bytes
        if let cache = parsed {
            return cache.result(for: file, bytes: bytes, hash: read.hash ?? FNV1a.hash(file: bytes)) {
                parse(bytes, file: file, limits: limits)
            }
        }
        return parse(bytes, file: file, limits: limits)
    }

    /// Parses and reads one file's bytes.
    private static func parse(_ bytes: [UInt8], file: String, limits: ParseLimits) -> (ProfileDocument?, [Diagnostic]) {
        switch ProfileParser.parse(bytes, file: file, limits: limits) {
        case .failure(let diagnostic):
            return (nil, [diagnostic])
        case .success(let tree):
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            var (document, diagnostics) = DocumentReader.read(tree, name: name)
            // The file read, which hashes and watchers follow; a converted profile's findings still point at
            // the YAML its source map names.
            document.file = file
            return (document, diagnostics)
        }
    }

    /// Two or three files of one profile in one folder: a launch searching that folder could not tell which
    /// to read. Points at the second file.
    static func definedTwice(_ name: String, in directory: String, _ files: [String]) -> Diagnostic {
        let names = files.map { ($0 as NSString).lastPathComponent }.sorted().joined(separator: " and ")
        return Diagnostic(
            .duplicateProfile,
            "profile '\(name)' is defined twice in \(folderName(directory)): \(names) (a launch searching that folder could not tell which to read)",
            at: SourcePosition(file: files.sorted()[1], line: 1, column: 1))
    }

    /// A folder as messages name it: `.` for the current one.
    static func folderName(_ directory: String) -> String {
        directory.isEmpty ? "." : directory
    }

    /// Loads `names` and everything they extend, in the order they apply: each profile once, after its
    /// parents (in the order listed), the active profiles left to right.
    package func resolve(_ names: [Located<String>]) -> (documents: [ProfileDocument], diagnostics: [Diagnostic]) {
        var resolver = ChainResolver(library: self)
        for name in names {
            resolver.root = name.position
            resolver.visit(name.value, requestedAt: name.position)
        }
        return (resolver.ordered, resolver.diagnostics)
    }
}
