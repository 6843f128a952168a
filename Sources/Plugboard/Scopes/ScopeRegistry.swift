/// Every live scope by its serial. A factory value carries its scope as a serial (it has no room for the
/// object), and finds the object here when it must put the scope back after a reset. Scopes are made rarely
/// (the five shared ones and a few of a program's own), so one lock serves.
final class ScopeRegistry: @unchecked Sendable {
    static let shared = ScopeRegistry()

    /// Weak, so that registering a scope does not keep it alive.
    private struct Entry {
        weak var scope: Scope?
    }

    private let lock = PlatformLock()
    private var scopes: [UInt: Entry] = [:]

    func add(_ scope: Scope) {
        lock.withLock { scopes[scope.serial] = Entry(scope: scope) }
    }

    func remove(_ serial: UInt) {
        lock.withLock { _ = scopes.removeValue(forKey: serial) }
    }

    func scope(_ serial: UInt) -> Scope? {
        lock.withLock { scopes[serial]?.scope }
    }
}
