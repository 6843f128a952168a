/// Reads a ``NodeTree`` as a profile document, collecting every finding rather than stopping at the first.
@_spi(Tools) public struct DocumentReader {
    private let tree: NodeTree
    private(set) var diagnostics: [Diagnostic] = []
    /// The nodes of a settings subtree still to look at, kept from one entry to the next.
    private var pending: [Int] = []

    /// Reads `tree` as the profile `name`.
    @_spi(Tools) public static func read(_ tree: NodeTree, name: String) -> (ProfileDocument, [Diagnostic]) {
        var reader = DocumentReader(tree: tree)
        let document = reader.document(name: name)
        return (document, reader.diagnostics)
    }

    private init(tree: NodeTree) {
        self.tree = tree
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at index: Int) {
        diagnostics.append(Diagnostic(code, message, at: tree.position(of: index)))
    }

    private mutating func document(name: String) -> ProfileDocument {
        var document = ProfileDocument(name: name, file: tree.file)
        guard let pairs = mapping(tree.root, what: "a profile") else { return document }
        var version: Int?
        for (key, value) in pairs {
            let field = tree.scalar(key)!
            switch field {
            case "plugboard":
                version = integer(value, field: "plugboard")
                if let found = version, found != 1 {
                    report(
                        .unsupportedVersion, "unsupported format version \(found); this Plugboard reads version 1",
                        at: value)
                }
            case "$schema":
                _ = text(value, field: "$schema")
            case "description":
                document.description = text(value, field: "description")
            case "extends":
                document.extends = names(value, field: "extends")
            case "containers":
                document.containers = containers(value)
            default:
                unknownField(field, at: key, among: ["plugboard", "description", "extends", "containers", "$schema"])
            }
        }
        if version == nil && !pairs.contains(where: { tree.scalar($0.key) == "plugboard" }) {
            report(.missingVersion, "missing `plugboard: 1` (the format version)", at: tree.root)
        }
        return document
    }

    private mutating func containers(_ index: Int) -> [ContainerSection] {
        guard let pairs = mapping(index, what: "`containers` (container name -> factory key -> entry)") else {
            return []
        }
        var sections: [ContainerSection] = []
        for (key, value) in pairs {
            guard let name = identifier(key, what: "a container name") else { continue }
            guard let factories = mapping(value, what: "container `\(name.value)` (factory key -> entry)") else {
                continue
            }
            var entries: [FactoryEntry] = []
            entries.reserveCapacity(factories.count)
            for (factoryKey, entryNode) in factories {
                guard let keyName = identifier(factoryKey, what: "a factory key") else { continue }
                readEntry(entryNode, key: keyName, into: &entries)
            }
            sections.append(ContainerSection(name: name, entries: entries, keysAreDistinct: true))
        }
        return sections
    }

    /// Reads one factory's entry into a new element at the end of `entries`.
    private mutating func readEntry(_ index: Int, key: Located<String>, into entries: inout [FactoryEntry]) {
        guard let pairs = mapping(index, what: "the entry of `\(key.value)` (use, scope, contexts, value, with)") else {
            return
        }
        // Read into locals and made at once: assigning an optional `Located` into an existing entry goes through
        // its type's value witnesses (about 200 instructions), initializing one does not.
        var use: Located<String>?, members: [Located<String>]?, scope: Located<String>?, value: ValueNode?,
            with: ValueNode?, contexts: [ContextChoice] = []
        for (fieldNode, valueNode) in pairs {
            let field = tree.scalar(fieldNode)!
            switch field {
            case "use":
                if tree.items(of: valueNode) != nil {
                    members = self.members(valueNode)
                } else {
                    use = name(valueNode, field: "use")
                }
            case "scope": scope = name(valueNode, field: "scope")
            case "value": value = settingsValue(valueNode)
            case "with": with = withSettings(valueNode)
            case "contexts": contexts = self.contexts(valueNode)
            default: unknownField(field, at: fieldNode, among: ["use", "scope", "contexts", "value", "with"])
            }
        }
        checkCombination(hasUse: use != nil || members != nil, hasValue: value != nil, at: index)
        entries.append(
            FactoryEntry(
                key: key, use: use, members: members, with: with, value: value, scope: scope, contexts: contexts))
    }

