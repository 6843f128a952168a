import Foundation

/// Says once per container type, on standard error, that the type's `manager` returns a new manager on every
/// read. Such a container still resolves its factories' definitions, as it does in Factory, but every
/// registration, cached instance and context override made through it is lost with its manager: a quiet
/// difference worth one warning, not a stop.
enum ThrowawayManagerWarning {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var warned: Set<ObjectIdentifier> = []

    static func warnOnce(about containerType: any ManagedContainer.Type) {
        let first = lock.withLock { warned.insert(ObjectIdentifier(containerType)).inserted }
        guard first else { return }
        let message =
            "warning: Plugboard: \(containerType).manager returns a new ContainerManager on every read, so what is "
            + "registered, cached or overridden through it cannot stick; declare it with `let manager = "
            + "ContainerManager()`\n"
        FileHandle.standardError.write(Data(message.utf8))
    }
}
