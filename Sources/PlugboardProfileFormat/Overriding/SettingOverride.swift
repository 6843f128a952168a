/// One setting changed from outside the profile files, for one machine or one launch: an environment variable
/// (`PLUGBOARD__PaymentContainer__gateway__with__timeoutSeconds=5`), a launch argument
/// (`--plugboard-set PaymentContainer.gateway.with.timeoutSeconds=5`), or a key of the program's configuration.
///
/// An override names a container, a factory key and a field: `use`, `scope`, `value`, or `with` followed by the
/// settings field (deeper fields follow, for nested settings and for fields of a value). It applies after every
/// profile file, field by field like a child profile, and goes through the same checks.
package struct SettingOverride: Sendable {
    /// Where an override came from, which decides which of two wins: a later source wins.
    package enum Source: Int, Sendable, Comparable {
        /// A key of the program's configuration (swift-configuration).
        case configuration
        /// An environment variable, or a line of an environment file given to the validator.
        case environment
        /// A launch argument (or the validator's `--set`).
        case argument

        package static func < (lhs: Source, rhs: Source) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How diagnostics and `explain` name the override: `$PLUGBOARD__Container__store__use`,
    /// `--plugboard-set Container.store.use`. It never holds the value, which may be a secret's reference.
    package var origin: String
    /// Which source it came from.
    package var source: Source
    /// Container, key, field and any fields inside `with` or `value`, each where it is written.
    package var path: [Located<String>]
    /// The text set, typed by what the setting's declared type asks for (`5` is a number for an `Int`).
    package var value: String
    /// Where the value is written.
    package var valuePosition: SourcePosition

    /// The prefix of an override's environment variable.
    package static let environmentPrefix = "PLUGBOARD__"
    /// What separates the parts of a variable's name.
    package static let environmentSeparator = "__"
    /// The launch argument that sets one setting.
    package static let argument = "--plugboard-set"

    /// The overrides among `environment`'s variables (those whose names start with `PLUGBOARD__`, in any
    /// case), in name order, with the variables that look like misspelt ones. Each is named `$NAME`, and its
    /// positions are columns of `$NAME=VALUE`.
    package static func fromEnvironment(_ environment: [String: String]) -> (
        overrides: [SettingOverride], diagnostics: [Diagnostic]
    ) {
        let misspelt = misspeltVariables(Array(environment.keys)) {
            SourcePosition(file: "$" + $0, line: 1, column: 2)
        }
        return (overrides(inEnvironment: environment), misspelt)
    }

    private static func overrides(inEnvironment environment: [String: String]) -> [SettingOverride] {
        environment.keys.sorted().compactMap { name in
            guard name.uppercased().hasPrefix(environmentPrefix) else { return nil }
            let origin = "$" + name
            return SettingOverride(
                origin: origin, source: .environment,
                path: split(name, at: SourcePosition(file: origin, line: 1, column: 2)),
                value: environment[name]!,
                valuePosition: SourcePosition(file: origin, line: 1, column: name.count + 3))
        }
    }

    /// Variables that look like overrides but would be ignored: `PLUGBOARD_Container__store__use` (one
    /// underscore after the prefix) or a misspelt prefix (`PLUGBORD__...`). A launch stops on them, as on any
    /// other typo in an override, instead of starting without the setting.
    package static func misspeltVariables(_ names: [String], at position: (String) -> SourcePosition) -> [Diagnostic] {
        names.sorted().compactMap { name in
            let upper = name.uppercased()
            guard !upper.hasPrefix(environmentPrefix), let separator = name.range(of: environmentSeparator) else {
                return nil
            }
            let head = String(name[..<separator.lowerBound])
            let rest = String(name[separator.upperBound...])
            let oneUnderscore = upper.hasPrefix("PLUGBOARD_")
            guard oneUnderscore || suggestion(for: head, among: ["PLUGBOARD"]) != nil else { return nil }
            let meant =
                environmentPrefix + (oneUnderscore ? String(name.dropFirst("PLUGBOARD_".count)) : rest)
            return Diagnostic(
                .invalidOverride,
                "\(name) is not read as an override: an override's variable starts with \(environmentPrefix) (two underscores); did you mean \(meant)?",
                at: position(name))
        }
    }

    /// The overrides of an environment file (`NAME=VALUE` lines, as Docker's `--env-file` and systemd read
    /// them; `#` comments, an `export ` prefix and quotes around the value allowed), with positions in the
    /// file; the other variables it sets, for the secrets it may hold, each with where its name is.
    package static func fromEnvironmentFile(_ text: String, file: String) -> (
        overrides: [SettingOverride], variables: [String: String], diagnostics: [Diagnostic],
        positions: [String: SourcePosition]
    ) {
        var overrides: [SettingOverride] = []
        var variables: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        var positions: [String: SourcePosition] = [:]
        // "\r\n" is one Character: Windows line ends split as lines too.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (offset, rawLine) in lines.enumerated() {
            var line = rawLine
            var column = 1
            while line.first == " " || line.first == "\t" {
                line = line.dropFirst()
                column += 1
            }
            if line.isEmpty || line.first == "#" { continue }
            if line.hasPrefix("export ") {
                line = line.dropFirst(7)
                column += 7
            }
            let start = SourcePosition(file: file, line: offset + 1, column: column)
            guard let equals = line.firstIndex(of: "=") else {
                diagnostics.append(Diagnostic(.invalidOverride, "expected NAME=VALUE", at: start))
                continue
            }
            let name = String(line[..<equals])
            var value = String(line[line.index(after: equals)...])
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            variables[name] = value
            positions[name] = start
            guard name.uppercased().hasPrefix(environmentPrefix) else { continue }
            overrides.append(
                SettingOverride(
                    origin: "\(file):\(offset + 1)", source: .environment, path: split(name, at: start),
                    value: value,
                    valuePosition: SourcePosition(file: file, line: offset + 1, column: column + name.count + 1)))
        }
        diagnostics += misspeltVariables(Array(positions.keys)) { positions[$0]! }
        return (overrides, variables, diagnostics, positions)
    }

    /// The overrides among launch arguments: `--plugboard-set PATH=VALUE` and `--plugboard-set=PATH=VALUE`,
    /// with `PATH` as `Container.key.field`. `flag` is the option's spelling (the validator's is `--set`).
    package static func fromArguments(_ arguments: [String], flag: String = argument) -> (
        overrides: [SettingOverride], diagnostics: [Diagnostic]
    ) {
        var texts: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let item = arguments[index]
            if item == flag, index + 1 < arguments.endIndex {
                texts.append(arguments[index + 1])
                index += 2
                continue
            }
            if item.hasPrefix(flag + "=") { texts.append(String(item.dropFirst(flag.count + 1))) }
            index += 1
        }
        var overrides: [SettingOverride] = []
        var diagnostics: [Diagnostic] = []
        for text in texts {
            guard let equals = text.firstIndex(of: "=") else {
                let origin = "\(flag) \(text)"
                diagnostics.append(
                    Diagnostic(
                        .invalidOverride, "expected \(flag) Container.key.field=VALUE",
                        at: SourcePosition(file: origin, line: 1, column: 1)))
                continue
            }
            let path = String(text[..<equals])
            let origin = "\(flag) \(path)"
            let column = flag.count + 2
            var parts: [Located<String>] = []
            var offset = 0
            for part in path.split(separator: ".", omittingEmptySubsequences: false) {
                parts.append(Located(String(part), at: SourcePosition(file: origin, line: 1, column: column + offset)))
                offset += part.count + 1
            }
            overrides.append(
                SettingOverride(
                    origin: origin, source: .argument, path: parts, value: String(text[text.index(after: equals)...]),
                    valuePosition: SourcePosition(file: origin, line: 1, column: column + path.count + 1)))
        }
        return (overrides, diagnostics)
    }

    /// The parts of a variable's name after the prefix, each at its column from `start`.
    private static func split(_ name: String, at start: SourcePosition) -> [Located<String>] {
        var parts: [Located<String>] = []
        var column = start.column + environmentPrefix.count
        for part in name.dropFirst(environmentPrefix.count).components(separatedBy: environmentSeparator) {
            var position = start
            position.column = column
            parts.append(Located(part, at: position))
            column += part.count + environmentSeparator.count
        }
        return parts
    }
}

