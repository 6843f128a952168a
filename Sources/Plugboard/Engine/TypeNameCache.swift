/// Type names worked out once per type: describing a type walks its metadata, which costs far more than a
/// lookup, and container names, profiles, catalogs and messages ask for the same names again and again.
/// Shared by the package's modules, each with its own way of naming a type.
package final class TypeNameCache: @unchecked Sendable {
    private let describe: @Sendable (Any.Type) -> String
    private let lock = PlatformLock()
    /// Guarded by `lock`.
    private var names: [ObjectIdentifier: String] = [:]

    /// A cache that names each type with `describe`, once.
    package init(_ describe: @escaping @Sendable (Any.Type) -> String) {
        self.describe = describe
    }

    /// The name of `type`.
    package func name(of type: Any.Type) -> String {
        if let known = lock.withLock({ names[ObjectIdentifier(type)] }) { return known }
        let name = describe(type)
        lock.withLock { names[ObjectIdentifier(type)] = name }
        return name
    }

    /// Container names, as `String(describing:)` spells them. Asked of the runtime directly: `String(describing:)`
    /// first looks for the metatype's conformances to the printing protocols, a scan of every conformance record
    /// in the process the first time (2 M instructions per container type, at launch).
    static let containers = TypeNameCache { _typeName($0, qualified: false) }
}
