import Foundation

/// Finds the values of secret references: in an environment, in files, and in the program's configuration
/// when one was handed to the launch.
///
/// The launch resolves through one resolver for the whole check, handed to every decoding and shape check it
/// makes, so that every container's settings see the same environment; the validator makes one only with
/// `--resolve-secrets`.
package struct SecretResolver: Sendable {
    /// Why a reference has no value: a message that names the reference and never a value.
    package struct Problem: Error, Sendable {
        package var message: String
    }

    /// The environment `env:` references read.
    package var environment: [String: String]
    /// What `config:` references read: the configuration's value for a key, or nil.
    package var configuration: (@Sendable (String) -> String?)?

    /// The largest secret file read (a secret is a key or a password, not a document).
    package static let maxFileBytes = 1 << 20

    /// A resolver over `environment` (this process's by default), without a configuration.
    package init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        configuration: (@Sendable (String) -> String?)? = nil
    ) {
        self.environment = environment
        self.configuration = configuration
    }

    /// Where this resolver notes what it read, for a reload to watch the files and tell a rotated secret
    /// from an unchanged one; nil notes nothing.
    package var reads: SecretReads?
    /// Where the `file:` secrets read are noted with the profiles (a launch's or a reload's log), for its
    /// watcher; nil notes nothing.
    package var fileLog: FileReadLog?
    /// What answers instead of the environment, the files and the configuration: the values a generation read
    /// when it was made (see ``pinned()``).
    private var pinnedTo: SecretReads?

    /// This resolver answering only with the values it read so far, reading nothing again and noting nothing:
    /// what containers made later check against, so that they get their generation's secrets, whatever a mount
    /// holds meanwhile (missing, or rotated but not yet reloaded).
    package func pinned() -> SecretResolver {
        var pinned = self
        pinned.pinnedTo = reads ?? SecretReads()
        pinned.reads = nil
        pinned.fileLog = nil
        return pinned
    }

    /// The value of `reference`, or why there is none.
    package func resolve(_ reference: SecretReference) -> Result<String, Problem> {
        if let pinnedTo {
            return pinnedTo.result(of: reference)
                ?? .failure(Problem(message: "secret \(reference) was not read when the running profiles were made"))
        }
        let result = lookUp(reference)
        if let reads { reads.note(reference, result) }
        return result
    }

    private func lookUp(_ reference: SecretReference) -> Result<String, Problem> {
        switch reference.source {
        case .env:
            guard let value = environment[reference.name] else {
                return .failure(
                    Problem(message: "secret \(reference) is not set: the environment has no \(reference.name)"))
            }
            guard !value.isEmpty else {
                return .failure(Problem(message: "secret \(reference) is empty"))
            }
            return .success(value)
        case .file:
            switch FileBytes.read(reference.name, limit: Self.maxFileBytes, log: fileLog) {
            case .failure(.tooLarge):
                return .failure(Problem(message: "secret \(reference) is larger than \(Self.maxFileBytes) bytes"))
            case .failure(.unreadable):
                return .failure(Problem(message: "secret \(reference) cannot be read (no such file, or not readable)"))
            case .success(let read):
                var text = String(decoding: read.bytes, as: UTF8.self)
                if text.last == "\n" || text.last == "\r\n" { text.removeLast() }
                guard !text.isEmpty else { return .failure(Problem(message: "secret \(reference) is empty")) }
                return .success(text)
            }
        case .config:
            guard let configuration else {
                return .failure(
                    Problem(
                        message:
                            "secret \(reference) needs the program's configuration: hand its ConfigReader to the launch (PlugboardConfiguration)"
                    ))
            }
            guard let value = configuration(reference.name), !value.isEmpty else {
                return .failure(Problem(message: "secret \(reference) is not in the program's configuration"))
            }
            return .success(value)
        }
    }
}

/// What a resolver read: each reference once, with a hash of its value, in the order read, and what it
/// resolved to, which a pinned resolver answers with (see ``SecretResolver/pinned()``). The values stay in
/// memory, where the settings decoded from them are anyway; fingerprints and logs carry only hashes.
package final class SecretReads: @unchecked Sendable {
    private let lock = NSLock()
    private var hashes: [SecretReference: UInt64] = [:]
    private var results: [SecretReference: Result<String, SecretResolver.Problem>] = [:]
    private var order: [SecretReference] = []

    package init() {}

    func note(_ reference: SecretReference, _ result: Result<String, SecretResolver.Problem>) {
        var hash: UInt64 = 0
        if case .success(let value) = result { hash = FNV1a.hash(value.utf8) }
        lock.withLock {
            results[reference] = result
            if hashes.updateValue(hash, forKey: reference) == nil { order.append(reference) }
        }
    }

    /// What `reference` resolved to when it was read, or nil when it was not read.
    func result(of reference: SecretReference) -> Result<String, SecretResolver.Problem>? {
        lock.withLock { results[reference] }
    }

    /// Each reference read and its value's hash (0 when it had none), in the order first read.
    package var fingerprints: [(reference: SecretReference, hash: UInt64)] {
        lock.withLock { order.map { ($0, hashes[$0]!) } }
    }
}
