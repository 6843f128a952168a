/// A store's states saved and put back, for `push()` and `pop()`.
extension SlotStore {
    /// Every slot's current state, for `push()`. Singleton mirrors are left out: the scope may drop its
    /// instance before `pop()`, and a saved copy would bring it back.
    func snapshot() -> [Int: SlotState] {
        ReadSection.writing(under: writeLock) {
            var states: [Int: SlotState] = [:]
            for (index, slot) in owned.enumerated() {
                states[idsInUse[index]] = slot.state.withCurrent { $0.withoutMirror }
            }
            return states
        }
    }

    /// Puts back the states of a snapshot; slots made since then return to empty (`pop()`).
    func restore(_ states: [Int: SlotState]) {
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
            restoreLocked(states)
        }
    }

    private func restoreLocked(_ states: [Int: SlotState]) {
        for (index, slot) in owned.enumerated() {
            var state = states[idsInUse[index]] ?? SlotState.empty
            // A state saved before the factory's getter ran (or while it ran) lacks some of its definition: keep
            // the current record, to be put back whole on the next resolution (see `DefinitionRecord`).
            if let record = slot.state.withCurrent({ $0.fields.definition }), record !== state.fields.definition {
                var fields = state.fields
                fields.definition = record
                fields.definitionApplied = false
                state = SlotState(fields)
            }
            slot.state.replace(with: state)
            slot.summary.store(Slot.summary(of: state.fields), ordering: .releasing)
        }
    }
}
