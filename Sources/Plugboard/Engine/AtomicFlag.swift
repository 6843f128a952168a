/// A flag that other modules of the package read without a lock, on paths every resolution takes
/// (Resolver's "services are registered"), without seeing the engine's atomics.
package final class AtomicFlag: @unchecked Sendable {
    private let word: Atomic<Bool>

    package init(_ value: Bool = false) {
        word = Atomic(value)
    }

    /// The flag, read with acquire ordering: what was written before it was set is visible.
    package var isSet: Bool {
        word.load(ordering: .acquiring)
    }

    /// Sets or clears the flag, with release ordering.
    package func store(_ value: Bool) {
        word.store(value, ordering: .releasing)
    }
}
