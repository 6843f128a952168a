/// A factory's closure, kept in the form its author wrote it.
///
/// A plain factory's `() -> T` is not wrapped to take `Void`: the wrapper would have to capture the closure,
/// and for a closure that itself captures (`self { Service(self.dependency()) }`) that costs an allocation
/// each time the factory is made. Instead the closure is stored as it is, reinterpreted as `(P) -> T` (every
/// Swift closure is the same two words: function and context), and the owner of the body remembers which form
/// it holds; ``call(_:plain:)`` reinterprets it back before calling. An enum of the two forms would need a
/// tag byte, which makes a factory five words instead of four.
@usableFromInline
struct FactoryBody<P, T>: Sendable {
    @usableFromInline let stored: @Sendable (P) -> T

    /// A `ParameterFactory`'s closure.
    @inlinable @inline(__always)
    init(_ body: @escaping @Sendable (P) -> T) {
        stored = body
    }

    /// A `Factory`'s closure; call it with `plain: true`.
    @inlinable @inline(__always)
    init(plain body: @escaping @Sendable () -> T) {
        stored = unsafeBitCast(body, to: (@Sendable (P) -> T).self)
    }

    /// Calls the closure; `plain` says whether it was made with ``init(plain:)``.
    @inlinable @inline(__always)
    func call(_ parameters: P, plain: Bool) -> T {
        if plain {
            return unsafeBitCast(stored, to: (@Sendable () -> T).self)()
        }
        return stored(parameters)
    }
}
