import Plugboard

/// What a merged profile is checked against: the program's own declarations (at launch) or a catalog
/// (in the validator). Both answer the same questions, so one checker serves both.
public protocol DeclarationSource {
    /// What checking an implementation or a value yields: the closure to register at launch, nothing in the validator.
    associatedtype Prepared

    /// The factory keys declared for `container`, or nil when the container is not declared at all.
    func factoryKeys(in container: String) -> Set<String>?
    /// The implementation names declared for a factory.
    func implementations(in container: String, key: String) -> [String]
    /// Whether an implementation takes settings (`with:`).
    func takesSettings(in container: String, key: String, implementation: String) -> Bool
    /// Checks an implementation's settings (absent: none given).
    func prepare(in container: String, key: String, implementation: String, with settings: ValueNode?) -> Result<Prepared, ProfileError>
    /// Whether the factory is configurable (`value:`).
    func isConfigurable(in container: String, key: String) -> Bool
    /// Checks a value.
    func prepare(in container: String, key: String, value: ValueNode) -> Result<Prepared, ProfileError>
    /// Every scope name profiles may use.
    var scopeNames: [String] { get }
    /// Every container declared (for suggestions).
    var containerNames: [String] { get }
}

/// One factory's entry after checking: what to register, the scope, and the context overrides.
public struct CheckedEntry<Prepared> {
    /// The factory key.
    public var key: String
    /// The registration (an implementation or a value); nil keeps the code's.
    public var registration: Prepared?
    /// The scope's name.
    public var scope: String?
    /// Context overrides in a stable order.
    public var contexts: [(context: FactoryContextType, closure: Prepared)] = []
}

/// Checks merged profiles against declarations, collecting every finding.
public enum ProfileChecker {
    /// Checks the sections of `containers` (every container in the profile when nil) of `profile`.
    public static func check<Source: DeclarationSource>(
        _ profile: MergedProfile, against source: Source, containers: [String]? = nil
    ) -> (entries: [String: [CheckedEntry<Source.Prepared>]], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var checked: [String: [CheckedEntry<Source.Prepared>]] = [:]
        for container in (containers ?? Array(profile.containers.keys)).sorted() {
            guard let entries = profile.containers[container] else { continue }
            guard let declaredKeys = source.factoryKeys(in: container) else {
                let known = source.containerNames
                diagnostics.append(Diagnostic(
                    .unknownContainer,
                    withSuggestion("unknown container '\(container)'", for: container, among: known),
                    at: profile.containerPositions[container]!))
                continue
            }
            let keys = declaredKeys
            let scopeNames = source.scopeNames
            // Sorting the names alone (not the entries with them) keeps the sort from copying entries around.
            for key in entries.keys.sorted() {
                let entry = entries[key].unsafelyUnwrapped
                guard keys.contains(key) else {
                    diagnostics.append(Diagnostic(
                        .unknownFactory,
                        withSuggestion("unknown factory '\(key)' in \(container) (declared: \(list(Array(declaredKeys))))", for: key, among: declaredKeys),
                        at: entry.keyPosition))
                    continue
                }
                var result = CheckedEntry<Source.Prepared>(key: key)
                let context = Context(source: source, container: container, key: key)
                if let use = entry.use, use.value != "default" {
                    result.registration = context.implementation(use.value, at: use.origin, with: entry.with?.value, &diagnostics)
                } else if let with = entry.with {
                    diagnostics.append(Diagnostic(.withWithoutUse, "`with` needs `use`: settings belong to an implementation", at: with.origin))
                }
                if let value = entry.value {
                    result.registration = context.value(value.value, at: value.origin, &diagnostics)
                }
                if let scope = entry.scope {
                    if scopeNames.contains(scope.value) {
                        result.scope = scope.value
                    } else {
                        diagnostics.append(Diagnostic(
                            .unknownScope,
                            withSuggestion("unknown scope '\(scope.value)' (scopes: \(list(scopeNames)))", for: scope.value, among: scopeNames),
                            at: scope.origin))
                    }
                }
                for (name, choice) in entry.contexts.sorted(by: { $0.key < $1.key }) {
                    let contextType = contextType(name)
                    var prepared: Source.Prepared?
                    if let use = choice.value.use {
                        prepared = context.implementation(use.value, at: use.position, with: choice.value.with, &diagnostics)
                    } else if let value = choice.value.value {
                        prepared = context.value(value, at: value.position, &diagnostics)
                    }
                    if let prepared { result.contexts.append((contextType, prepared)) }
                }
                checked[container, default: []].append(result)
            }
        }
        return (checked, diagnostics.sorted { $0.position < $1.position })
    }

    static func contextType(_ name: String) -> FactoryContextType {
        switch name {
        case "test": .test
        case "preview": .preview
        case "debug": .debug
        case "simulator": .simulator
        case "device": .device
        default: .arg(String(name.dropFirst("arg:".count)))
        }
    }

    /// Names for a message: all of a few, the first dozen of many.
    static func list(_ names: [String]) -> String {
        if names.isEmpty { return "none" }
        let sorted = names.sorted()
        if sorted.count <= 12 { return sorted.joined(separator: ", ") }
        return sorted.prefix(12).joined(separator: ", ") + ", ... (\(sorted.count) in all)"
    }

    private struct Context<Source: DeclarationSource> {
        let source: Source
        let container: String
        let key: String

        func implementation(_ name: String, at position: SourcePosition, with settings: ValueNode?, _ diagnostics: inout [Diagnostic]) -> Source.Prepared? {
            let names = source.implementations(in: container, key: key)
            guard names.contains(name) else {
                diagnostics.append(Diagnostic(
                    .unknownImplementation,
                    withSuggestion("unknown implementation '\(name)' for \(container).\(key) (declared: \(list(names)))", for: name, among: names),
                    at: position))
                return nil
            }
            if let settings, !source.takesSettings(in: container, key: key, implementation: name) {
                diagnostics.append(Diagnostic(.noSettings, "implementation '\(name)' of \(container).\(key) takes no settings (`with`)", at: settings.position))
                return nil
            }
            switch source.prepare(in: container, key: key, implementation: name, with: settings) {
            case .success(let prepared): return prepared
            case .failure(let error):
                diagnostics += error.diagnostics.map { relocated($0, fallback: settings?.position ?? position) }
                return nil
            }
        }

        func value(_ node: ValueNode, at position: SourcePosition, _ diagnostics: inout [Diagnostic]) -> Source.Prepared? {
            guard source.isConfigurable(in: container, key: key) else {
                diagnostics.append(Diagnostic(.notConfigurable, "\(container).\(key) is not declared configurable: `value` cannot be set", at: position))
                return nil
            }
            switch source.prepare(in: container, key: key, value: node) {
            case .success(let prepared): return prepared
            case .failure(let error):
                diagnostics += error.diagnostics
                return nil
            }
        }

        /// Settings left out decode from an empty mapping with no file: point at the `use` instead.
        func relocated(_ diagnostic: Diagnostic, fallback: SourcePosition) -> Diagnostic {
            guard diagnostic.position.file == ValueNode.emptyMapping.tree.file else { return diagnostic }
            var moved = diagnostic
            moved.position = fallback
            return moved
        }
    }
}
