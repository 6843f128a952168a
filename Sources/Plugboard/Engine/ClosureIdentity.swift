/// Tells whether two closures are the very same value: the same code with the same captures.
///
/// A definition such as `self { Service() }.onTest { MockService() }` applies its modifiers on every access.
/// Comparing the closure it passes with the one the slot keeps lets the modifier skip the write (a new
/// published state, about 3,700 instructions) when nothing changed. A closure is two words, its code and its
/// context; while the slot keeps the old closure, its context cannot be freed, so equal words mean the same
/// captured values. A closure built afresh on each access (one capturing several values) compares unequal
/// and is written as before, so the comparison can only save work, never change what resolves.
///
/// Only `(P) -> T` with both types generic compares this way. Reading any other function type's words takes
/// it through a generic parameter, and Swift wraps it in a thunk with a fresh context on the way (a
/// decorator's `(T) -> Void` returns `Void` directly, for one), so it would never compare equal.
@usableFromInline
enum ClosureIdentity {
    @inlinable @inline(__always)
    static func same<P, T>(_ first: @escaping (P) -> T, _ second: @escaping (P) -> T) -> Bool {
        let a = unsafeBitCast(first, to: (UInt, UInt).self)
        let b = unsafeBitCast(second, to: (UInt, UInt).self)
        return a == b
    }
}
