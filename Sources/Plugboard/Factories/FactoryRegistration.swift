import Foundation

/// What a `Factory` or `ParameterFactory` carries: its container's manager, its interned key, and its own
/// definition. Resolution reads the manager's published settings for that key; modifiers write them.
///
/// Four words in all, so that a factory travels in registers and is dropped with two releases: the manager
/// rather than the container (a factory of a temporary container, `Container().service()`, stays valid,
/// since the manager keeps everything it resolves from), and the key's number and flags in one word.
public struct FactoryRegistration<P, T>: Sendable {
    /// The container's manager, retained.
    @usableFromInline let manager: ContainerManager
    /// The key's number and the factory's flags (see ``RegistrationWord``).
    @usableFromInline var word: UInt
    /// The factory's own definition.
    @usableFromInline let factory: FactoryBody<P, T>

    /// A `ParameterFactory`'s registration: parameter factories may resolve themselves with other parameters.
    @inlinable @inline(__always)
    init(
        container: any ManagedContainer, key: StaticString, factory: @escaping ParameterFactoryClosure<P, T>
    ) {
        let manager = Self.preparedManager(of: container)
        self.init(
            manager: manager, id: FactoryKey(key, P.self, T.self).id, flags: RegistrationWord.repeatable,
            factory: FactoryBody(IsolatedFactoryClosure.taking(factory, site: key)))
    }

    /// A `Factory`'s registration: a closure that takes no parameter, kept as written (see ``FactoryBody``).
    @inlinable @inline(__always)
    init(
        container: any ManagedContainer, key: StaticString, plain factory: @escaping FactoryClosure<T>
    ) {
        let manager = Self.preparedManager(of: container)
        self.init(
            manager: manager, id: FactoryKey(key, P.self, T.self).id, flags: RegistrationWord.plain,
            factory: FactoryBody(plain: IsolatedFactoryClosure.plain(factory, site: key)))
    }

    /// A registration under a key made at run time (type-keyed registrations, `Resolver`), whose own
    /// definition takes no parameter.
    init(container: any ManagedContainer, key: FactoryKey, plain factory: @escaping @Sendable () -> T) {
        let manager = Self.preparedManager(of: container)
        self.init(manager: manager, id: key.id, flags: RegistrationWord.plain, factory: FactoryBody(plain: factory))
    }

    @inlinable @inline(__always)
    init(manager: ContainerManager, id: Int, flags: UInt, factory: FactoryBody<P, T>) {
        self.manager = manager
        self.word = UInt(truncatingIfNeeded: id) & 0xFFFF_FFFF | flags  // masked: the flags above are known clear
        self.factory = factory
    }

    /// Making a factory is the container's first use when nothing touched it yet: `autoRegister()` runs here,
    /// while the container is surely alive. It runs before the factory's closure is stored: a call the
    /// optimizer cannot see into, between that store and the end of the caller's closure, would cost every
    /// getter a retain and a release of the closure's context.
    @inlinable @inline(__always)
    static func preparedManager(of container: any ManagedContainer) -> ContainerManager {
        let manager = container.manager
        manager.prepare(container)
        return manager
    }

    /// The factory's identity in every container and singleton scope.
    public var key: FactoryKey { FactoryKey(id: id) }

    /// The key's number: the index of the factory's slot.
    @inlinable var id: Int { RegistrationWord.id(word) }

    @inlinable var pastOnce: Bool {
        get { word & RegistrationWord.pastOnce != 0 }
        set { word = newValue ? word | RegistrationWord.pastOnce : word & ~RegistrationWord.pastOnce }
    }

    /// Calls the factory's own definition, in whichever form it was written (see ``FactoryBody``).
    @inlinable @inline(__always)
    func callDefinition(_ parameters: P) -> T {
        factory.call(parameters, plain: word & RegistrationWord.plain != 0)
    }

    @inlinable var isPromise: Bool {
        get { word & RegistrationWord.promise != 0 }
        set { word = newValue ? word | RegistrationWord.promise : word & ~RegistrationWord.promise }
    }

    /// The name of the container that owns this factory, as messages spell it (see ``ContainerManager``).
    public var containerName: String { manager.ownerName }

