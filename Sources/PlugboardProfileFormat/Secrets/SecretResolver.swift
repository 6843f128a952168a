import Foundation

/// Finds the values of secret references: in an environment, in files, and in the program's configuration
/// when one was handed to the launch.
///
/// The launch resolves through one resolver for the whole check, set as ``current``, so that every
/// container's settings see the same environment; the validator sets one only with `--resolve-secrets`.
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

    /// The resolver of the launch or validation under way, if any.
    @TaskLocal package static var current: SecretResolver?

    /// Where this resolver notes what it read, for a reload to watch the files and tell a rotated secret
    /// from an unchanged one; nil notes nothing.
    package var reads: SecretReads?

    /// The value of `reference`, or why there is none.
    package func resolve(_ reference: SecretReference) -> Result<String, Problem> {
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
            switch FileBytes.read(reference.name, limit: Self.maxFileBytes) {
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

/// What a resolver read: each reference once, with a hash of its value (never the value), in the order read.
package final class SecretReads: @unchecked Sendable {
    private let lock = NSLock()
    private var hashes: [SecretReference: UInt64] = [:]
    private var order: [SecretReference] = []

    package init() {}

    func note(_ reference: SecretReference, _ result: Result<String, SecretResolver.Problem>) {
        var hash: UInt64 = 0
        if case .success(let value) = result { hash = FNV1a.hash(value.utf8) }
        lock.withLock {
            if hashes.updateValue(hash, forKey: reference) == nil { order.append(reference) }
        }
    }

    /// Each reference read and its value's hash (0 when it had none), in the order first read.
    package var fingerprints: [(reference: SecretReference, hash: UInt64)] {
        lock.withLock { order.map { ($0, hashes[$0]!) } }
    }
}
