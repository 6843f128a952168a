/// A factory's context overrides: the closure to resolve with in each context it was given one for.
///
/// A factory has a handful of overrides at most, usually one (`.onTest { }`), so they are kept in a list and
/// found by comparing contexts in order. A dictionary hashed each context first, and a resolution with
/// overrides looks several contexts up (arguments, then preview, test, simulator or device, debug): Swift's
/// seeded hasher cost about 350 instructions a lookup, and a different count in every process.
@usableFromInline
struct ContextOverrides: @unchecked Sendable {
    /// Contexts and their `ClosureBox<P, T>`s, in the order they were first given.
    @usableFromInline var entries: [(context: FactoryContextType, closure: AnyObject)] = []

    @inlinable init() {}

    @inlinable var isEmpty: Bool { entries.isEmpty }

    /// The override for `context`, if there is one; setting nil removes it.
    @inlinable
    subscript(context: FactoryContextType) -> AnyObject? {
        get {
            for entry in entries where entry.context == context {
                return entry.closure
            }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.context == context }
            switch (index, newValue) {
            case (let index?, let closure?): entries[index].closure = closure
            case (let index?, nil): entries.remove(at: index)
            case (nil, let closure?): entries.append((context, closure))
            case (nil, nil): break
            }
        }
    }
}