    /// `use` and `value` exclude each other in one entry. (Whether `with` has a `use` is judged after
    /// merging: a profile may change only the settings of an implementation its parent chose.)
    private mutating func checkCombination(hasUse: Bool, hasValue: Bool, at index: Int) {
        if hasUse && hasValue {
            report(
                .useAndValue, "`use` and `value` exclude each other: choose an implementation or set a value", at: index
            )
        }
    }

    private mutating func withSettings(_ index: Int) -> ValueNode? {
        guard tree.pairs(of: index) != nil else {
            report(.wrongType, "`with` must be a mapping of settings, not \(tree.describe(index))", at: index)
            return nil
        }
        return settingsValue(index)
    }

    /// A `value:` or `with:` subtree, decoded later into the program's type. A plain `yes`, `no`, `on` or `off` in
    /// it is text by YAML 1.2's rules (a text setting takes it as written) and gets a warning here, the same
    /// at launch and in the validator, whatever type it decodes into.
    private mutating func settingsValue(_ index: Int) -> ValueNode {
        pending.append(index)
        while let next = pending.popLast() {
            if let pairs = tree.pairs(of: next) {
                for (_, value) in pairs { pending.append(value) }
            } else if let items = tree.items(of: next) {
                pending.append(contentsOf: items)
            } else if let (text, style) = tree.scalarAndStyle(next), style == .plain, text.utf8.count <= 3,
                Self.mayBeAmbiguous(text), Self.yaml11Booleans.contains(text)
            {
                diagnostics.append(
                    Diagnostic(
                        .ambiguousScalar,
                        "'\(text)' is text here (YAML 1.2) but a boolean to other YAML tools; quote it (\"\(text)\")",
                        at: tree.position(of: next)))
            }
        }
        return ValueNode(tree: tree, index: index)
    }

