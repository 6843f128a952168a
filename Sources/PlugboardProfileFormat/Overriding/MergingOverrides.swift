/// Merges setting overrides over a merged profile, each as a one-setting document of its own, so that the
/// reader, the merge and the checker treat it as they treat a file, with the override's variable or argument
/// as the place every finding points to.
///
/// Names are matched to what the program declared (the catalog): exactly, else ignoring case and anything
/// but letters and digits, so `PLUGBOARD__PAYMENTCONTAINER__GATEWAY__WITH__TIMEOUTSECONDS` from a shell that
/// upper-cases names still finds `PaymentContainer.gateway` and its `timeoutSeconds`. A name that matches
/// nothing is kept as written, and the checker reports it with a did-you-mean.
package struct OverrideMerger {
    /// What the program declared, for matching names; nil matches exact names only (the validator without a catalog).
    let catalog: Catalog?

    /// The fields an override can set.
    static let fields = ["use", "scope", "value", "with"]

    package init(catalog: Catalog?) {
        self.catalog = catalog
    }

    /// Merges `overrides` over `profile`: by source (configuration, then environment, then arguments), and
    /// within a source the choices (`use`, `scope`, a whole `value`) before the fields inside `with` and
    /// `value`, so that choosing an implementation never drops the settings given for it.
    package func merge(_ overrides: [SettingOverride], into profile: inout MergedProfile) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var resolved: [(override: SettingOverride, target: Target)] = []
        for override in overrides {
            switch target(of: override, in: profile) {
            case .success(let target): resolved.append((override, target))
            case .failure(let problem): diagnostics.append(problem)
            }
        }
        // Ordered by source, then choices before fields, then as given (the sort itself is not stable).
        resolved = resolved.enumerated().sorted { a, b in
            (a.element.override.source, a.element.target.fields.isEmpty ? 0 : 1, a.offset)
                < (b.element.override.source, b.element.target.fields.isEmpty ? 0 : 1, b.offset)
        }.map(\.element)
        // The same setting twice from one source: which one was meant cannot be told.
        var seen: [String: SettingOverride] = [:]
        for (override, target) in resolved {
            let key = "\(override.source.rawValue) \(target.description)"
            if let first = seen[key] {
                diagnostics.append(
                    Diagnostic(
                        .invalidOverride, "\(target.description) is set twice, also by \(first.origin)",
                        at: override.path[0].position))
                continue
            }
            seen[key] = override
            let (document, found) = document(for: override, target, over: &profile)
            diagnostics += found
            profile.merge(document)
            profile.overrides.append(override.origin)
        }
        return diagnostics
    }

    /// What an override sets, with the names matched to the program's.
    struct Target {
        var container: Located<String>
        var key: Located<String>
        /// `use`, `scope`, `value` or `with`.
        var field: Located<String>
        /// Fields inside `with` or `value`.
        var fields: [Located<String>]

        var description: String {
            ([container, key, field] + fields).map(\.value).joined(separator: ".")
        }
    }

    private func target(of override: SettingOverride, in profile: MergedProfile) -> Result<Target, Diagnostic> {
        let path = override.path
        if let empty = path.first(where: { $0.value.isEmpty }) {
            return .failure(Diagnostic(.invalidOverride, "an empty name in \(override.origin)", at: empty.position))
        }
        guard path.count >= 3 else {
            return .failure(
                Diagnostic(
                    .invalidOverride,
                    "\(override.origin) names \(path.count == 1 ? "a container only" : "no field"): an override names a container, a factory key and use, scope, value or with (Container.key.use)",
                    at: (path.last ?? override.path[0]).position))
        }
        var target = Target(container: path[0], key: path[1], field: path[2], fields: Array(path.dropFirst(3)))
        let containers = catalog.map { Array($0.containers.keys) } ?? Array(profile.containers.keys)
        switch match(path[0], among: containers, what: "container") {
        case .success(let name): target.container.value = name
        case .failure(let problem): return .failure(problem)
        }
        let keys =
            catalog.map { $0.containers[target.container.value].map { Array($0.factories.keys) } ?? [] }
            ?? profile.containers[target.container.value]?.entries.map(\.key) ?? []
        switch match(path[1], among: keys, what: "factory key") {
        case .success(let name): target.key.value = name
        case .failure(let problem): return .failure(problem)
        }
        guard let field = Self.fields.first(where: { $0 == path[2].value.lowercased() }) else {
            return .failure(
                Diagnostic(
                    .invalidOverride,
                    withSuggestion(
                        "unknown field '\(path[2].value)': an override sets use, scope, value or with",
                        for: path[2].value, among: Self.fields),
                    at: path[2].position))
        }
        target.field.value = field
        switch field {
        case "use", "scope":
            guard target.fields.isEmpty else {
                return .failure(
                    Diagnostic(
                        .invalidOverride, "`\(field)` takes a name and has no fields", at: target.fields[0].position))
            }
        case "with":
            guard !target.fields.isEmpty else {
                return .failure(
                    Diagnostic(
                        .invalidOverride,
                        "`with` is set field by field: add the settings field to \(override.origin) (with.FIELD)",
                        at: path[2].position))
            }
        default:
            break
        }
        return .success(target)
    }

    /// The declared name `name` stands for: itself when declared, else the one declared name it matches once
    /// case and everything but letters and digits are ignored; itself when none does (the checker reports it).
    private func match(_ name: Located<String>, among declared: [String], what: String) -> Result<String, Diagnostic> {
        if declared.contains(name.value) { return .success(name.value) }
        let wanted = Self.folded(name.value)
        let matches = declared.filter { Self.folded($0) == wanted }.sorted()
        if matches.count > 1 {
            return .failure(
                Diagnostic(
                    .invalidOverride,
                    "'\(name.value)' matches the \(what)s \(matches.map { "'\($0)'" }.joined(separator: " and ")) once case is ignored: spell it exactly",
                    at: name.position))
        }
        return .success(matches.first ?? name.value)
    }

    /// A name with case and everything but letters and digits left out.
    static func folded(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    /// The one-setting document of `override`: a profile that sets the target, with the settings the merged
    /// profile already has around a field inside `with` or `value` copied, where they were written.
    private func document(for override: SettingOverride, _ target: Target, over profile: inout MergedProfile) -> (
        ProfileDocument, [Diagnostic]
    ) {
        var builder = TreeBuilder(file: target.container.position.file, limits: .default, inputBytes: 0)
        let at = target.container.position
        _ = builder.open(mapping: true, line: at.line, column: at.column)
        add(&builder, "plugboard", .plain, at: at)
        add(&builder, "1", .plain, at: at)
        add(&builder, "containers", .plain, at: at)
        _ = builder.open(mapping: true, line: at.line, column: at.column)
        add(&builder, target.container.value, .text, at: target.container.position)
        _ = builder.open(mapping: true, line: at.line, column: at.column)
        add(&builder, target.key.value, .text, at: target.key.position)
        _ = builder.open(mapping: true, line: target.key.position.line, column: target.key.position.column)
        add(&builder, target.field.value, .text, at: target.field.position)
        let entry = profile.containers[target.container.value]?[target.key.value]
        switch target.field.value {
        case "use" where isList(target) || override.value.contains(","):
            // A list's members, comma-separated in order (`console,amplitude`; empty: no member).
            let at = override.valuePosition
            _ = builder.open(mapping: false, line: at.line, column: at.column)
            for member in override.value.split(separator: ",") {
                let name = member.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
                if !name.isEmpty { add(&builder, String(name), .text, at: at) }
            }
            builder.close()
        case "use", "scope":
            add(&builder, override.value, .text, at: override.valuePosition)
        default:
            let existing = target.field.value == "with" ? entry?.with?.value : entry?.value?.value
            let fields = fieldNames(of: target, entry: entry)
            emit(
                &builder, existing: existing.map { ($0.tree, $0.index) }, path: target.fields[...], names: fields,
                value: override, replaced: &profile.replacedFields)
        }
        for _ in 0..<4 { builder.close() }
        guard let tree = builder.finish() else { return (ProfileDocument(name: override.origin, file: at.file), []) }
        return DocumentReader.read(tree, name: override.origin)
    }

    /// Whether the catalog declares the target a list factory, whose `use` takes members.
    private func isList(_ target: Target) -> Bool {
        catalog?.containers[target.container.value]?.factories[target.key.value]?.list == true
    }

    /// The fields the setting's declared type has, from the catalog, for matching names inside `with` and
    /// `value`: the settings of the implementation in use, or the value's shape.
    private func fieldNames(of target: Target, entry: MergedEntry?) -> TypeShape? {
        guard let factory = catalog?.containers[target.container.value]?.factories[target.key.value] else { return nil }
        if target.field.value == "value" { return factory.value }
        if factory.list == true, let member = target.fields.first?.value {
            // Inside a list's `with`, the first field names the member.
            return .object(properties: ["\(member)": factory.implementations[member]?.settings ?? .any], required: [])
        }
        guard let use = entry?.use?.value else { return nil }
        return factory.implementations[use]?.settings
    }

    /// Writes the mapping for `path` (the fields inside `with` or `value`), keeping the pairs of `existing` that
    /// the override does not change, and the override's text at the end of the path.
    private func emit(
        _ builder: inout TreeBuilder, existing: (tree: NodeTree, index: Int)?, path: ArraySlice<Located<String>>,
        names shape: TypeShape?, value override: SettingOverride, replaced: inout [SourcePosition: [SourcePosition]]
    ) {
        guard let first = path.first else {
            add(&builder, override.value, .untyped, at: override.valuePosition)
            return
        }
        var properties: [String] = []
        var inner: [String: TypeShape] = [:]
        if case .object(let declared, _) = shape.map(Self.unwrapped) {
            properties = Array(declared.keys)
            inner = declared
        }
        let pairs = existing.flatMap { $0.tree.pairs(of: $0.index) }
        var name = first.value
        if !properties.contains(name) {
            // The declared fields, and those the files already set (for a type the catalog could not follow).
            let present = existing.flatMap { existing in pairs?.map { existing.tree.scalar($0.key)! } } ?? []
            let matches = Set((properties + present).filter { Self.folded($0) == Self.folded(name) })
            if matches.count == 1 { name = matches.first! }
        }
        if let (tree, index) = existing, pairs != nil {
            builder.place(next: tree.position(of: index))
        }
        _ = builder.open(mapping: true, line: first.position.line, column: first.position.column)
        var kept: (tree: NodeTree, index: Int)?
        if let existing, let pairs {
            for (key, value) in pairs {
                if existing.tree.scalar(key) == name {
                    kept = (existing.tree, value)
                    // The field this override replaces, with what it had replaced before.
                    let was = existing.tree.position(of: key)
                    replaced[first.position] = (replaced[was] ?? []) + [was]
                    continue
                }
                copy(existing.tree, key, into: &builder)
                copy(existing.tree, value, into: &builder)
            }
        }
        add(&builder, name, .text, at: first.position)
        emit(
            &builder, existing: kept, path: path.dropFirst(), names: inner[name], value: override, replaced: &replaced)
        builder.close()
    }

    /// A shape without the validator's note that the program checks it further.
    private static func unwrapped(_ shape: TypeShape) -> TypeShape {
        if case .checkedByProgram(let inner) = shape { return inner }
        return shape
    }

    /// Copies node `index` of `tree` and everything under it, each node at the place it was written.
    private func copy(_ tree: NodeTree, _ index: Int, into builder: inout TreeBuilder) {
        builder.place(next: tree.position(of: index))
        if let (text, style) = tree.scalarAndStyle(index) {
            let number = builder.text(text)
            _ = builder.add(text: number, style, line: 1, column: 1)
            return
        }
        let isMapping = tree.pairs(of: index) != nil
        _ = builder.open(mapping: isMapping, line: 1, column: 1)
        if let pairs = tree.pairs(of: index) {
            for (key, value) in pairs {
                copy(tree, key, into: &builder)
                copy(tree, value, into: &builder)
            }
        } else if let items = tree.items(of: index) {
            for item in items { copy(tree, item, into: &builder) }
        }
        builder.close()
    }

    private func add(
        _ builder: inout TreeBuilder, _ text: String, _ style: NodeTree.ScalarStyle, at position: SourcePosition
    ) {
        if position.file != builder.file { builder.place(next: position) }
        let number = builder.text(text)
        _ = builder.add(text: number, style, line: position.line, column: position.column)
    }
}