extension SettingOverride {
    /// A setting an override may set, as a configuration is asked for it.
    package struct SettingPath: Hashable, Sendable {
        /// Container, key, field, then fields inside `with` or `value`.
        package var components: [String]
        /// Whether the setting is a `Secret` (its reference is read as a secret, so an access log redacts it).
        package var isSecret: Bool
    }

    /// Every setting path an override may set in a program with `catalog`: each factory's `use` and `scope`,
    /// its `value` and the fields inside it, and the fields of every implementation's settings. A
    /// configuration system that cannot list its keys is asked for these.
    package static func settingPaths(in catalog: Catalog) -> [SettingPath] {
        var paths: [SettingPath] = []
        for (container, declared) in catalog.containers.sorted(by: { $0.key < $1.key }) {
            for (key, factory) in declared.factories.sorted(by: { $0.key < $1.key }) {
                paths.append(SettingPath(components: [container, key, "use"], isSecret: false))
                paths.append(SettingPath(components: [container, key, "scope"], isSecret: false))
                if let value = factory.value {
                    paths += fieldPaths(of: value, at: [container, key, "value"])
                }
                var settings: Set<SettingPath> = []
                for implementation in factory.implementations.values {
                    guard let shape = implementation.settings else { continue }
                    settings.formUnion(fieldPaths(of: shape, at: [container, key, "with"]).dropFirst())
                }
                paths += settings.sorted { $0.components.lexicographicallyPrecedes($1.components) }
            }
        }
        return paths
    }

    /// The path of a value of `shape` at `prefix`, then those of its fields, nested ones included (a few
    /// levels: settings are shallow).
    private static func fieldPaths(of shape: TypeShape, at prefix: [String], depth: Int = 0) -> [SettingPath] {
        var shape = shape
        if case .checkedByProgram(let inner) = shape { shape = inner }
        let own = SettingPath(components: prefix, isSecret: shape == .secret)
        guard case .object(let properties, _) = shape, depth < 4 else { return [own] }
        return [own]
            + properties.keys.sorted().flatMap { name in
                fieldPaths(of: properties[name]!, at: prefix + [name], depth: depth + 1)
            }
    }

    /// An override from a configuration key, named `origin` (the key as the configuration spells it).
    package init(configurationPath path: [String], origin: String, value: String) {
        let position = SourcePosition(file: origin, line: 1, column: 1)
        self.init(
            origin: origin, source: .configuration, path: path.map { Located($0, at: position) }, value: value,
            valuePosition: position)
    }
}
