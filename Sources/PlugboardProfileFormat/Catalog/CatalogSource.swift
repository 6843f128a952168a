import Foundation

/// Checks profiles against a catalog file: names from the catalog, `value:` and `with:` against the
/// recorded shapes (the validator's front end; the program itself decodes into the real types).
package struct CatalogSource: DeclarationSource, Sendable {
    /// The catalog.
    package let catalog: Catalog
    /// What resolves the secrets that settings reference (`--resolve-secrets`); nil checks their syntax only.
    package let secrets: SecretResolver?

    /// A source over `catalog`, resolving secrets through `secrets` when given.
    package init(_ catalog: Catalog, secrets: SecretResolver? = nil) {
        self.catalog = catalog
        self.secrets = secrets
    }

    /// Whether the catalog has `container`.
    package func declares(container: String) -> Bool {
        catalog.containers[container] != nil
    }

    /// The catalog's entry for the factory `key` in `container`.
    package func factory(_ key: String, in container: String) -> Catalog.CatalogFactory? {
        catalog.containers[container]?.factories[key]
    }

    /// Finds factories of `container` in its table, looked up once.
    package func factoryFinder(in container: String) -> (String) -> Catalog.CatalogFactory? {
        let factories = catalog.containers[container]?.factories ?? [:]
        return { key in factories[key] }
    }

    /// The catalog's factory keys of `container`.
    package func factoryKeys(in container: String) -> [String] {
        Array(catalog.containers[container]?.factories.keys ?? [:].keys)
    }

    /// The catalog's implementation names of a factory.
    package func implementations(of factory: Catalog.CatalogFactory) -> [String] {
        Array(factory.implementations.keys)
    }

    /// Finds the implementation once, and checks the settings given against its recorded shape.
    package func check(implementation name: String, of factory: Catalog.CatalogFactory, with settings: ValueNode?)
        -> ImplementationCheck<Void>
    {
        guard let implementation = factory.implementations.value(named: name) else { return .undeclared }
        guard let shape = implementation.settings else {
            return settings == nil ? .checked(.success(())) : .takesNoSettings
        }
        return .checked(checked(settings ?? ValueNode.emptyMapping, against: shape, code: .invalidSettings))
    }

    /// Nothing to prepare: the definition is the program's.
    package func definition(of factory: Catalog.CatalogFactory) {}

    /// The scope the catalog records for the factory's definition.
    package func definitionScope(of factory: Catalog.CatalogFactory) -> String? {
        factory.definitionScope
    }

    /// Whether the catalog records the factory as a list of members.
    package func isList(_ factory: Catalog.CatalogFactory) -> Bool {
        factory.list == true
    }

    /// Nothing to prepare: the program builds the list.
    package func list(of members: [Void], for factory: Catalog.CatalogFactory) {}

    /// Whether the catalog records a value shape for the factory.
    package func isConfigurable(_ factory: Catalog.CatalogFactory) -> Bool {
        factory.value != nil
    }

    /// Checks a value against the recorded shape.
    package func prepare(value: ValueNode, of factory: Catalog.CatalogFactory) -> Result<Void, ProfileError> {
        guard let shape = factory.value else { return .success(()) }
        return checked(value, against: shape, code: .invalidValue)
    }

    /// `node` against `shape`: nothing to prepare in the validator, or every finding, reported as `code`.
    private func checked(_ node: ValueNode, against shape: TypeShape, code: DiagnosticCode) -> Result<
        Void, ProfileError
    > {
        let found = ShapeChecker.check(node, against: shape, code: code, secrets: secrets)
        return found.isEmpty ? .success(()) : .failure(ProfileError(found))
    }

    /// The built-in scopes and the catalog's custom ones.
    package var scopeNames: [String] { catalog.allScopeNames }
    /// The catalog's containers.
    package var containerNames: [String] { Array(catalog.containers.keys) }
}

/// Checks a node against a ``TypeShape`` by the same scalar rules the program's decoder applies.
package enum ShapeChecker {
    /// Every finding of `node` against `shape`, reported as `code`; a secret's value is looked up only where
    /// `secrets` is given.
    package static func check(
        _ node: ValueNode, against shape: TypeShape, code: DiagnosticCode, secrets: SecretResolver? = nil
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // An explicit work list, so that deep values cannot exhaust the stack.
        var work: [(Int, TypeShape)] = [(node.index, shape)]
        let tree = node.tree
        while let (index, shape) = work.popLast() {
            let decoder = TreeDecoder(state: DecodingState(tree: tree, code: code, secrets: secrets), index: index)
            do {
                switch shape {
                case .any: break
                case .checkedByProgram(let inner):
                    found.append(
                        Diagnostic(
                            .checkedByProgram,
                            "the program's own decoding checks this value further at launch; the validator cannot",
                            at: tree.position(of: index)))
                    work.append((index, inner))
                case .string: _ = try decoder.decodeString()
                case .integer: _ = try decoder.decodeInteger(Int64.self)
                case .integerIn(let range): try decoder.decodeInteger(in: range)
                case .date: _ = try TextualTypes.decode(Date.self, from: decoder)
                case .url: _ = try TextualTypes.decode(URL.self, from: decoder)
                case .secret:
                    // The syntax always; the value only where the validation resolves secrets (`--resolve-secrets`).
                    let reference = try decoder.decodeSecretReference()
                    if let resolver = secrets {
                        if reference.source == .config && resolver.configuration == nil {
                            // Only the program's configuration resolves it, at launch.
                            found.append(
                                Diagnostic(
                                    .checkedByProgram,
                                    "secret \(reference) comes from the program's configuration, which only the launch reads: not checked",
                                    at: tree.position(of: index)))
                        } else if case .failure(let problem) = resolver.resolve(reference) {
                            throw decoder.fail(problem.message, code: .secretNotFound)
                        }
                    }
                case .number: _ = try decoder.decodeFloat(Double.self)
                case .boolean: _ = try decoder.decodeBool()
                case .array(let element):
                    guard let items = tree.items(of: index) else {
                        throw decoder.fail("expected a list, found \(tree.describe(index))")
                    }
                    work += items.map { ($0, element) }
                case .map(let element):
                    guard let pairs = tree.pairs(of: index) else {
                        throw decoder.fail("expected a mapping, found \(tree.describe(index))")
                    }
                    work += pairs.map { ($0.value, element) }
                case .object(let properties, let required):
                    guard let pairs = tree.pairs(of: index) else {
                        throw decoder.fail("expected a mapping, found \(tree.describe(index))")
                    }
                    var present: Set<String> = []
                    for (key, value) in pairs {
                        let name = tree.scalar(key)!
                        present.insert(name)
                        if let property = properties[name] {
                            let optionalAndNull =
                                !required.contains(name) && decoder.child(value, key: NameKey(name)).isNull()
                            if !optionalAndNull { work.append((value, property)) }
                        } else {
                            found.append(
                                Diagnostic(
                                    code,
                                    withSuggestion("unknown setting '\(name)'", for: name, among: properties.keys),
                                    at: tree.position(of: key)))
                        }
                    }
                    for missing in required.sorted() where !present.contains(missing) {
                        found.append(Diagnostic(code, "missing setting '\(missing)'", at: tree.position(of: index)))
                    }
                }
            } catch let error as NodeDecodingError {
                found.append(Diagnostic(error.code ?? code, error.message, at: tree.position(of: error.index)))
            } catch {
                found.append(Diagnostic(code, "\(error)", at: tree.position(of: index)))
            }
        }
        return found.sorted { $0.position < $1.position }
    }

    struct NameKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
