import Synchronization

/// Type names worked out once per type: describing a type walks its metadata, which costs far more than a
/// lookup, and container names, profiles, catalogs and messages ask for the same names again and again.
/// Shared by the package's modules, each with its own way of naming a type.
package final class TypeNameCache: Sendable {
    private let describe: @Sendable (Any.Type) -> String
    private let names = Mutex<[ObjectIdentifier: String]>([:])

    /// A cache that names each type with `describe`, once.
    package init(_ describe: @escaping @Sendable (Any.Type) -> String) {
        self.describe = describe
    }

    /// The name of `type`.
    package func name(of type: Any.Type) -> String {
        if let known = names.withLock({ $0[ObjectIdentifier(type)] }) { return known }
        let name = describe(type)
        names.withLock { $0[ObjectIdentifier(type)] = name }
        return name
    }

    /// Container names, as `String(describing:)` spells them.
    static let containers = TypeNameCache { String(describing: $0) }
}
