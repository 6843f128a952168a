/// A prepared closure, boxed as the engine stores a factory's registration and type-erased until the typed
/// factory that made the declaration gets it back: what checking an implementation or a value yields at launch.
/// Boxed when prepared, so that applying it to a factory, at launch or on a reload, neither casts nor boxes it.
package struct PreparedClosure: @unchecked Sendable {
    package let box: AnyObject

    package init(box: AnyObject) {
        self.box = box
    }

    /// Stands for the factory's own definition (`default` inside `contexts`): the declaration's `apply` puts the
    /// definition there, so that declaring a factory makes no closure for it.
    package static let definition = PreparedClosure(box: DefinitionMarker())

    package var isDefinition: Bool { box is DefinitionMarker }

    private final class DefinitionMarker {}
}
