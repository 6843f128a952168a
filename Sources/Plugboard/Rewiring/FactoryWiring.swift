/// What a profile may set on one factory: its registration, scope and context overrides. A reload keeps the
/// wiring the code made (before any profile applied) and rebuilds each changed factory's from it.
package struct FactoryWiring: @unchecked Sendable {
    var registration: AnyObject?
    var scope: Scope?
    var contexts = ContextOverrides()
    var hasArgumentContexts = false
    var definitionApplied = false

    init(_ fields: SlotFields) {
        registration = fields.registration
        scope = fields.scope
        contexts = fields.contexts
        hasArgumentContexts = fields.hasArgumentContexts
        definitionApplied = fields.definitionApplied
    }

    /// What tells two factories' wiring apart in a test of two containers: whether a registration is set, the
    /// scope, and how many contexts are overridden (closures made by two containers are never the same object).
    package var shape: String {
        let scope = self.scope.map { "\($0.kind) #\($0.serial)" } ?? "none"
        let registered = registration == nil ? "definition" : "registered"
        return "\(registered), scope \(scope), \(contexts.entries.count) contexts"
    }

    /// Takes from `fields` what the program wrote since a profile last rewired them (a `register` after the
    /// launch, or one that collided with a reload's stage): that is now the code's wiring, which the factory
    /// gets back once the profiles stop naming it.
    mutating func takeProgramWrites(in fields: borrowing SlotFields) {
        let kept = fields.rewiredByProfile
        guard kept != .all else { return }
        if !kept.contains(.registration) {
            registration = fields.registration
            definitionApplied = fields.definitionApplied
        }
        if !kept.contains(.scope) { scope = fields.scope }
        if !kept.contains(.contexts) {
            contexts = fields.contexts
            hasArgumentContexts = fields.hasArgumentContexts
        }
    }
}
