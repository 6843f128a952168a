import Configuration
import PlugboardProfiles

/// Profile settings and secrets from a swift-configuration `ConfigReader`, with its providers' precedence.
///
/// ```swift
/// let config = ConfigReader(providers: [
///     EnvironmentVariablesProvider(),
///     try await FileProvider<JSONSnapshot>(filePath: "/etc/orders/config.json"),
/// ])
/// var options = ProfileOptions()
/// options.readValues(from: config)
/// ProfileSystem.bootstrap(Container.shared, PaymentContainer.shared, options: options)
/// ```
///
/// - Settings: the launch asks the reader for every setting the program declared, under `plugboard`:
///   `plugboard.PaymentContainer.gateway.use`, `plugboard.PaymentContainer.gateway.with.timeoutSeconds` (which
///   `EnvironmentVariablesProvider` reads as `PLUGBOARD_PAYMENT_CONTAINER_GATEWAY_WITH_TIMEOUT_SECONDS`). They
///   apply over the profile files and under Plugboard's own `PLUGBOARD__...` variables and `--plugboard-set`
///   arguments, and go through the same checks.
/// - Secrets: a `config:payments.apiKey` reference in a profile reads `payments.apiKey`, as a secret (the
///   reader's access log redacts it).
///
/// A reader cannot list its keys, so a misspelt key in the configuration is not found; Plugboard's own
/// variables and arguments report theirs with a did-you-mean.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct ConfigReaderValueSource: ProfileValueSource {
    /// The reader asked.
    public let reader: ConfigReader
    /// The key settings are read under (`plugboard`).
    public let scope: String

    /// A source over `reader`, reading settings under `scope`.
    ///
    /// - Parameters:
    ///   - reader: The program's configuration reader.
    ///   - scope: The key every setting is read under: `plugboard.Container.store.use` by default.
    public init(_ reader: ConfigReader, scope: String = "plugboard") {
        self.reader = reader
        self.scope = scope
    }

    /// The setting's text: a string, or a number or boolean as the configuration holds it. A secret setting's
    /// reference is read as a secret, so that the reader's access log redacts it (whatever it holds).
    ///
    /// - Parameters:
    ///   - path: The setting's path: container, factory key, field, then the fields inside it.
    ///   - isSecret: Whether the setting's type is `Secret`.
    /// - Returns: The configured text, or nil where the reader has no value.
    public func setting(at path: [String], isSecret: Bool) -> String? {
        let key = ConfigKey([scope] + path)
        if let text = reader.string(forKey: key, isSecret: isSecret) { return text }
        if let number = reader.int(forKey: key) { return String(number) }
        if let number = reader.double(forKey: key) { return String(number) }
        if let flag = reader.bool(forKey: key) { return String(flag) }
        return nil
    }

    /// `config plugboard.PaymentContainer.gateway.use`.
    ///
    /// - Parameter path: The setting's path.
    /// - Returns: The reader's key for it, as diagnostics name it.
    public func origin(of path: [String]) -> String {
        "config " + ([scope] + path).joined(separator: ".")
    }

    /// The value of `key`, read as a secret.
    ///
    /// - Parameter key: What follows `config:` in the reference.
    /// - Returns: The secret's value, or nil when the reader has none.
    public func secret(forKey key: String) -> String? {
        reader.string(forKey: ConfigKey(key), isSecret: true)
    }

    /// Follows the reader's providers: each new snapshot (a file provider's reload, an in-memory provider's
    /// `setValue`) is a change, which the profile watcher reloads after its quiet period. The first snapshot is
    /// one too: a value set between the launch's read and this subscription is in it, and nothing else would
    /// tell it (a reload of values that did not change is `unchanged`).
    ///
    /// - Parameter changed: Called for each snapshot.
    public func watchChanges(_ changed: @escaping @Sendable () -> Void) async {
        _ = try? await reader.watchSnapshot { updates in
            for await _ in updates { changed() }
        }
    }
}

extension ProfileOptions {
    /// Reads profile settings and `config:` secrets from `reader` (see ``ConfigReaderValueSource``).
    ///
    /// - Parameters:
    ///   - reader: The program's configuration reader.
    ///   - scope: The key every setting is read under; `plugboard` by default.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public mutating func readValues(from reader: ConfigReader, scope: String = "plugboard") {
        valueSource = ConfigReaderValueSource(reader, scope: scope)
    }
}
