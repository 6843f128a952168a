/// What a merged profile is checked against: the program's own declarations (at launch) or a catalog
/// (in the validator). Both answer the same questions, so one checker serves both.
///
/// The checker looks each entry's factory up once and asks it yes-or-no questions; the lists
/// (``factoryKeys(in:)``, ``implementations(of:)``, ``containerNames``) are asked for only to write a message.
package protocol DeclarationSource {
    /// What checking an implementation or a value yields: the closure to register at launch, nothing in the validator.
    associatedtype Prepared
    /// What the source knows of one declared factory.
    associatedtype DeclaredFactory

    /// Whether `container` is declared at all.
    func declares(container: String) -> Bool
    /// The factory `key` of `container`, or nil when it is not declared.
    func factory(_ key: String, in container: String) -> DeclaredFactory?
    /// Finds factories of `container` by key: a source can look the container up once for all of its keys.
    func factoryFinder(in container: String) -> (String) -> DeclaredFactory?
    /// The factory keys declared for `container`, for messages.
    func factoryKeys(in container: String) -> [String]
    /// The factory's implementation names, for messages.
    func implementations(of factory: DeclaredFactory) -> [String]
    /// Everything the checker asks of one implementation, answered with one look-up of it: whether the
    /// factory declares it, whether it takes the settings given, and what they prepare.
    func check(implementation: String, of factory: DeclaredFactory, with settings: ValueNode?) -> ImplementationCheck<
        Prepared
    >
    /// The factory's own definition, for `default` inside `contexts`.
    func definition(of factory: DeclaredFactory) -> Prepared
    /// The scope the factory's definition sets on every access, by name, or nil: a profile's `scope` cannot
    /// take effect on such a factory.
    func definitionScope(of factory: DeclaredFactory) -> String?
    /// Whether the factory makes a list whose members profiles choose (`members(_:)`): its implementations
    /// are members, and `use:` names a list of them.
    func isList(_ factory: DeclaredFactory) -> Bool
    /// The checked members of a list factory, in order, as the one registration that builds the list.
    func list(of members: [Prepared], for factory: DeclaredFactory) -> Prepared
    /// Whether the factory is configurable (`value:`).
    func isConfigurable(_ factory: DeclaredFactory) -> Bool
    /// Checks a value for a configurable factory.
    func prepare(value: ValueNode, of factory: DeclaredFactory) -> Result<Prepared, ProfileError>
    /// Every scope name profiles may use.
    var scopeNames: [String] { get }
    /// Every container declared, for messages.
    var containerNames: [String] { get }
}

extension DeclarationSource {
    /// Finds each key with ``factory(_:in:)``.
    package func factoryFinder(in container: String) -> (String) -> DeclaredFactory? {
        { key in factory(key, in: container) }
    }
}

/// What a ``DeclarationSource`` finds when asked for one of a factory's implementations with its settings.
package enum ImplementationCheck<Prepared> {
    /// The factory declares no implementation of that name.
    case undeclared
    /// The implementation takes no settings, and some were given.
    case takesNoSettings
    /// The implementation is declared: what its settings prepare, or what is wrong with them.
    case checked(Result<Prepared, ProfileError>)
}

/// One factory's entry after checking: what to register, the scope, and the context overrides.
package struct CheckedEntry<Prepared> {
    /// The factory key.
    package var key: String
    /// The registration (an implementation or a value); nil keeps the code's.
    package var registration: Prepared?
    /// The scope's name.
    package var scope: String?
    /// Context overrides in a stable order.
    package var contexts: [(context: ProfileContext, closure: Prepared)] = []
}

