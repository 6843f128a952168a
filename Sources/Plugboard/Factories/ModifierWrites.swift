import Foundation

/// What the modifiers write to a factory's slot (scope, contexts, decorator, time to live, `once()`), and
/// `register` and the resets: the writers' side of the engine, under the store's lock.
extension FactoryRegistration {
    /// Applies a change to this factory's slot, unless `once()` sealed it and this modifier comes before `once()`.
    @usableFromInline
    func write(ignoringSeal: Bool = false, fromDefinition: Bool = false, _ change: (inout SlotFields) -> Bool) {
        let sealedOut = !ignoringSeal && !pastOnce
        manager.slots.update(id) { fields in
            if sealedOut && fields.onceSealed { return false }
            return fromDefinition ? fields.applyDefinitionChange(change) : change(&fields)
        }
    }

    /// Whether a modifier called from `caller` (its `#function`) belongs to this factory's own definition: the
    /// getter whose `self { }` made the factory, same key and types. A probe of the key table.
    @usableFromInline
    func isDefinedBy(_ caller: StaticString) -> Bool {
        FactoryKeyRegistry.find(
            KeyAddress.literal(caller), UInt(bitPattern: ObjectIdentifier(P.self)),
            UInt(bitPattern: ObjectIdentifier(T.self))) == id
    }

    /// Puts the definition's modifiers back where a reset or `pop()` took them (see ``DefinitionRecord``),
    /// unless another thread did first.
    @usableFromInline
    func restoreDefinition() {
        manager.slots.update(id) { fields in
            guard !fields.definitionApplied, fields.definition != nil else { return false }
            fields.applyDefinition()
            return true
        }
    }

    /// True when reading shows the change would do nothing (so the hot path takes no lock).
    @usableFromInline
    func alreadyHolds(_ test: (SlotFields) -> Bool) -> Bool {
        return ReadSection.read {
            manager.slots.withFields(id) { fields in
                test(fields) || (!pastOnce && fields.onceSealed)
            }
        }
    }

    /// True when the factory's scope has `serial`, or `once()` keeps a scope modifier from applying.
    /// Reads one published word: no lock, no read section, no reference counting.
    @inlinable @inline(__always)
    func holdsScope(serial: UInt) -> Bool {
        let summary = manager.slotTable._withUnsafeGuaranteedRef { $0.summary(id) }
        return summary >> 1 == serial || (!pastOnce && summary & 1 == 1)
    }

    @usableFromInline
    package func register(_ factory: @escaping @Sendable (P) -> T) {
        register(boxed: ClosureBox(factory))
    }

    /// Registers a closure boxed for this factory's `P` and `T`.
    func register(boxed box: AnyObject) {
        assert(box is ClosureBox<P, T>, "a box made for another factory type")
        let quiet = manager.isAutoRegisteringOnThisThread
        var scope: Scope?
        manager.slots.update(id) { fields in
            fields.registration = box
            if !quiet { fields.clearCache() }
            scope = fields.scope
            return true
        }
        if !quiet {
            clearSingleton(scope ?? manager.defaultScope)
        }
    }

    /// Replaces the closure, and the scope when one is given, without dropping what a scope keeps: Resolver's
    /// registrations, whose scopes key their instances by type and name, so that an instance a scope already
    /// holds survives a new registration. An instance kept under another scope stays tagged with it and is
    /// found again only if the registration returns to that scope.
    package func registerKeepingInstances(_ factory: @escaping @Sendable (P) -> T, scope: Scope?) {
        let box = ClosureBox(factory)
        manager.slots.update(id) { fields in
            fields.registration = box
            if let scope { fields.scope = scope }
            return true
        }
    }

    /// Sets the scope without dropping what another scope keeps (see ``registerKeepingInstances(_:scope:)``).
    package func applyScopeKeepingInstances(_ scope: Scope) {
        manager.slots.update(id) { fields in
            guard fields.scope !== scope else { return false }
            fields.scope = scope
            return true
        }
    }

    /// Sets one of the five shared scopes, loading its object only when the factory does not have it yet.
    /// `mutating` only so that modifiers reach it in place instead of through a copy of the registration.
    @inlinable @inline(__always)
    mutating func setBuiltinScope(_ serial: UInt, _ scope: () -> Scope) {
        if holdsScope(serial: serial) { return }
        writeScope(scope())
    }

