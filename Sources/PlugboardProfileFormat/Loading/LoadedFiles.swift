import Foundation

/// The profile files one run has read: each is read and parsed once however many `extends` chains, combinations
/// and containers ask for it (a launch, a `plugboard validate` of a whole folder, an `explain`). Also remembers
/// which names each folder holds, so that a folder is searched once per name.
final class LoadedFiles: @unchecked Sendable {
    let limits: ParseLimits
    private let lock = NSLock()
    private var documents: [String: (document: ProfileDocument?, diagnostics: [Diagnostic])] = [:]
    private var located: [String: [String]] = [:]

    init(limits: ParseLimits) {
        self.limits = limits
    }

    /// The file read and checked against the format, from this run's memory after the first time.
    func load(_ file: String) -> (ProfileDocument?, [Diagnostic]) {
        if let known = lock.withLock({ documents[file] }) { return known }
        let read = ProfileLibrary.load(file: file, limits: limits)
        lock.withLock { documents[file] = read }
        return read
    }

    /// The files of profile `name` in `directory` (one normally; two or three are an error), looked for once.
    func candidates(_ name: String, in directory: String) -> [String] {
        let key = directory + "\u{0}" + name
        let tried = ProfileLibrary.extensions.map { (directory as NSString).appendingPathComponent("\(name).\($0)") }
        FileBytes.log?.noteLookup(tried)
        if let known = lock.withLock({ located[key] }) { return known }
        let found = tried.filter { FileManager.default.fileExists(atPath: $0) }
        lock.withLock { located[key] = found }
        return found
    }
}
