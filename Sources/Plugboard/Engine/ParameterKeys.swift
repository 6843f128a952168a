import Foundation

/// The parameter key of every factory whose definition says `scopeOnParameters`, by key number, for the life
/// of the process. A container's slot keeps the key too, but a reset, a `pop()` or another thread halfway
/// through the same getter's modifiers can leave the slot with a caching scope and no key; a factory whose
/// definition keys by parameter then finds its key here, so that it never caches one instance for all
/// parameters (which would hand out the instance built for another parameter).
@usableFromInline
enum ParameterKeys {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var keys: [Int: AnyObject] = [:]

    /// Records the key of factory `id` (the same for every container: the key number fixes `P`).
    @usableFromInline
    static func record(_ key: AnyObject, for id: Int) {
        lock.withLock {
            if keys[id] == nil { keys[id] = key }
        }
    }

    /// The key recorded for factory `id`.
    @usableFromInline
    static func key(for id: Int) -> AnyObject? {
        lock.withLock { keys[id] }
    }
}