    // MARK: Resolution

    /// Resolves through the fast path when the slot's published route and the container's settings allow
    /// it (a plain definition or registration, a cached or singleton hit), and through ``resolveInFull`` else.
    @inlinable @inline(__always)
    func resolve(_ parameters: P) -> T {
        let id = id
        var flags = manager.settingsFlags.load(ordering: .acquiring)
        if _slowPath(flags & ManagerSettings.pendingAutoRegister != 0) {
            // A factory kept from before a reset: run `autoRegister()` as making a factory would, outside this
            // resolution's frame (it may resolve this very factory).
            manager.autoRegisterForKeptFactory()
            flags = manager.settingsFlags.load(ordering: .acquiring)
        }
        let frame = ResolutionTracker.Frame(manager: manager, word: word)
        return ThreadResolutions.within(frame) {
            guard let state = manager.slotTable._withUnsafeGuaranteedRef({ $0.state(id) }) else {
                if _fastPath(
                    flags & (ManagerSettings.hasDefaultScope | ManagerSettings.observesResolutions) == 0
                        && word & (RegistrationWord.promise | RegistrationWord.scopeMask) == 0)
                {
                    return callDefinition(parameters)
                }
                return resolveInFull(manager, parameters)
            }
            return state._withUnsafeGuaranteedRef { state in
                let observed = flags & ManagerSettings.observesResolutions != 0
                if !observed, let hit = state.hit {
                    return unsafeDowncast(hit, to: CachedInstance<T>.self).value
                }
                let defaulted = observed || flags & ManagerSettings.hasDefaultScope != 0
                // A slot without a scope whose factory carries one lost it to a reset: `resolveInFull` restores it.
                let ownDefinition = word & (RegistrationWord.promise | RegistrationWord.scopeMask) == 0
                let ownRegistration = word & RegistrationWord.scopeMask == 0
                switch state.route {
                case .definition where !defaulted && ownDefinition, .uniqueDefinition where !observed && !isPromise:
                    return callDefinition(parameters)
                case .registration where !defaulted && ownRegistration, .uniqueRegistration where !observed:
                    // The published state keeps the box alive for this frame: call it without retaining it.
                    let registered = Unmanaged.passUnretained(state.fields.registration.unsafelyUnwrapped)
                    return registered._withUnsafeGuaranteedRef {
                        unsafeDowncast($0, to: ClosureBox<P, T>.self).body(parameters)
                    }
                default:
                    break
                }
                return resolveInFull(manager, parameters)
            }
        }
    }

    /// Every other resolution: reads the slot's fields and the container's settings one by one. Runs inside
    /// the resolution's frame, so inside the read section.
    @inlinable
    func resolveInFull(_ manager: ContainerManager, _ parameters: P) -> T {
        manager.settings.withCurrent { settings in
            manager.slots.withFields(id) { fields in
                if lostScope(fields) && restoreScope() {
                    return resolveInFull(manager, parameters)
                }
                if !fields.definitionApplied && fields.definition != nil {
                    restoreDefinition()
                    return resolveInFull(manager, parameters)
                }
                return produce(fields, settings, manager, parameters)
            }
        }
    }

    @inlinable @inline(__always)
    func produce(_ fields: SlotFields, _ settings: ManagerSettings, _ manager: ContainerManager, _ parameters: P) -> T {
        let instance: T
        if let scope = fields.scope ?? settings.defaultScope, scope.kind != .unique {
            instance = scoped(scope, fields, settings, manager, parameters)
        } else {
            instance = make(fields, settings, parameters)
        }
        if let decorator = fields.decorator {
            unsafeDowncast(decorator, to: DecoratorClosure<T>.self).body(instance)
        }
        if let decorator = settings.decorator {
            decorator(instance)
        }
        if settings.trace {
            traceResolution(settings, instance, scope: fields.scope ?? settings.defaultScope)
        }
        return instance
    }

