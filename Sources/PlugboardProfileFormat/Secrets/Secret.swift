import Foundation

/// A setting that holds a secret, such as an API key or a password, which a profile gives by reference and
/// never as a literal.
///
/// Declare a settings field as `Secret`, and a profile names where its value comes from:
///
/// ```swift
/// struct GatewaySettings: Decodable { var endpoint: URL; var apiKey: Secret }
/// ```
/// ```yaml
/// gateway: { use: http, with: { endpoint: "https://pay.example.com", apiKey: "env:PAYMENT_API_KEY" } }
/// ```
///
/// A reference is `env:NAME` (an environment variable), `file:PATH` (a file such as `/run/secrets/NAME`,
/// mounted by Docker or Kubernetes; one trailing newline is dropped) or `config:KEY` (a key of the program's
/// swift-configuration reader, with the `PlugboardConfiguration` product). The launch resolves every reference
/// before it applies anything: a missing secret refuses the launch with an error that names the reference.
///
/// The value is printed nowhere: `description`, `debugDescription` and the mirror that `dump` and string
/// interpolation of an enclosing type use show the reference only.
public struct Secret: Sendable, Decodable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Where the value comes from, as the profile wrote it (`env:PAYMENT_API_KEY`): safe to print.
    public let reference: String
    /// The secret itself: hand it to what needs it, and never print or log it.
    public let value: String

    /// A secret with a value known in code (for tests); `reference` says where it came from.
    ///
    /// - Parameters:
    ///   - reference: Where the value came from, as a profile would write it (`env:PAYMENT_API_KEY`).
    ///   - value: The secret itself.
    public init(reference: String, value: String) {
        self.reference = reference
        self.value = value
    }

    /// Decodes a reference and resolves it. Profiles are decoded by Plugboard's own decoder, which resolves
    /// through the launch's sources; any other decoder resolves `env:` and `file:` in this process.
    public init(from decoder: any Decoder) throws {
        if let tree = decoder as? TreeDecoder {
            self = try tree.decodeSecret()
            return
        }
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let reference = SecretReference(text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: SecretReference.notAReference))
        }
        switch SecretResolver().resolve(reference) {
        case .success(let value): self.init(reference: reference.description, value: value)
        case .failure(let problem):
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: problem.message))
        }
    }

    /// `Secret(env:PAYMENT_API_KEY, redacted)`.
    public var description: String { "Secret(\(reference), redacted)" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The reference only, so that `dump` and the description of a type holding a secret show no value.
    public var customMirror: Mirror { Mirror(self, children: ["reference": reference], displayStyle: .struct) }
}
