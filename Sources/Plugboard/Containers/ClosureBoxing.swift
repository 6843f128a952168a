/// Boxes closures of factories of `P` and `T` as the factories' resolutions read a registration or a context
/// override, for code that prepares them before it knows the factory (a profile's implementations).
///
/// The box's runtime type is looked up once, when this is made: code generic over `T` that named the box's
/// type looked it up in the runtime's metadata cache every time, about 300 instructions per box, and a reload
/// boxes one closure for every factory it rewires. Usable from inlinable code, so that a declaration made in
/// the program's module (a list's members) prepares its closures specialized for the program's types.
@usableFromInline
package struct ClosureBoxing<P, T>: @unchecked Sendable {
    private let boxType: ClosureBox<P, T>.Type

    @usableFromInline
    package init() {
        boxType = ClosureBox<P, T>.self
    }

    /// `body`, boxed as a registration or a context override of a factory of `P` and `T`.
    @usableFromInline
    package func box(_ body: @escaping @Sendable (P) -> T) -> AnyObject {
        boxType.init(body)
    }

    /// The closure a box of this type's ``box(_:)`` holds.
    @usableFromInline
    package static func body(of box: AnyObject) -> @Sendable (P) -> T {
        unsafeDowncast(box, to: ClosureBox<P, T>.self).body
    }
}
