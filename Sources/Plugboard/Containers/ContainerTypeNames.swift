/// Container types' names, worked out once per type: describing a type walks its metadata, which costs far
/// more than a lookup, and profiles, traces and messages ask for the name often.
final class ContainerTypeNames: @unchecked Sendable {
    static let shared = ContainerTypeNames()
    private let lock = PlatformLock()
    private var names: [ObjectIdentifier: String] = [:]

    func name(of type: Any.Type) -> String {
        if let known = lock.withLock({ names[ObjectIdentifier(type)] }) { return known }
        let name = String(describing: type)
        lock.withLock { names[ObjectIdentifier(type)] = name }
        return name
    }
}
