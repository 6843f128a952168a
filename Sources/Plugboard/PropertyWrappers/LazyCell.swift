import Foundation

/// Where a lazy property wrapper keeps what it resolved: behind a lock, so that the first read from many
/// threads at once builds the dependency exactly once and hands every reader that instance.
///
/// A wrapper is a struct, but its first read must not mutate it: many threads reading an object's wrapped
/// property at once would be a data race. The cell is shared by copies of a wrapper until one of them is
/// changed on purpose (`release()`, a set), which gives that copy a cell of its own; a forced resolve
/// (`resolve(reset:)`, which Factory 3 declares non-mutating) replaces the value in the shared cell.
package final class LazyCell<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?

    package init(_ value: T? = nil) {
        stored = value
    }

    /// The value, made by `make` on the first call; callers that arrive meanwhile wait for it.
    package func value(_ make: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        let made = make()
        stored = made
        return made
    }

    /// The value if it was made, without making it.
    package var current: T? {
        lock.withLock { stored }
    }

    /// Holds `value` from now on, for every copy of the wrapper that shares this cell (a forced resolve).
    package func replace(with value: T) {
        lock.withLock { stored = value }
    }
}

/// The same for a dependency held weakly (`@WeakLazyInjected`): resolved once; nil for every reader once
/// nothing else holds it.
package final class WeakLazyCell<T>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var object: AnyObject?
    private var resolved = false

    package init() {}

    package init(holding value: T?) {
        object = value.map { $0 as AnyObject }
        resolved = true
    }

    /// The dependency, resolved by `make` on the first call only; nil, as in Factory, when nothing else holds
    /// what was made.
    package func value(_ make: () -> T) -> T? {
        lock.lock()
        defer { lock.unlock() }
        if !resolved {
            resolved = true
            object = make() as AnyObject
        }
        return object as? T
    }

    /// The dependency if it was resolved and something else still holds it.
    package var current: T? {
        lock.withLock { resolved ? object as? T : nil }
    }

    /// Holds `value` weakly from now on, for every copy of the wrapper that shares this cell (a forced resolve).
    package func replace(holding value: T?) {
        lock.withLock {
            object = value.map { $0 as AnyObject }
            resolved = true
        }
    }

    /// Whether nothing was resolved yet, or what was resolved is gone.
    package var isEmpty: Bool {
        lock.withLock { object == nil }
    }
}
