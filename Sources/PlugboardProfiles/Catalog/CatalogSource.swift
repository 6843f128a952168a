/// Checks profiles against a catalog file: names from the catalog, `value:` and `with:` against the
/// recorded shapes (the validator's front end; the program itself decodes into the real types).
public struct CatalogSource: DeclarationSource {
    /// The catalog.
    public let catalog: Catalog
    private let keys: [String: Set<String>]

    /// A source over `catalog`.
    public init(_ catalog: Catalog) {
        self.catalog = catalog
        keys = catalog.containers.mapValues { Set($0.factories.keys) }
    }

    /// The catalog's factory keys of `container`.
    public func factoryKeys(in container: String) -> Set<String>? {
        keys[container]
    }

    /// The catalog's implementation names of a factory.
    public func implementations(in container: String, key: String) -> [String] {
        Array(catalog.containers[container]?.factories[key]?.implementations.keys ?? [:].keys)
    }

    /// Whether the catalog records settings for the implementation.
    public func takesSettings(in container: String, key: String, implementation: String) -> Bool {
        catalog.containers[container]?.factories[key]?.implementations[implementation]?.settings != nil
    }

    /// Checks settings against the recorded shape.
    public func prepare(in container: String, key: String, implementation: String, with settings: ValueNode?) -> Result<Void, ProfileError> {
        guard let shape = catalog.containers[container]?.factories[key]?.implementations[implementation]?.settings else {
            return .success(())
        }
        let found = ShapeChecker.check(settings ?? ValueNode.emptyMapping, against: shape, code: .invalidSettings)
        return found.isEmpty ? .success(()) : .failure(ProfileError(found))
    }

    /// Whether the catalog records a value shape for the factory.
    public func isConfigurable(in container: String, key: String) -> Bool {
        catalog.containers[container]?.factories[key]?.value != nil
    }

    /// Checks a value against the recorded shape.
    public func prepare(in container: String, key: String, value: ValueNode) -> Result<Void, ProfileError> {
        guard let shape = catalog.containers[container]?.factories[key]?.value else { return .success(()) }
        let found = ShapeChecker.check(value, against: shape, code: .invalidValue)
        return found.isEmpty ? .success(()) : .failure(ProfileError(found))
    }

    /// The built-in scopes and the catalog's custom ones.
    public var scopeNames: [String] { catalog.allScopeNames }
    /// The catalog's containers.
    public var containerNames: [String] { Array(catalog.containers.keys) }
}

/// Checks a node against a ``TypeShape`` by the same scalar rules the program's decoder applies.
enum ShapeChecker {
    static func check(_ node: ValueNode, against shape: TypeShape, code: DiagnosticCode) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // An explicit work list, so that deep values cannot exhaust the stack.
        var work: [(Int, TypeShape)] = [(node.index, shape)]
        let tree = node.tree
        while let (index, shape) = work.popLast() {
            let decoder = TreeDecoder(state: DecodingState(tree: tree, code: code), index: index, codingPath: [])
            do {
                switch shape {
                case .any: break
                case .string: _ = try decoder.decodeString()
                case .integer: _ = try decoder.decodeInteger(Int64.self)
                case .number: _ = try decoder.decodeFloat(Double.self)
                case .boolean: _ = try decoder.decodeBool()
                case .array(let element):
                    guard case .sequence(let items) = tree[index].kind else { throw decoder.fail("expected a list, found \(tree.describe(index))") }
                    work += items.map { ($0, element) }
                case .map(let element):
                    guard case .mapping(let pairs) = tree[index].kind else { throw decoder.fail("expected a mapping, found \(tree.describe(index))") }
                    work += pairs.map { ($0.value, element) }
                case .object(let properties, let required):
                    guard case .mapping(let pairs) = tree[index].kind else { throw decoder.fail("expected a mapping, found \(tree.describe(index))") }
                    var present: Set<String> = []
                    for (key, value) in pairs {
                        let name = tree.scalar(key)!
                        present.insert(name)
                        if let property = properties[name] {
                            let optionalAndNull = !required.contains(name) && decoder.child(value, key: NameKey(name)).isNull()
                            if !optionalAndNull { work.append((value, property)) }
                        } else {
                            found.append(Diagnostic(code, withSuggestion("unknown setting '\(name)'", for: name, among: properties.keys), at: tree[key].position))
                        }
                    }
                    for missing in required.sorted() where !present.contains(missing) {
                        found.append(Diagnostic(code, "missing setting '\(missing)'", at: tree[index].position))
                    }
                }
            } catch let error as NodeDecodingError {
                found.append(Diagnostic(code, error.message, at: tree[error.index].position))
            } catch {
                found.append(Diagnostic(code, "\(error)", at: tree[index].position))
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