    /// Builds a new instance: a matching context override, else the registration, else the definition.
    @inlinable @inline(__always)
    func make(_ fields: SlotFields, _ settings: ManagerSettings, _ parameters: P) -> T {
        if !fields.contexts.isEmpty,
            let found = FactoryContext.matching(fields.contexts, checkArguments: fields.hasArgumentContexts)
        {
            return unsafeDowncast(found, to: ClosureBox<P, T>.self).body(parameters)
        }
        if let registered = fields.registration {
            return unsafeDowncast(registered, to: ClosureBox<P, T>.self).body(parameters)
        }
        if isPromise && settings.promiseTriggersError {
            unfulfilledPromise()
        }
        return callDefinition(parameters)
    }

    @usableFromInline
    func unfulfilledPromise() -> Never {
        fatalError("Plugboard: \(containerName).\(key.name) is promised() but nothing was registered for it")
    }

    @inlinable
    func scoped(
        _ scope: Scope, _ fields: SlotFields, _ settings: ManagerSettings, _ manager: ContainerManager, _ parameters: P
    ) -> T {
        switch scope.kind {
        case .cached, .shared:
            let parameterKey = self.parameterKey(fields)
            if let hit = cachedInstance(fields, scope, fields.timeToLive, parameterKey, parameters) {
                return hit
            }
            return build(in: manager.slots, scope, fields.timeToLive, parameterKey, parameters) {
                // Rebuild from the fields current under the build lock: a register may have happened meanwhile.
                manager.slots.withFields(id) { make($0, settings, parameters) }
            }
        case .singleton:
            let singleton = unsafeDowncast(scope, to: Scope.Singleton.self)
            let parameterKey = self.parameterKey(fields)
            var built = false
            let instance = singleton.withStore { store in
                let hit = store.withFields(id) { host in
                    cachedInstance(host, scope, fields.timeToLive, parameterKey, parameters)
                }
                if let hit { return hit }
                built = true
                return build(in: store, scope, fields.timeToLive, parameterKey, parameters) {
                    manager.slots.withFields(id) { make($0, settings, parameters) }
                }
            }
            if built {
                // The build may have replaced an instance that other containers copied (one whose time to live
                // expired here): they must serve the new one.
                singleton.dropMirrors(of: id)
            }
            if fields.cached == nil && fields.scope === scope && SlotState.Route(fields) == .singleton
                && singleton.activeIsolations.load(ordering: .relaxed) == 0
            {
                // Later hits are served from this container's own state (see `SingletonMirrors`).
                singleton.mirror(id, into: manager.slots, generation: fields.generation)
            }
            return instance
        case .graph:
            let graphKey = ResolutionTracker.GraphKey(store: ObjectIdentifier(manager), id: id)
            let tracker = ThreadResolutions.current
            if let found = tracker._withUnsafeGuaranteedRef({ $0.graphInstance(graphKey) }) {
                return unsafeDowncast(found, to: CachedInstance<T>.self).value
            }
            let instance = make(fields, settings, parameters)
            if Self.keepsInGraph(instance) {
                tracker._withUnsafeGuaranteedRef {
                    $0.keepGraphInstance(CachedInstance(instance, created: 0), for: graphKey)
                }
            }
            return instance
        case .unique:
            return make(fields, settings, parameters)
        }
    }

    /// How scoped instances are keyed: by the slot's parameter key, or by the one this factory's definition
    /// carries when the slot lost it (a reset, a `pop()`, another thread between `.cached` and
    /// `.scopeOnParameters`). Never one instance for all parameters when the definition says otherwise.
    @inlinable @inline(__always)
    func parameterKey(_ fields: borrowing SlotFields) -> AnyObject? {
        if let key = fields.parameterKey { return key }
        return word & RegistrationWord.parameterKeyed != 0 ? ParameterKeys.key(for: id) : nil
    }

    /// Remembers in the factory's word that its definition keys its scoped instances by parameter.
    @inlinable @inline(__always)
    mutating func carryParameterKey() {
        word |= RegistrationWord.parameterKeyed
    }

    /// Whether the graph scope keeps `instance` for the rest of its resolution: always for a `Factory`; for a
    /// ``Resolver`` registration only an object, as Resolver's graph scope does (a struct is made anew for each
    /// injection).
    @usableFromInline
    static func keepsInGraph(_ instance: T) -> Bool {
        guard P.self == Resolver.Call.self else { return true }
        guard let service = ((instance as Any) as? any OptionalService)?.wrappedService ?? (instance as Any?) else {
            return false
        }
        return type(of: service) is AnyClass
    }

