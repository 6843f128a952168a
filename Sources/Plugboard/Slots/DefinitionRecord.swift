/// What a factory's own definition (its getter's modifiers) set on its slot besides the scope and the
/// parameter key, which the factory carries in its word: context overrides, decorator, time to live, `once()`.
///
/// A slot keeps the record through resets and `pop()`, and marks whether its settings hold it
/// (``SlotFields/definitionApplied``). A resolution that finds them not holding it (a reset cleared them, or a
/// `pop()` went back to a state from before the getter ran) puts the whole record back in one write before it
/// resolves, as the getter would have: so no resolution, kept factory or not, sees some of a definition's
/// modifiers without the others.
@usableFromInline
final class DefinitionRecord: @unchecked Sendable {
    let timeToLive: Double?
    let contexts: ContextOverrides
    let hasArgumentContexts: Bool
    let decorator: AnyObject?
    let sealed: Bool

    init(
        timeToLive: Double?, contexts: ContextOverrides, hasArgumentContexts: Bool, decorator: AnyObject?, sealed: Bool
    ) {
        self.timeToLive = timeToLive
        self.contexts = contexts
        self.hasArgumentContexts = hasArgumentContexts
        self.decorator = decorator
        self.sealed = sealed
    }

    /// The record of what `fields` now hold (after a definition modifier was applied to them).
    convenience init(of fields: SlotFields, previous: DefinitionRecord?) {
        var contexts = previous?.contexts ?? ContextOverrides()
        for (context, closure) in fields.contexts.entries { contexts[context] = closure }
        self.init(
            timeToLive: fields.timeToLive ?? previous?.timeToLive,
            contexts: contexts,
            hasArgumentContexts: fields.hasArgumentContexts || previous?.hasArgumentContexts == true,
            decorator: fields.decorator ?? previous?.decorator,
            sealed: fields.onceSealed || previous?.sealed == true)
    }
}

extension SlotFields {
    /// Puts the definition's record back into these settings, as the getter's modifiers would.
    mutating func applyDefinition() {
        guard let record = definition else { return }
        if let timeToLive = record.timeToLive { self.timeToLive = timeToLive }
        for (context, closure) in record.contexts.entries { contexts[context] = closure }
        hasArgumentContexts = hasArgumentContexts || record.hasArgumentContexts
        if let decorator = record.decorator { self.decorator = decorator }
        if record.sealed { onceSealed = true }
        definitionApplied = true
    }

    /// Applies `change`, a modifier of the factory's own definition: the rest of the definition first (where a
    /// reset or `pop()` took it away), then the change, then the record of it.
    ///
    /// The record is made from the definition alone, not from these settings: a context that a test added from
    /// outside the getter (`service.onArg("mock") { ... }`) is the slot's, not the definition's, so a context
    /// reset takes it away however often the getter ran since.
    mutating func applyDefinitionChange(_ change: (inout SlotFields) -> Bool) -> Bool {
        let wasApplied = definitionApplied
        if !wasApplied { applyDefinition() }
        let changed = change(&self)
        var own = SlotFields()
        own.definition = definition
        own.applyDefinition()
        _ = change(&own)
        definition = DefinitionRecord(of: own, previous: definition)
        definitionApplied = true
        return changed || !wasApplied
    }

    /// Clears the context overrides. The next resolution puts the definition's back, as the getter would,
    /// unless `once()` sealed the definition: then, as in Factory, the getter no longer applies them.
    mutating func resetContexts() {
        contexts = ContextOverrides()
        hasArgumentContexts = false
        definitionApplied = definition == nil || onceSealed
    }

    /// Makes `box` (a `ClosureBox<P, T>`) the override for `context`; `.args` sets one per argument.
    mutating func setContext(_ context: FactoryContextType, _ box: AnyObject) {
        switch context {
        case .args(let arguments):
            for argument in arguments { contexts[.arg(argument)] = box }
            hasArgumentContexts = hasArgumentContexts || !arguments.isEmpty
        case .arg:
            contexts[context] = box
            hasArgumentContexts = true
        default:
            contexts[context] = box
        }
    }

    /// Cleared settings that keep the definition's record, to be put back on the next resolution.
    mutating func resetKeepingDefinition() {
        let record = definition
        self = SlotFields()
        definition = record
    }
}
