import Foundation

/// The profile files a running program's launch or last reload parsed, by path and content: a reload reads
/// every file again, but parses only those whose bytes changed (a ConfigMap edit touches one file of a chain).
/// What it keeps is what the last run used, so files that left the chain are let go. It also keeps the merge
/// of a chain's parents, so that an edit of the active profile merges that file alone.
package final class ParsedFiles: @unchecked Sendable {
    private let lock = NSLock()
    /// The files the previous run parsed, and those this run has used so far.
    private var previous: [String: Parsed] = [:]
    private var current: [String: Parsed] = [:]

    /// One file's bytes (as a hash) and what reading them gave.
    struct Parsed {
        let hash: UInt64
        let count: Int
        let result: (document: ProfileDocument?, diagnostics: [Diagnostic])
    }

    /// One document of a chain: the file and the bytes (as a hash) it was read from.
    private struct Identity: Equatable {
        let file: String
        let hash: UInt64
        let count: Int
    }

    /// The previous run's merge of every document of its chain but the last, and what those documents were.
    private var mergedParents: (documents: [Identity], merged: MergedProfile)?

    package init() {}

    /// Runs `body` (a launch's or a reload's pipeline, which reads through this cache), then keeps only what it
    /// used.
    package func reusing<R>(_ body: (ParsedFiles) throws -> R) rethrows -> R {
        defer {
            lock.withLock {
                previous = current
                current = [:]
            }
        }
        return try body(self)
    }

    /// What `bytes` (whose hash is `hash`), read from `file`, gave last time, or `parse`'s result, kept for next
    /// time.
    func result(
        for file: String, bytes: [UInt8], hash: UInt64, parse: () -> (ProfileDocument?, [Diagnostic])
    ) -> (ProfileDocument?, [Diagnostic]) {
        let known = lock.withLock { current[file] ?? previous[file] }
        if let known, known.hash == hash, known.count == bytes.count {
            lock.withLock { current[file] = known }
            return known.result
        }
        let result = parse()
        lock.withLock { current[file] = Parsed(hash: hash, count: bytes.count, result: result) }
        return result
    }

    /// `documents` (read in this run) merged in order: from the previous run's merge of all but the last when
    /// those are the same files with the same bytes, else from the start. Either way the same profile.
    package func merged(names: [String], documents: [ProfileDocument]) -> MergedProfile {
        let identities: [Identity]? = lock.withLock {
            var found: [Identity] = []
            for document in documents {
                guard let parsed = current[document.file] else { return nil }
                found.append(Identity(file: document.file, hash: parsed.hash, count: parsed.count))
            }
            return found
        }
        guard let identities, let last = documents.last else {
            return MergedProfile(names: names, documents: documents)
        }
        let parents = Array(identities.dropLast())
        var merged: MergedProfile
        if let kept = lock.withLock({ mergedParents }), kept.documents == parents {
            merged = kept.merged
        } else {
            merged = MergedProfile(names: names, documents: Array(documents.dropLast()))
            lock.withLock { mergedParents = (parents, merged) }
        }
        merged.names = names
        merged.documents = documents
        merged.merge(last)
        return merged
    }
}