    /// The instance `scope` keeps in `host` for these parameters, if it is still valid.
    @inlinable @inline(__always)
    func cachedInstance(
        _ host: SlotFields, _ scope: Scope, _ timeToLive: Double?, _ parameterKey: AnyObject?, _ parameters: P
    ) -> T? {
        guard host.cacheScope == ObjectIdentifier(scope) else { return nil }
        let entry: AnyObject?
        if let parameterKey {
            entry = host.cachedByParameter[unsafeDowncast(parameterKey, to: ParameterKey<P>.self).key(parameters)]
        } else {
            entry = host.cached
        }
        guard let entry else { return nil }
        if scope.kind == .shared {
            let weak = unsafeDowncast(entry, to: WeakCachedInstance.self)
            guard let object = weak.object, Self.isFresh(weak.created, timeToLive) else { return nil }
            return (object as! T)  // the shared scope keeps objects weakly, as AnyObject
        }
        let strong = unsafeDowncast(entry, to: CachedInstance<T>.self)
        guard Self.isFresh(strong.created, timeToLive) else { return nil }
        return strong.value
    }

    @inlinable @inline(__always)
    static func isFresh(_ created: Double, _ timeToLive: Double?) -> Bool {
        guard let timeToLive else { return true }
        return MonotonicClock.now() - created < timeToLive
    }

    /// Builds and stores a scoped instance once, however many threads ask for it at the same moment.
    @usableFromInline
    func build(
        in store: SlotStore, _ scope: Scope, _ timeToLive: Double?, _ parameterKey: AnyObject?, _ parameters: P,
        _ make: () -> T
    ) -> T {
        let slot = store.slot(id)
        slot.buildLock.lock()
        defer { slot.buildLock.unlock() }
        let (hit, generation) = ReadSection.read {
            store.withFields(id) { host in
                (cachedInstance(host, scope, timeToLive, parameterKey, parameters), host.generation)
            }
        }
        if let hit { return hit }
        let instance = ReadSection.read { make() }
        let created = timeToLive == nil ? 0 : MonotonicClock.now()
        let entry: AnyObject =
            scope.kind == .shared
            ? WeakCachedInstance(instance as AnyObject, created: created)
            : CachedInstance(instance, created: created)
        let scopeID = ObjectIdentifier(scope)
        store.update(id) { host in
            // A register or reset since the build started makes this instance stale: hand it out, keep nothing.
            guard host.generation == generation else { return false }
            if host.cacheScope != scopeID {
                host.cached = nil
                host.cachedByParameter = [:]
                host.cacheScope = scopeID
            }
            if let parameterKey {
                host.cachedByParameter[unsafeDowncast(parameterKey, to: ParameterKey<P>.self).key(parameters)] = entry
            } else {
                host.cached = entry
            }
            return true
        }
        return instance
    }

    @usableFromInline
    func traceResolution(_ settings: ManagerSettings, _ instance: T, scope: Scope?) {
        let scopeName = scope.map { " (\(String(describing: type(of: $0))))" } ?? ""
        let line = "\(containerName).\(key.name)<\(T.self)> = \(type(of: instance as Any))\(scopeName)"
        let frames = ThreadResolutions.current._withUnsafeGuaranteedRef { $0.frames }
        // The graph's root: the outermost resolution, or one whose parent's container does not trace.
        let isRoot = frames.count < 2 || !frames[frames.count - 2].manager._withUnsafeGuaranteedRef { $0.trace }
        TraceOrder.finished(
            TraceOrder.Entry(depth: max(1, frames.count), line: line, log: settings.logger), isRoot: isRoot)
    }