    /// Sets `scope` in the container and returns the registration carrying it (see ``carryScope(_:)``).
    @inlinable @inline(__always)
    consuming func scoped(_ scope: Scope) -> Self {
        applyScope(scope)
        var carrying = consume self
        carrying.carryScope(scope.serial)
        return carrying
    }

    /// Sets the scope in the container only: for registrations that are not kept as factories (`PlugboardResolver`).
    @inlinable @inline(__always)
    package func applyScope(_ scope: Scope) {
        if holdsScope(serial: scope.serial) { return }
        writeScope(scope)
    }

    /// Remembers the scope's serial in the factory's word, and whether `once()` came after it: a factory kept
    /// in a variable brings its scope back when a reset has cleared its slot (see ``restoreScope()``), as its
    /// container's getter would on the next access. A serial too large for the word is not carried.
    ///
    /// Callers change the word only after the scope is applied, on the consumed value: a write to the factory
    /// while it is still being read made the optimizer retain a copy of the manager around those reads.
    @inlinable @inline(__always)
    mutating func carryScope(_ serial: UInt) {
        let beforeOnce = pastOnce ? 0 : RegistrationWord.scopeBeforeOnce
        word = RegistrationWord.carrying(scope: serial, in: word & ~RegistrationWord.scopeBeforeOnce) | beforeOnce
    }

    /// True when this factory carries a scope that its slot no longer has: a reset cleared it since the factory
    /// was made. A scope set from outside, or a slot that `once()` sealed before the scope's modifier ran, is
    /// not lost.
    @inlinable @inline(__always)
    func lostScope(_ fields: borrowing SlotFields) -> Bool {
        fields.scope == nil && word & RegistrationWord.scopeMask != 0
            && !(fields.onceSealed && word & RegistrationWord.scopeBeforeOnce != 0)
    }

    /// `fields` with what a reset took out put back, as ``restoreScope()`` and ``restoreDefinition()`` would
    /// write it: for a state a reload replaced, which a resolution that started before reads and never writes.
    @usableFromInline
    func restored(_ fields: SlotFields) -> SlotFields {
        var fields = fields
        if lostScope(fields), let scope = ScopeRegistry.shared.scope(RegistrationWord.scopeSerial(word)) {
            fields.scope = scope
        }
        if !fields.definitionApplied { fields.applyDefinition() }
        return fields
    }

    /// Puts the scope this factory carries back into its slot (see ``lostScope(_:)``), unless another thread
    /// did first. False when the scope object is gone, so there is nothing to put back: then the factory
    /// resolves as its slot says.
    @usableFromInline
    func restoreScope() -> Bool {
        guard let scope = ScopeRegistry.shared.scope(RegistrationWord.scopeSerial(word)) else { return false }
        manager.slots.update(id) { fields in
            guard lostScope(fields) else { return false }
            fields.scope = scope
            fields.clearCache()
            return true
        }
        return true
    }

    @usableFromInline
    func writeScope(_ scope: Scope) {
        write { fields in
            guard fields.scope !== scope else { return false }
            fields.scope = scope
            fields.clearCache()
            return true
        }
    }

    @usableFromInline
    func setContexts(
        _ contexts: [FactoryContextType], _ definition: @escaping ParameterFactoryClosure<P, T>, caller: StaticString
    ) {
        let factory = IsolatedFactoryClosure.taking(definition, site: caller)
        if alreadyHolds({ Self.holds(factory, for: contexts, in: $0) }) { return }
        let box = ClosureBox(factory)
        write(fromDefinition: isDefinedBy(caller)) { fields in
            for context in contexts { fields.setContext(context, box) }
            return true
        }
    }

    /// True when every one of `contexts` already resolves with this very closure (see ``ClosureIdentity``).
    static func holds(
        _ factory: @escaping @Sendable (P) -> T, for contexts: [FactoryContextType], in fields: SlotFields
    ) -> Bool {
        func holds(_ context: FactoryContextType) -> Bool {
            guard let box = fields.contexts[context] else { return false }
            return ClosureIdentity.same(unsafeDowncast(box, to: ClosureBox<P, T>.self).body, factory)
        }
        for context in contexts {
            if case .args(let arguments) = context {
                guard arguments.allSatisfy({ holds(.arg($0)) }) else { return false }
            } else if !holds(context) {
                return false
            }
        }
        return true
    }

