/// A prepared closure, type-erased until the typed factory that made the declaration gets it back: what
/// checking an implementation or a value yields at launch.
package struct PreparedClosure: @unchecked Sendable {
    package let body: Any

    package init(body: Any) {
        self.body = body
    }

    /// Stands for the factory's own definition (`default` inside `contexts`): the declaration's `apply` puts the
    /// definition there, so that declaring a factory makes no closure for it.
    package static let definition = PreparedClosure(body: DefinitionMarker())

    package var isDefinition: Bool { body is DefinitionMarker }

    private struct DefinitionMarker {}
}
