/// Tells whether two closures are the very same value: the same code with the same captures.
///
/// A definition such as `self { Service() }.onTest { MockService() }` or `.decorator { ... }` applies its
/// modifiers on every access. Comparing the closure it passes with the one the slot keeps lets the modifier
/// skip the write (a new published state, about 3,700 instructions) when nothing changed. A closure is two
/// words, its code and its context; while the slot keeps the old closure, its context cannot be freed, so
/// equal words mean the same captured values. A closure built afresh on each access (one capturing several
/// values) compares unequal and is written as before, so the comparison can only save work, never change what
/// resolves.
///
/// A factory closure's words are read with `unsafeBitCast`: `(P) -> T` with both types generic is already in
/// the most general form a generic parameter takes. A decorator's `(T) -> Void` is not (that form returns even
/// `Void` indirectly), so passing it to a generic parameter would wrap it in a thunk with a fresh context that
/// never compares equal; its words are read from a struct whose field has its own type, where the modifier
/// is specialized for the factory's type, and kept in its box.
@usableFromInline
enum ClosureIdentity {
    /// True when a factory closure is the very same value as another.
    @inlinable @inline(__always)
    static func same<P, T>(_ first: @escaping (P) -> T, _ second: @escaping (P) -> T) -> Bool {
        let a = unsafeBitCast(first, to: (UInt, UInt).self)
        let b = unsafeBitCast(second, to: (UInt, UInt).self)
        return a == b
    }

    /// Holds a decorator as it is written.
    @usableFromInline
    struct HeldDecorator<T> {
        @usableFromInline var closure: (T) -> Void
        @inlinable init(_ closure: @escaping (T) -> Void) { self.closure = closure }
    }

    /// Holds a two-argument decorator as it is written.
    @usableFromInline
    struct HeldNewnessDecorator<T> {
        @usableFromInline var closure: (T, Bool) -> Void
        @inlinable init(_ closure: @escaping (T, Bool) -> Void) { self.closure = closure }
    }

    /// A decorator's code and context words. Call it where `T` is known, so that no type metadata is looked up.
    @inlinable @inline(__always)
    static func words<T>(of decorator: @escaping (T) -> Void) -> DecoratorIdentity {
        let (code, context) = withUnsafeBytes(of: HeldDecorator(decorator)) { $0.load(as: (UInt, UInt).self) }
        return DecoratorIdentity(code: code, context: context)
    }

    /// The words of a two-argument decorator (`decorator { instance, isNew in ... }`).
    @inlinable @inline(__always)
    static func words<T>(of decorator: @escaping (T, Bool) -> Void) -> DecoratorIdentity {
        let (code, context) = withUnsafeBytes(of: HeldNewnessDecorator(decorator)) {
            $0.load(as: (UInt, UInt).self)
        }
        return DecoratorIdentity(code: code, context: context)
    }
}

/// A decorator's two words (see ``ClosureIdentity``).
@usableFromInline
struct DecoratorIdentity: Equatable, Sendable {
    @usableFromInline let code: UInt
    @usableFromInline let context: UInt

    @inlinable init(code: UInt, context: UInt) {
        self.code = code
        self.context = context
    }
}
