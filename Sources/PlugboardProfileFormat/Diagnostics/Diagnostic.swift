/// A problem found in a profile, with where it is: `file:line:column: error: message [PB109]`.
public struct Diagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// How bad a finding is. Errors keep a profile from being applied; warnings do not.
    public enum Severity: String, Sendable, Codable, Comparable {
        /// Reported; the profile still applies.
        case warning
        /// Keeps the profile from being applied.
        case error

        /// Warnings sort before errors.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// The stable code (`PB109`), documented in `docs/diagnostics.md`.
    public var code: DiagnosticCode
    /// Error or warning.
    public var severity: Severity
    /// What is wrong, and what to do where it helps.
    public var message: String
    /// Where it is.
    public var position: SourcePosition

    /// A finding at `position`; the severity is the code's unless given.
    package init(_ code: DiagnosticCode, _ message: String, at position: SourcePosition, severity: Severity? = nil) {
        self.code = code
        self.message = message
        self.position = position
        self.severity = severity ?? code.severity
    }

    /// `file:line:column: error: message [CODE]`.
    public var description: String {
        "\(position): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }
}

/// The stable identity of each kind of finding.
///
/// A program compares a finding's code with the named codes it branches on (`diagnostic.code == .profileNotFound`);
/// every code, with its meaning and fix, is in `docs/diagnostics.md`.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// `PB109`.
    public let rawValue: String
    /// A short title (SARIF's rule name, and `docs/diagnostics.md`'s).
    package let title: String
    /// The severity findings of this kind have (a finding's own ``Diagnostic/severity`` is what counts).
    package let severity: Diagnostic.Severity

    /// A code from its raw value (`PB109`), as a program reads one from a JSON report; an unknown raw value
    /// gets a generic title.
    ///
    /// - Parameter rawValue: The code, `PB` and three digits.
    public init(rawValue: String) {
        self = Self.all.first { $0.rawValue == rawValue } ?? DiagnosticCode(rawValue, "unknown", .error)
    }

    init(_ rawValue: String, _ title: String, _ severity: Diagnostic.Severity = .error) {
        self.rawValue = rawValue
        self.title = title
        self.severity = severity
    }

    /// The raw code, `PB109`.
    public var description: String { rawValue }

    /// Codes are equal when their raw values are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
    /// Hashes the raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Reads a value written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the value (as a JSON Schema fragment, or as its raw code).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    // MARK: Reading the file (PB1xx)
    /// The file could not be read.
    package static let unreadable = DiagnosticCode("PB100", "unreadable-file")
    /// The file is larger than the input limit.
    package static let tooLarge = DiagnosticCode("PB101", "file-too-large")
    /// The file is empty or holds only comments.
    package static let empty = DiagnosticCode("PB102", "empty-file")
    /// The file is not valid UTF-8.
    package static let invalidUTF8 = DiagnosticCode("PB103", "invalid-utf8")
    /// The file is UTF-16 or UTF-32.
    package static let notUTF8 = DiagnosticCode("PB104", "not-utf8")
    /// YAML syntax error.
    package static let yamlSyntax = DiagnosticCode("PB105", "yaml-syntax")
    /// JSON syntax error.
    package static let jsonSyntax = DiagnosticCode("PB106", "json-syntax")
    /// Tabs used for indentation.
    package static let tabIndentation = DiagnosticCode("PB107", "tab-indentation")
    /// YAML anchors and aliases.
    package static let alias = DiagnosticCode("PB108", "anchor-or-alias")
    /// YAML tags.
    package static let tag = DiagnosticCode("PB109", "tag")
    /// More than one YAML document.
    package static let multipleDocuments = DiagnosticCode("PB110", "multiple-documents")
    /// The same key twice in one mapping.
    package static let duplicateKey = DiagnosticCode("PB111", "duplicate-key")
    /// A mapping or list used as a key.
    package static let complexKey = DiagnosticCode("PB112", "non-scalar-key")
    /// Nesting deeper than the limit.
    package static let tooDeep = DiagnosticCode("PB113", "nesting-too-deep")
    /// A scalar longer than the limit.
    package static let scalarTooLong = DiagnosticCode("PB114", "scalar-too-long")
    /// A YAML profile in a build that reads no YAML (the `YAML` trait off, or iOS, tvOS, watchOS, visionOS).
    package static let yamlUnavailable = DiagnosticCode("PB115", "yaml-unavailable")

    // MARK: The document (PB2xx)
    /// A field the format does not have.
    package static let unknownField = DiagnosticCode("PB200", "unknown-field")
    /// A value of the wrong kind (a list where a name is expected, ...).
    package static let wrongType = DiagnosticCode("PB201", "wrong-type")
    /// The `plugboard` version field is missing.
    package static let missingVersion = DiagnosticCode("PB202", "missing-version")
    /// A `plugboard` version other than 1.
    package static let unsupportedVersion = DiagnosticCode("PB203", "unsupported-version")
    /// `use` and `value` in one entry.
    package static let useAndValue = DiagnosticCode("PB204", "use-and-value")
    /// `with` without `use`.
    package static let withWithoutUse = DiagnosticCode("PB205", "with-without-use")
    /// An empty or malformed name.
    package static let invalidName = DiagnosticCode("PB206", "invalid-name")
    /// A plain YAML scalar that other YAML tools read as a boolean or null.
    package static let ambiguousScalar = DiagnosticCode("PB207", "ambiguous-scalar", .warning)
    /// A context that does not exist.
    package static let unknownContext = DiagnosticCode("PB208", "unknown-context")
    /// `scope` or `contexts` inside a context's entry.
    package static let nestedContextEntry = DiagnosticCode("PB209", "invalid-context-entry")
    /// A member named twice in one list's `use:`.
    package static let duplicateMember = DiagnosticCode("PB210", "duplicate-member")

    // MARK: Profiles and extends (PB3xx)
    /// A profile that was asked for (or extended) does not exist: a ``ProfileSelection`` or a switch named a
    /// profile that is not on the search path.
    public static let profileNotFound = DiagnosticCode("PB300", "profile-not-found")
    /// `extends` that loops back.
    package static let extendsCycle = DiagnosticCode("PB301", "extends-cycle")
    /// Two files with the same profile name in one folder.
    package static let duplicateProfile = DiagnosticCode("PB302", "duplicate-profile")
    /// An `extends` chain longer than the limit.
    package static let extendsTooDeep = DiagnosticCode("PB303", "extends-too-deep")
    /// (Validator) a profile that extends one with errors.
    package static let brokenParent = DiagnosticCode("PB304", "broken-parent")
    /// No profile is active in a program that requires one (`ProfileOptions.requiresProfile`): it would run on
    /// the code's defaults.
    public static let noProfile = DiagnosticCode("PB305", "no-profile")

    // MARK: Against the program's declarations (PB4xx)
    /// A container the program does not declare.
    package static let unknownContainer = DiagnosticCode("PB400", "unknown-container")
    /// A factory key the container does not declare.
    package static let unknownFactory = DiagnosticCode("PB401", "unknown-factory")
    /// An implementation name the factory does not declare.
    package static let unknownImplementation = DiagnosticCode("PB402", "unknown-implementation")
    /// A scope name that is neither built in nor declared.
    package static let unknownScope = DiagnosticCode("PB403", "unknown-scope")
    /// `value` on a factory not declared configurable.
    package static let notConfigurable = DiagnosticCode("PB404", "not-configurable")
    /// `value` that does not decode into the factory's type.
    package static let invalidValue = DiagnosticCode("PB405", "invalid-value")
    /// `with` on an implementation that declares no settings.
    package static let noSettings = DiagnosticCode("PB406", "no-settings")
    /// `with` that does not decode into the implementation's settings type.
    package static let invalidSettings = DiagnosticCode("PB407", "invalid-settings")
    /// `scope` on a factory whose definition sets its scope on every access.
    package static let scopeWithoutEffect = DiagnosticCode("PB408", "scope-without-effect")
    /// (Validator) a value whose type checks it further when the program decodes it at launch.
    package static let checkedByProgram = DiagnosticCode("PB409", "checked-at-launch", .warning)
    /// A `promised()` factory that neither the code's registrations nor the profile provides (`use:`); an error
    /// or a warning, as the code declared.
    package static let unprovidedPromise = DiagnosticCode("PB410", "unprovided-promise")
    /// A list of members (`use: [a, b]`) for a factory not declared with `members(_:)`.
    package static let notAList = DiagnosticCode("PB411", "not-a-list")

    /// (Deployment) a setting override whose variable or argument names no setting: an unknown field, a path
    /// too short or too long, a name that matches two declared names once case is ignored.
    package static let invalidOverride = DiagnosticCode("PB500", "invalid-override")
    /// (Deployment) a value where a secret is expected that is not a reference (`env:`, `file:`, `config:`).
    package static let invalidSecretReference = DiagnosticCode("PB501", "invalid-secret-reference")
    /// (Deployment) a secret reference with no value where it was resolved: at launch, at a reload (a mounted
    /// secret being rotated), or with `validate --resolve-secrets`.
    public static let secretNotFound = DiagnosticCode("PB502", "secret-not-found")
    /// (Deployment) a Plugboard launch flag without its value, a `--plugboard-profile` that names no profile,
    /// or a misspelt `--plugboard-...` flag (`--plugboard-sett`).
    package static let invalidLaunchFlag = DiagnosticCode("PB503", "invalid-launch-flag")
    /// (Deployment) a `PLUGBOARD_` variable that Plugboard does not read (`PLUGBOARD_PROFILES`): nothing it says
    /// takes effect.
    package static let unknownVariable = DiagnosticCode("PB504", "unknown-variable", .warning)

    /// (Reload) a reload would change the wiring of a singleton already built, or of a factory it was built
    /// from, and the program keeps its singletons (`ReloadOptions.builtSingletons`).
    public static let singletonAlreadyBuilt = DiagnosticCode("PB600", "singleton-already-built")
    /// (Reload) `ProfileSystem.reload()` in a program that launched no profiles to reload.
    public static let noLaunch = DiagnosticCode("PB601", "no-launch")

    /// Every code, in order.
    package static let all: [DiagnosticCode] = [
        unreadable, tooLarge, empty, invalidUTF8, notUTF8, yamlSyntax, jsonSyntax, tabIndentation, alias, tag,
        multipleDocuments, duplicateKey, complexKey, tooDeep, scalarTooLong, yamlUnavailable,
        unknownField, wrongType, missingVersion, unsupportedVersion, useAndValue, withWithoutUse, invalidName,
        ambiguousScalar, unknownContext, nestedContextEntry, duplicateMember,
        profileNotFound, extendsCycle, duplicateProfile, extendsTooDeep, brokenParent, noProfile,
        unknownContainer, unknownFactory, unknownImplementation, unknownScope, notConfigurable, invalidValue,
        noSettings, invalidSettings, scopeWithoutEffect, checkedByProgram, unprovidedPromise, notAList,
        invalidOverride, invalidSecretReference, secretNotFound, invalidLaunchFlag, unknownVariable,
        singletonAlreadyBuilt, noLaunch,
    ]
}

/// One or more findings that kept something from happening.
package struct ProfileError: Error, Sendable, CustomStringConvertible {
    /// Every finding, errors and warnings, in file order.
    package var diagnostics: [Diagnostic]

    /// Wraps findings.
    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One finding per line.
    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// The closest of `candidates` to `name`, when close enough to suggest ("did you mean ...?").
func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
        let distance = editDistance(name.lowercased(), candidate.lowercased())
        if distance <= max(1, min(3, candidate.count / 3)), distance < (best?.1 ?? .max) {
            best = (candidate, distance)
        }
    }
    return best?.0
}

/// `message`, with "; did you mean 'x'?" when a close candidate exists.
func withSuggestion(_ message: String, for name: String, among candidates: some Sequence<String>) -> String {
    guard let close = suggestion(for: name, among: candidates) else { return message }
    return "\(message); did you mean '\(close)'?"
}

/// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
            }
        }
    }
    return table[a.count][b.count]
}
