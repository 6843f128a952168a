/// Where a secret's value comes from: `env:NAME`, `file:PATH` or `config:KEY`.
package struct SecretReference: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of source.
    package enum Source: String, Sendable, CaseIterable {
        /// An environment variable of the launched process.
        case env
        /// A file's contents, one trailing newline dropped (Docker and Kubernetes mount secrets as files).
        case file
        /// A key of the program's swift-configuration reader.
        case config
    }

    /// The kind of source.
    package let source: Source
    /// The variable, path or key.
    package let name: String

    /// The reference `text` spells, or nil when it is not one. An environment variable's name is letters,
    /// digits and `_`; a path or key is any non-empty text without spaces at its ends.
    package init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), let source = Source(rawValue: String(text[..<colon])) else {
            return nil
        }
        let name = String(text[text.index(after: colon)...])
        guard !name.isEmpty, name.trimmingCharacters(in: .whitespaces) == name else { return nil }
        if source == .env {
            guard let first = name.unicodeScalars.first, !("0"..."9").contains(first),
                name.unicodeScalars.allSatisfy({
                    $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
                })
            else { return nil }
        }
        self.source = source
        self.name = name
    }

    /// `env:NAME`.
    package var description: String { "\(source.rawValue):\(name)" }

    /// Why a value is refused where a secret is expected. It never repeats the value: it may be the secret.
    package static let notAReference =
        "expected a secret reference (env:NAME, file:PATH or config:KEY); a secret's value is never written in a profile (the value given is not repeated here)"

    /// A JSON Schema pattern for a reference, for the profile schema.
    package static let pattern = "^(env:[A-Za-z_][A-Za-z0-9_]*|file:\\S(.*\\S)?|config:\\S(.*\\S)?)$"
}
