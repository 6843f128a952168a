/// Settings and secrets from the program's own configuration system, for the launch: the `PlugboardConfiguration`
/// product makes one of a swift-configuration `ConfigReader`; a program with another system can write its own.
///
/// The launch asks it for every setting the program declared (each factory's `use`, `scope`, `value` and the
/// fields of its settings), after the profile files and before `PLUGBOARD__...` variables and `--plugboard-set`
/// arguments, and for the value of every `config:KEY` secret reference. A configuration cannot list its keys,
/// so a misspelt key there is not found; Plugboard's own variables and arguments report theirs.
public protocol ProfileValueSource: Sendable {
    /// The text the configuration sets for the setting at `path` (`["PaymentContainer", "gateway", "with",
    /// "timeoutSeconds"]`: container, factory key, `use`, `scope`, `value` or `with`, then fields), or nil.
    /// `isSecret` marks a `Secret` setting: read it as a secret, so that whatever it holds is never logged.
    ///
    /// - Parameters:
    ///   - path: The setting's path: container, factory key, field, then the fields inside it.
    ///   - isSecret: Whether the setting's type is `Secret`.
    /// - Returns: The configured text, or nil where the configuration sets nothing.
    func setting(at path: [String], isSecret: Bool) -> String?
    /// How diagnostics and `explain` name the setting at `path`: the key the configuration reads for it.
    ///
    /// - Parameter path: The setting's path, as `setting(at:isSecret:)` gets it.
    /// - Returns: The configuration's own name for it, as a diagnostic's file.
    func origin(of path: [String]) -> String
    /// The value of `key`, for a `config:KEY` secret reference, or nil.
    ///
    /// - Parameter key: What follows `config:` in the reference.
    /// - Returns: The secret's value, or nil when the configuration has none.
    func secret(forKey key: String) -> String?
    /// Calls `changed` each time the configuration's values change, until the task is cancelled: the watcher
    /// (``ProfileSystem/watchProfiles()``) then reloads after its quiet period, as after a file's edit. A configuration
    /// that cannot tell its changes waits until cancelled (the default); the watcher's files are still watched.
    ///
    /// - Parameter changed: Called once per change; the watcher joins changes within its quiet period.
    func watchChanges(_ changed: @escaping @Sendable () -> Void) async
}

extension ProfileValueSource {
    /// Tells no change: waits until the task is cancelled.
    ///
    /// - Parameter changed: Never called.
    public func watchChanges(_ changed: @escaping @Sendable () -> Void) async {
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 3_600_000_000_000)
        }
    }
}
