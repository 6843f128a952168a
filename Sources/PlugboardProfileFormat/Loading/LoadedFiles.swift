import Foundation

/// The profile files one run has read: each is read and parsed once however many `extends` chains, combinations
/// and containers ask for it (a launch, a `plugboard validate` of a whole folder, an `explain`). Also remembers
/// which names each folder holds, so that a folder is searched once per name.
final class LoadedFiles: @unchecked Sendable {
    let limits: ParseLimits
    /// Where the reads and lookups are noted (a launch's or a reload's), if anywhere.
    let log: FileReadLog?
    /// What the previous launch or reload parsed, to parse only the files whose bytes changed, if anything.
    let parsed: ParsedFiles?
    private let lock = NSLock()
    private var documents: [String: (document: ProfileDocument?, diagnostics: [Diagnostic])] = [:]
    private var located: [String: [String]] = [:]

    init(limits: ParseLimits, log: FileReadLog? = nil, parsed: ParsedFiles? = nil) {
        self.limits = limits
        self.log = log
        self.parsed = parsed
    }

    /// The file read and checked against the format, from this run's memory after the first time.
    func load(_ file: String) -> (ProfileDocument?, [Diagnostic]) {
        if let known = lock.withLock({ documents[file] }) { return known }
        let read = ProfileLibrary.load(file: file, limits: limits, log: log, parsed: parsed)
        lock.withLock { documents[file] = read }
        return read
    }

    /// The files of profile `name` in `directory` (one normally; two or three are an error), looked for once.
    func candidates(_ name: String, in directory: String) -> [String] {
        let key = directory + "\u{0}" + name
        let tried = ProfileLibrary.extensions.map { (directory as NSString).appendingPathComponent("\(name).\($0)") }
        log?.noteLookup(tried)
        if let known = lock.withLock({ located[key] }) { return known }
        let found = tried.filter { FileManager.default.fileExists(atPath: $0) }
        lock.withLock { located[key] = found }
        return found
    }
}