/// Checks merged profiles against declarations, collecting every finding.
package enum ProfileChecker {
    /// Checks the sections of `containers` (every container in the profile when nil) of `profile`.
    package static func check<Source: DeclarationSource>(
        _ profile: MergedProfile, against source: Source, containers: [String]? = nil
    ) -> (entries: [String: [CheckedEntry<Source.Prepared>]], diagnostics: [Diagnostic]) {
        check(profile, against: source, containers: containers, parts: { _ in 1 }, keepingEntries: true)
    }

    /// The validator's check against a catalog: like ``check(_:against:containers:)``, with a large section's
    /// entries split into parts that several threads check at once (see ``ConcurrentParts``), and the same
    /// findings in the same order. A launch checks on its own thread, as the program's decoders of settings
    /// may expect. Not generic, so that a caller in another module runs this module's specialized checker.
    static func checkInParts(_ profile: MergedProfile, against catalog: CatalogSource) -> [Diagnostic] {
        check(profile, against: catalog, containers: nil, parts: ConcurrentParts.count(for:), keepingEntries: false)
            .diagnostics
    }

    /// The checker itself: `parts` says into how many parts to split a section of so many entries, and
    /// more than one only for a source that may be used from several threads at once. Without
    /// `keepingEntries`, only the findings are collected (the validator's use).
    private static func check<Source: DeclarationSource>(
        _ profile: MergedProfile, against source: Source, containers: [String]?, parts: (Int) -> Int,
        keepingEntries: Bool
    ) -> (entries: [String: [CheckedEntry<Source.Prepared>]], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var checked: [String: [CheckedEntry<Source.Prepared>]] = [:]
        for container in (containers ?? Array(profile.containers.keys)).sorted() {
            guard let section = profile.containers[container] else { continue }
            guard source.declares(container: container) else {
                let known = source.containerNames
                diagnostics.append(
                    Diagnostic(
                        .unknownContainer,
                        withSuggestion("unknown container '\(container)'", for: container, among: known),
                        at: profile.containerPositions[container]!))
                continue
            }
            let context = Context(
                source: source, container: container, scopeNames: source.scopeNames, keepingEntries: keepingEntries)
            // In the order the profiles name the factories (the diagnostics are sorted by position below), part
            // after part. Through the buffer, each entry is borrowed where the array's subscript would copy it.
            let results = section.entries.withUnsafeBufferPointer { entries in
                ConcurrentParts.run(count: entries.count, parts: parts(entries.count)) { range in
                    context.check(entries, range)
                }
            }
            var entries = results[0].entries
            diagnostics += results[0].diagnostics
            for part in results.dropFirst() {
                entries += part.entries
                diagnostics += part.diagnostics
            }
            if !entries.isEmpty { checked[container] = entries }
        }
        return (checked, diagnostics.sorted { $0.position < $1.position })
    }

    static func contextType(_ name: String) -> ProfileContext {
        switch name {
        case "test": .test
        case "preview": .preview
        case "debug": .debug
        case "simulator": .simulator
        case "device": .device
        default: .argument(String(name.dropFirst("arg:".count)))
        }
    }

    /// `with` in an entry without `use`.
    static func withWithoutUse(at position: SourcePosition) -> Diagnostic {
        Diagnostic(.withWithoutUse, "`with` needs `use`: settings belong to an implementation", at: position)
    }

    /// Names for a message: all of a few, the first dozen of many.
    static func list(_ names: [String]) -> String {
        if names.isEmpty { return "none" }
        let sorted = names.sorted()
        if sorted.count <= 12 { return sorted.joined(separator: ", ") }
        return sorted.prefix(12).joined(separator: ", ") + ", ... (\(sorted.count) in all)"
    }

    /// What every entry of one container is checked with (made once per container, not per entry).
    private struct Context<Source: DeclarationSource> {
        let source: Source
        let container: String
        /// A handful: comparing them costs less than hashing the name.
        let scopeNames: [String]
        /// Whether ``check(_:_:)`` returns the checked entries, or only the findings.
        let keepingEntries: Bool

        /// Checks entries `range` of a section, in order: what they register and what is wrong with them.
        func check(_ entries: UnsafeBufferPointer<MergedEntry>, _ range: Range<Int>) -> (
            entries: [CheckedEntry<Source.Prepared>], diagnostics: [Diagnostic]
        ) {
            var results: [CheckedEntry<Source.Prepared>] = []
            if keepingEntries { results.reserveCapacity(range.count) }
            var diagnostics: [Diagnostic] = []
            var declaredKeys: [String]?  // listed once, and only for a message
            let findFactory = source.factoryFinder(in: container)
            for index in range {
                let key = entries[index].key
                guard let factory = findFactory(key) else {
                    let keys = declaredKeys ?? source.factoryKeys(in: container)
                    declaredKeys = keys
                    diagnostics.append(
                        Diagnostic(
                            .unknownFactory,
                            withSuggestion(
                                "unknown factory '\(key)' in \(container) (declared: \(list(keys)))", for: key,
                                among: keys),
                            at: entries[index].keyPosition))
                    continue
                }
                let entry = entries.baseAddress.unsafelyUnwrapped + index
                if keepingEntries {
                    results.append(check(entry, factory, &diagnostics))  // appended as made, not copied
                } else {
                    _ = check(entry, factory, &diagnostics)
                }
            }
            return (results, diagnostics)
        }

        /// Checks one entry whose factory is declared. The entry is read in place, field by field: copying its
        /// settings (each holds reference-counted strings and an array) and releasing the copies cost more than
        /// the checks.
        func check(
            _ entry: UnsafePointer<MergedEntry>, _ factory: Source.DeclaredFactory, _ diagnostics: inout [Diagnostic]
        ) -> CheckedEntry<Source.Prepared> {
            let key = entry.pointee.key
            var result = CheckedEntry<Source.Prepared>(key: key)
            if let members = entry.pointee.members {
                result.registration = memberList(
                    members.value, of: factory, key, at: members.origin, with: entry.pointee.with?.value, &diagnostics)
            } else if let use = entry.pointee.use?.value, use != "default" {
                let position = entry.pointee.use.unsafelyUnwrapped.origin
                result.registration =
                    source.isList(factory)
                    ? memberList(
                        [Located(use, at: position)], of: factory, key, at: position, with: entry.pointee.with?.value,
                        &diagnostics)
                    : implementation(use, of: factory, key, at: position, with: entry.pointee.with?.value, &diagnostics)
            } else if let with = entry.pointee.with?.origin {
                diagnostics.append(
                    entry.pointee.use == nil
                        ? ProfileChecker.withWithoutUse(at: with) : definitionTakesNoSettings(key, at: with))
            }
            if let value = entry.pointee.value?.value {
                result.registration = self.value(
                    value, of: factory, key, at: entry.pointee.value.unsafelyUnwrapped.origin, &diagnostics)
            }
            if let scope = entry.pointee.scope?.value {
                let position = entry.pointee.scope.unsafelyUnwrapped.origin
                if !scopeNames.contains(scope) {
                    let names = source.scopeNames
                    diagnostics.append(
                        Diagnostic(
                            .unknownScope,
                            withSuggestion(
                                "unknown scope '\(scope)' (scopes: \(list(names)))", for: scope, among: names),
                            at: position))
                } else if let fixed = source.definitionScope(of: factory) {
                    diagnostics.append(
                        Diagnostic(
                            .scopeWithoutEffect,
                            "scope '\(scope)' cannot take effect: the definition of \(container).\(key) sets scope '\(fixed)' on every access (the factory wins); remove the scope from the definition or from the profile",
                            at: position))
                } else {
                    result.scope = scope
                }
            }
            let contexts = entry.pointee.contexts
            for (name, choice) in contexts.isEmpty ? [] : contexts.sorted(by: { $0.key < $1.key }) {
                var prepared: Source.Prepared?
                if let use = choice.value.use, use.value == "default" {
                    if let with = choice.value.with {
                        diagnostics.append(definitionTakesNoSettings(key, at: with.position))
                    } else {
                        prepared = source.definition(of: factory)
                    }
                } else if let members = choice.value.members {
                    prepared = memberList(
                        members, of: factory, key, at: members.first?.position ?? choice.value.context.position,
                        with: choice.value.with, &diagnostics)
                } else if let use = choice.value.use {
                    prepared =
                        source.isList(factory)
                        ? memberList([use], of: factory, key, at: use.position, with: choice.value.with, &diagnostics)
                        : implementation(
                            use.value, of: factory, key, at: use.position, with: choice.value.with, &diagnostics)
                } else if let value = choice.value.value {
                    prepared = self.value(value, of: factory, key, at: value.position, &diagnostics)
                }
                if let prepared { result.contexts.append((contextType(name), prepared)) }
            }
            return result
        }

        /// `with` next to `use: default`: the definition is code, with no settings to decode.
        func definitionTakesNoSettings(_ key: String, at position: SourcePosition) -> Diagnostic {
            Diagnostic(
                .noSettings, "`default` (the definition of \(container).\(key)) takes no settings (`with`)",
                at: position)
        }

        /// A list's members, each checked as an implementation with its own settings (`with:` maps a member's
        /// name to them), made into the one registration that builds the list; nil when any member is wrong,
        /// so that a list is applied whole or not at all.
        func memberList(
            _ members: [Located<String>], of factory: Source.DeclaredFactory, _ key: String,
            at position: SourcePosition, with settings: ValueNode?, _ diagnostics: inout [Diagnostic]
        ) -> Source.Prepared? {
            guard source.isList(factory) else {
                diagnostics.append(
                    Diagnostic(
                        .notAList,
                        "\(container).\(key) is not a list: `use` takes one implementation name (declare the factory with members(_:) to choose several)",
                        at: position))
                return nil
            }
            var failed = false
            var bySettings: [String: ValueNode] = [:]
            if let settings, let pairs = settings.tree.pairs(of: settings.index) {
                let names = members.map(\.value)
                for (nameNode, value) in pairs {
                    let name = settings.tree.scalar(nameNode)!
                    if names.contains(name) {
                        bySettings[name] = ValueNode(tree: settings.tree, index: value)
                    } else {
                        failed = true
                        diagnostics.append(
                            Diagnostic(
                                .withWithoutUse,
                                withSuggestion(
                                    "`with` gives settings to '\(name)', which is not in the list of \(container).\(key) (members: \(ProfileChecker.list(names)))",
                                    for: name, among: names),
                                at: settings.tree.position(of: nameNode)))
                    }
                }
            }
            var prepared: [Source.Prepared] = []
            prepared.reserveCapacity(members.count)
            for member in members {
                if let one = implementation(
                    member.value, of: factory, key, at: member.position, with: bySettings[member.value], &diagnostics,
                    noun: "member")
                {
                    prepared.append(one)
                } else {
                    failed = true
                }
            }
            return failed ? nil : source.list(of: prepared, for: factory)
        }

        func implementation(
            _ name: String, of factory: Source.DeclaredFactory, _ key: String, at position: SourcePosition,
            with settings: ValueNode?,
            _ diagnostics: inout [Diagnostic], noun: String = "implementation"
        ) -> Source.Prepared? {
            switch source.check(implementation: name, of: factory, with: settings) {
            case .undeclared:
                let names = source.implementations(of: factory)
                diagnostics.append(
                    Diagnostic(
                        .unknownImplementation,
                        withSuggestion(
                            "unknown \(noun) '\(name)' for \(container).\(key) (declared: \(list(names)))",
                            for: name, among: names),
                        at: position))
                return nil
            case .takesNoSettings:
                diagnostics.append(
                    Diagnostic(
                        .noSettings, "\(noun) '\(name)' of \(container).\(key) takes no settings (`with`)",
                        at: settings?.position ?? position))
                return nil
            case .checked(.success(let prepared)):
                return prepared
            case .checked(.failure(let error)):
                diagnostics += error.diagnostics.map { relocated($0, fallback: settings?.position ?? position) }
                return nil
            }
        }

        func value(
            _ node: ValueNode, of factory: Source.DeclaredFactory, _ key: String, at position: SourcePosition,
            _ diagnostics: inout [Diagnostic]
        ) -> Source.Prepared? {
            guard source.isConfigurable(factory) else {
                diagnostics.append(
                    Diagnostic(
                        .notConfigurable, "\(container).\(key) is not declared configurable: `value` cannot be set",
                        at: position))
                return nil
            }
            switch source.prepare(value: node, of: factory) {
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
