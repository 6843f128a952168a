/// A change to a factory's wiring, made by typed code (its closures boxed as the factory's resolutions read them).
/// Plain values rather than a closure over them: a reload makes one per factory it rewires.
package struct WiringEdit: @unchecked Sendable {
    /// The registration's box (nil keeps the code's).
    let registration: AnyObject?
    /// The scope (nil keeps the code's).
    let scope: Scope?
    /// Context overrides, each closure boxed.
    let contexts: [(FactoryContextType, AnyObject)]

    /// Makes the change to `fields`.
    func change(_ fields: inout SlotFields) {
        if let registration { fields.registration = registration }
        if let scope { fields.scope = scope }
        for (context, box) in contexts { fields.setContext(context, box) }
    }
}

extension FactoryRegistration {
    /// The edit that sets `registration` (nil keeps the code's), `scope` and context overrides, each closure
    /// boxed by a ``ClosureBoxing`` of this factory's `P` and `T`. Boxed and erased before they get here: a
    /// generic list or capture of closures of `P` and `T` costs a metadata lookup at run time, for every entry
    /// a reload rewires.
    package func wiringEdit(registration: AnyObject?, scope: Scope?, contexts: [(FactoryContextType, AnyObject)])
        -> WiringEdit
    {
        assert(
            (registration.map { $0 is ClosureBox<P, T> } ?? true) && contexts.allSatisfy { $0.1 is ClosureBox<P, T> },
            "a box made for another factory type")
        return WiringEdit(registration: registration, scope: scope, contexts: contexts)
    }

    /// The factory's id, for ``ContainerManager/wiring(of:)`` and ``ContainerManager/rewire(_:from:_:)``.
    package var slotID: Int { id }
}