    // MARK: Changes

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
            FactoryKey.literalAddress(caller), UInt(bitPattern: ObjectIdentifier(P.self)),
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
    func register(_ factory: @escaping @Sendable (P) -> T) {
        let quiet = manager.isAutoRegisteringOnThisThread
        let box = ClosureBox(factory)
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

    /// Sets the scope in the container only: for registrations that are not kept as factories (``Resolver``).
    @inlinable @inline(__always)
    func applyScope(_ scope: Scope) {
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
        let carried = serial <= RegistrationWord.maxScopeSerial ? serial &<< RegistrationWord.scopeShift : 0
        let beforeOnce = pastOnce ? 0 : RegistrationWord.scopeBeforeOnce
        word = word & ~(RegistrationWord.scopeMask | RegistrationWord.scopeBeforeOnce) | carried | beforeOnce
    }

    /// True when this factory carries a scope that its slot no longer has: a reset cleared it since the factory
    /// was made. A scope set from outside, or a slot that `once()` sealed before the scope's modifier ran, is
    /// not lost.
    @inlinable @inline(__always)
    func lostScope(_ fields: borrowing SlotFields) -> Bool {
        fields.scope == nil && word & RegistrationWord.scopeMask != 0
            && !(fields.onceSealed && word & RegistrationWord.scopeBeforeOnce != 0)
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
            for context in contexts {
                switch context {
                case .args(let arguments):
                    for argument in arguments { fields.contexts[.arg(argument)] = box }
                    fields.hasArgumentContexts = fields.hasArgumentContexts || !arguments.isEmpty
                case .arg:
                    fields.contexts[context] = box
                    fields.hasArgumentContexts = true
                default:
                    fields.contexts[context] = box
                }
            }
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

    /// Inlined, so that the decorator's words are read where its type is known (see ``ClosureIdentity``).
    @inlinable @inline(__always)
    func setDecorator(_ decorator: @escaping @Sendable (T) -> Void, caller: StaticString = "") {
        writeDecorator(decorator, identity: ClosureIdentity.words(of: decorator), caller: caller)
    }

    @usableFromInline
    func writeDecorator(_ decorator: @escaping @Sendable (T) -> Void, identity: DecoratorIdentity, caller: StaticString)
    {
        if alreadyHolds({ fields in
            fields.decorator.map { unsafeDowncast($0, to: DecoratorClosure<T>.self).identity == identity } ?? false
        }) {
            return
        }
        let box = DecoratorClosure(decorator, identity: identity)
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
                fields.generation = Generation.next()
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
                fields.contexts = ContextOverrides()
                fields.hasArgumentContexts = false
                fields.definitionApplied = fields.definition == nil
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

/// A factory's key number and flags in one word: the number in the low 32 bits, the flags above.
@usableFromInline
enum RegistrationWord {
    /// Parameter factories may resolve themselves with other parameters; plain factories may not (a cycle).
    @inlinable static var repeatable: UInt { 1 << 32 }
    /// Set by `once()`: later modifiers in the chain apply even once the slot is sealed.
    @inlinable static var pastOnce: UInt { 1 << 33 }
    /// Set by `promised()`.
    @inlinable static var promise: UInt { 1 << 34 }
    /// The definition is a plain `() -> T` (see ``FactoryBody``).
    @inlinable static var plain: UInt { 1 << 35 }
    /// The carried scope was set before `once()`, so a sealed slot keeps it out.
    @inlinable static var scopeBeforeOnce: UInt { 1 << 36 }
    /// Set by `scopeOnParameters`: the factory's scoped instances are kept per parameter, whatever its slot
    /// says at the moment (see ``ParameterKeys``).
    @inlinable static var parameterKeyed: UInt { 1 << 37 }
    /// Where the serial of the scope the factory carries starts (0 for none; see ``Scope/serial``).
    @inlinable static var scopeShift: UInt { 38 }
    /// The bits of the carried scope's serial.
    @inlinable static var scopeMask: UInt { ~0 &<< scopeShift }
    /// The largest serial the word carries.
    @inlinable static var maxScopeSerial: UInt { scopeMask &>> scopeShift }

    /// The key's number in `word`.
    @inlinable @inline(__always)
    static func id(_ word: UInt) -> Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }

    /// The serial of the scope `word` carries, or 0.
    @inlinable @inline(__always)
    static func scopeSerial(_ word: UInt) -> UInt { word &>> scopeShift }
}

/// Seconds on a clock that never goes backwards, for `timeToLive`.
@usableFromInline
enum MonotonicClock {
    @usableFromInline
    static func now() -> Double {
        ProcessInfo.processInfo.systemUptime
    }
}