    /// Booleans in YAML 1.1 only: YAML 1.2, and so a profile's text setting, reads them as text.
    static let yaml11Booleans: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
    ]

    private mutating func contexts(_ index: Int) -> [ContextChoice] {
        guard let pairs = mapping(index, what: "`contexts` (context -> choice)") else { return [] }
        var choices: [ContextChoice] = []
        for (key, value) in pairs {
            let context = tree.scalar(key)!
            let position = tree.position(of: key)
            if context == "arg" {
                guard let arguments = mapping(value, what: "`arg` (launch argument -> choice)") else { continue }
                for (argumentKey, choiceNode) in arguments {
                    let argument = tree.scalar(argumentKey)!
                    if argument.isEmpty {
                        report(.invalidName, "a launch argument cannot be empty", at: argumentKey)
                        continue
                    }
                    if let choice = choice(
                        choiceNode, context: Located("arg:\(argument)", at: tree.position(of: argumentKey)))
                    {
                        choices.append(choice)
                    }
                }
            } else if profileContexts.contains(context) {
                if let choice = choice(value, context: Located(context, at: position)) { choices.append(choice) }
            } else {
                diagnostics.append(
                    Diagnostic(
                        .unknownContext,
                        withSuggestion(
                            "unknown context '\(context)' (contexts: \((profileContexts + ["arg"]).joined(separator: ", ")))",
                            for: context, among: profileContexts + ["arg"]),
                        at: position))
            }
        }
        return choices
    }

    private mutating func choice(_ index: Int, context: Located<String>) -> ContextChoice? {
        var choice = ContextChoice(context: context)
        guard let pairs = tree.pairs(of: index) else {
            if tree.items(of: index) != nil {
                choice.members = members(index)
                return choice
            }
            choice.use = name(index, field: "the choice for \(context.value)")
            return choice.use == nil ? nil : choice
        }
        for (fieldNode, value) in pairs {
            let field = tree.scalar(fieldNode)!
            switch field {
            case "use":
                if tree.items(of: value) != nil {
                    choice.members = members(value)
                } else {
                    choice.use = name(value, field: "use")
                }
            case "with": choice.with = withSettings(value)
            case "value": choice.value = settingsValue(value)
            case "scope", "contexts":
                report(
                    .nestedContextEntry, "`\(field)` cannot be set inside a context; set it on the factory's entry",
                    at: fieldNode)
            default:
                unknownField(field, at: fieldNode, among: ["use", "with", "value"])
            }
        }
        checkCombination(hasUse: choice.use != nil || choice.members != nil, hasValue: choice.value != nil, at: index)
        if choice.use == nil && choice.members == nil && choice.value == nil {
            report(.wrongType, "the choice for \(context.value) needs `use` or `value`", at: index)
            return nil
        }
        return choice
    }

    // MARK: Typed scalars

    private mutating func mapping(_ index: Int, what: @autoclosure () -> String) -> NodeTree.Pairs? {
        if let pairs = tree.pairs(of: index) { return pairs }
        report(.wrongType, "\(what()) must be a mapping, not \(tree.describe(index))", at: index)
        return nil
    }

    private mutating func unknownField(_ field: String, at index: Int, among fields: [String]) {
        report(.unknownField, withSuggestion("unknown field '\(field)'", for: field, among: fields), at: index)
    }

    /// YAML 1.1 spellings of booleans and null, which YAML 1.2 (and profiles) read as plain text
    /// (none is longer than five bytes).
    static let ambiguousPlainScalars: Set<String> = Set(ambiguousScalarWarnings.keys)

    /// The warning for each of ``ambiguousPlainScalars``, written once: a profile may repeat one thousands of times.
    static let ambiguousScalarWarnings: [String: String] = {
        let nulls = ["null", "Null", "NULL", "~", ""]
        let booleans = [
            "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False",
            "FALSE",
            "on", "On", "ON", "off", "Off", "OFF",
        ]
        func warning(_ text: String, readAs meaning: String) -> String {
            "'\(text)' is read as \(meaning) by other YAML tools; quote it (\"\(text)\") if it is a name"
        }
        var warnings: [String: String] = [:]
        for text in nulls { warnings[text] = warning(text, readAs: "null") }
        for text in booleans { warnings[text] = warning(text, readAs: "a boolean") }
        return warnings
    }()

    /// Whether `text` starts the way one of ``ambiguousPlainScalars`` does (most names do not, and this
    /// spares them the set's hashing).
    static func mayBeAmbiguous(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return true }
        switch first {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"),
            UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// A name: text, or a plain scalar (with a warning when other YAML tools would read it as a boolean or null).
    /// A plain YAML number is a number, as the same document written in JSON has one: a name in quotes there.
    private mutating func name(_ index: Int, field: @autoclosure () -> String) -> Located<String>? {
        guard let (text, style) = tree.scalarAndStyle(index) else {
            report(.wrongType, "\(field()) must be a name, not \(tree.describe(index))", at: index)
            return nil
        }
        switch style {
        case .number, .boolean, .null:
            report(.wrongType, "\(field()) must be a name in quotes, not \(tree.describe(index))", at: index)
            return nil
        case .plain where ScalarRules.isNumber(text):
            report(.wrongType, "\(field()) must be a name in quotes, not \(tree.describe(index))", at: index)
            return nil
        case .plain where text.utf8.count <= 5 && Self.mayBeAmbiguous(text):
            if let warning = Self.ambiguousScalarWarnings[text] {
                diagnostics.append(Diagnostic(.ambiguousScalar, warning, at: tree.position(of: index)))
            }
        default:
            break
        }
        if text.isEmpty {
            report(.invalidName, "\(field()) cannot be empty", at: index)
            return nil
        }
        return Located(text, at: tree.position(of: index))
    }

    /// A container name or factory key: letters, digits and `_`, a function's `name(label:)` form allowed.
    private mutating func identifier(_ index: Int, what: @autoclosure () -> String) -> Located<String>? {
        let text = tree.scalar(index) ?? ""
        guard Self.isIdentifier(text) else {
            report(.invalidName, "'\(text)' is not \(what())", at: index)
            return nil
        }
        return Located(text, at: tree.position(of: index))
    }

    /// Letters, digits, `_`, and the `(`, `)`, `:`, `.` of a function's name; not starting with a digit.
    /// ASCII names (nearly all) are checked byte by byte in the string's own storage; others by characters.
    static func isIdentifier(_ text: String) -> Bool {
        let ascii =
            text.utf8.withContiguousStorageIfAvailable(asciiIdentifier)
            ?? Array(text.utf8).withUnsafeBufferPointer(asciiIdentifier)
        if let ascii { return ascii }
        return (text.first.map { $0.isLetter || $0 == "_" } ?? false)
            && text.allSatisfy { $0.isLetter || $0.isNumber || "_():.".contains($0) }
    }

    /// Whether ASCII `bytes` are an identifier, or nil when they are not all ASCII.
    private static func asciiIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        // Allowed ASCII bytes as two bit masks: `(`, `)`, `.`, digits and `:` below 64; letters and `_` above
        // (the only bytes allowed first).
        let below64: UInt64 = 1 << 0x28 | 1 << 0x29 | 1 << 0x2E | 0x3FF << 0x30 | 1 << 0x3A
        let above64: UInt64 = 0x3FF_FFFF << (0x41 - 64) | 1 << (0x5F - 64) | 0x3FF_FFFF << (0x61 - 64)
        guard let first = bytes.first else { return false }
        var allowed = first >= 64 && first < 0x80 && above64 & (1 << (first - 64)) != 0
        for byte in bytes {
            if byte >= 0x80 { return nil }
            allowed = allowed && (byte < 64 ? below64 >> byte : above64 >> (byte - 64)) & 1 != 0
        }
        return allowed
    }

    /// The members a list factory's `use:` names, in order: each a name, none twice (a member built twice
    /// in one list is a mistake the list's order cannot explain). `default` is the code's definition of the
    /// whole list, not a member.
    private mutating func members(_ index: Int) -> [Located<String>] {
        var members: [Located<String>] = []
        guard let items = tree.items(of: index) else { return [] }
        for item in items {
            guard let member = name(item, field: "a member of `use`") else { continue }
            if member.value == "default" {
                report(
                    .invalidName,
                    "`default` is the code's whole list, not a member: write `use: default` alone to keep it",
                    at: item)
            } else if let first = members.first(where: { $0.value == member.value }) {
                report(
                    .duplicateMember,
                    "member '\(member.value)' is already in the list (at \(first.position.line):\(first.position.column)): a list names each member once",
                    at: item)
            } else {
                members.append(member)
            }
        }
        return members
    }

    private mutating func names(_ index: Int, field: String) -> [Located<String>] {
        if let items = tree.items(of: index) {
            return items.compactMap { name($0, field: field) }
        }
        return name(index, field: field).map { [$0] } ?? []
    }

    private mutating func text(_ index: Int, field: String) -> String? {
        guard let (text, style) = tree.scalarAndStyle(index),
            style == .text || (style == .plain && !ScalarRules.isNumber(text))
        else {
            report(.wrongType, "`\(field)` must be text, not \(tree.describe(index))", at: index)
            return nil
        }
        return text
    }

    /// An integer as YAML 1.2 core and JSON write it: no leading zeros, no `0x`, `_` or `:` forms.
    private mutating func integer(_ index: Int, field: String) -> Int? {
        if let (text, style) = tree.scalarAndStyle(index), style == .plain || style == .number,
            ScalarRules.isInteger(text), let value = Int(text)
        {
            return value
        }
        report(.wrongType, "`\(field)` must be a whole number, not \(tree.describe(index))", at: index)
        return nil
    }
}
