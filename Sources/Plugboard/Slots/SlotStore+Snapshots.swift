/// A store's fields saved and put back, for `push()` and `pop()`.
extension SlotStore {
    /// Every slot's current fields, for `push()`. Singleton mirrors are left out: the scope may drop its
    /// instance before `pop()`, and a saved copy would bring it back.
    func snapshot() -> [Int: SlotFields] {
        ReadSection.writing(under: writeLock) {
            var saved: [Int: SlotFields] = [:]
            for (index, slot) in owned.enumerated() {
                saved[idsInUse[index]] = slot.state.withCurrent { $0.withoutMirror.fields }
            }
            return saved
        }
    }

    /// Puts back the fields of a snapshot; slots made since then return to empty (`pop()`).
    ///
    /// Each slot is published as any write is (``Slot/publish(_:builtAt:)``): after a reload, a resolution
    /// that began before it still reads past the new state to the one of its epoch. What the program set is
    /// put back as it was saved; a field that came from a profile when it was saved, and still does, stays as
    /// the profile has it now (the running generation's); an instance that a rewiring dropped since (and may
    /// have handed to a disposal action), or one kept for wiring that changed, is not put back.
    func restore(_ saved: [Int: SlotFields]) {
        ReadSection.writing(under: writeLock) {
            // While a change is staged on another thread: at once, and the staged change is made again over it.
            // On its last run the staged writes stay as they are and land over the restored states: a restored
            // state would bring back instances the change dropped (and its disposal shuts down), and lose the
            // change for good.
            if stagingThread != 0 && stagingThread != ThreadIdentity.current && !staged!.isEmpty
                && !stagingExclusive
            {
                stageConflicted = true
            }
            var replaced: [Unmanaged<AnyObject>] = []
            for (index, slot) in owned.enumerated() {
                let fields = slot.state.withCurrent { Self.restored(saved[idsInUse[index]], over: $0.fields) }
                replaced.append(slot.publish(fields))
            }
            ReadSection.shared.retire(replaced)
        }
    }

    /// What `pop()` publishes for one slot: `saved` (empty fields when the slot was made since the push) over
    /// `current`, as ``restore(_:)`` says.
    private static func restored(_ saved: SlotFields?, over current: SlotFields) -> SlotFields {
        var fields = saved ?? SlotFields()
        // A state saved before the factory's getter ran (or while it ran) lacks some of its definition: keep the
        // current record, to be put back whole on the next resolution (see `DefinitionRecord`).
        if let record = current.definition, record !== fields.definition {
            fields.definition = record
            fields.definitionApplied = false
        }
        let savedWiring = (fields.registration, fields.scope)
        // A field a profile set then and sets now: the running generation's value.
        let savedFlags = fields.rewiredByProfile
        let profiled = savedFlags.intersection(current.rewiredByProfile)
        if profiled.contains(.registration) { fields.registration = current.registration }
        if profiled.contains(.scope) { fields.scope = current.scope }
        if profiled.contains(.contexts) {
            fields.contexts = current.contexts
            fields.hasArgumentContexts = current.hasArgumentContexts
        }
        fields.rewiredByProfile = savedFlags  // the assignments above cleared them
        if fields.keepsInstances
            && (fields.keepsInstancesDroppedByRewiring || savedWiring.0 !== fields.registration
                || savedWiring.1 !== fields.scope)
        {
            fields.clearCache()
        }
        return fields
    }
}