    /// Inlined, so that the decorator's words are read where its type is known (see ``ClosureIdentity``). The
    /// closure adapting a one-argument decorator is made only when the decorator is written, not on each getter
    /// access that finds it there already.
    @inlinable @inline(__always)
    package func setDecorator(_ decorator: @escaping (T) -> Void, caller: StaticString = "") {
        let identity = ClosureIdentity.words(of: decorator)
        if holdsDecorator(identity) { return }
        writeDecorator(DecoratorClosure({ instance, _ in decorator(instance) }, identity: identity), caller: caller)
    }

    /// The same for a decorator that is also told whether the instance is new (Factory 3's two-argument form).
    @inlinable @inline(__always)
    package func setDecorator(_ decorator: @escaping (T, Bool) -> Void, caller: StaticString = "") {
        let identity = ClosureIdentity.words(of: decorator)
        if holdsDecorator(identity) { return }
        writeDecorator(DecoratorClosure(decorator, identity: identity), caller: caller)
    }

    /// Whether the slot already has the decorator with these words (a getter applying it again).
    @usableFromInline
    func holdsDecorator(_ identity: DecoratorIdentity) -> Bool {
        alreadyHolds { fields in
            fields.decorator.map { unsafeDowncast($0, to: DecoratorClosure<T>.self).identity == identity } ?? false
        }
    }

    @usableFromInline
    func writeDecorator(_ box: DecoratorClosure<T>, caller: StaticString) {
        write(fromDefinition: isDefinedBy(caller)) { fields in
            fields.decorator = box
            return true
        }
    }

    @usableFromInline
    func setTimeToLive(_ seconds: Double, caller: StaticString) {
        if alreadyHolds({ $0.timeToLive == seconds }) { return }
        write(fromDefinition: isDefinedBy(caller)) { fields in
            guard fields.timeToLive != seconds else { return false }
            fields.timeToLive = seconds
            return true
        }
    }

    @usableFromInline
    func setParameterKey(_ key: @escaping (P) -> AnyHashable) {
        if alreadyHolds({ $0.parameterKey != nil }) { return }
        let box = ParameterKey(key)
        ParameterKeys.record(box, for: id)
        write { fields in
            guard fields.parameterKey == nil else { return false }
            fields.parameterKey = box
            // Only an instance kept for all parameters goes: ones already kept per parameter were built by
            // factories that key as this one does (see `parameterKey(_:)`), and stay right.
            fields.cached = nil
            return true
        }
    }

    @usableFromInline
    func seal(caller: StaticString) {
        if pastOnce || alreadyHolds({ $0.onceSealed }) { return }
        write(ignoringSeal: true, fromDefinition: isDefinedBy(caller)) { fields in
            guard !fields.onceSealed else { return false }
            fields.onceSealed = true
            return true
        }
    }

    @usableFromInline
    func reset(_ options: FactoryResetOptions) {
        var scope: Scope?
        switch options {
        case .none:
            return
        case .all:
            write(ignoringSeal: true) { fields in
                scope = fields.scope
                fields.resetKeepingDefinition()
                fields.cacheVersion = CacheVersion.next()
                return true
            }
        case .registration:
            write(ignoringSeal: true) { fields in
                guard fields.registration != nil else { return false }
                fields.registration = nil
                return true
            }
            return
        case .context:
            write(ignoringSeal: true) { fields in
                guard !fields.contexts.isEmpty else { return false }
                fields.resetContexts()
                return true
            }
            return
        case .scope:
            write(ignoringSeal: true) { fields in
                scope = fields.scope
                fields.clearCache()
                return true
            }
        }
        clearSingleton(scope ?? manager.defaultScope)
    }

    /// Drops this factory's instance from a singleton scope (the other scopes keep theirs in the slot itself).
    @usableFromInline
    func clearSingleton(_ scope: Scope?) {
        (scope as? Scope.Singleton)?.reset(id)
    }
}
