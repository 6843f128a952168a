import Foundation

/// The resolution algorithm: the fast route from the slot's published state, and everything else in
/// ``resolveInFull(_:_:)`` (registrations, contexts, scopes, decorators, trace).
extension FactoryRegistration {
    /// Resolves through the fast path when the slot's published route and the container's settings allow
    /// it (a plain definition or registration, a cached or singleton hit), and through ``resolveInFull`` else.
    @inlinable @inline(__always)
    package func resolve(_ parameters: P) -> T {
        let id = id
        var flags = manager.settingsFlags.load(ordering: .acquiring)
        if _slowPath(flags & ManagerSettings.pendingAutoRegister != 0) {
            // A factory kept from before a reset: run `autoRegister()` as making a factory would, outside this
            // resolution's frame (it may resolve this very factory).
            manager.autoRegisterForKeptFactory()
            flags = manager.settingsFlags.load(ordering: .acquiring)
        }
        let frame = ResolutionTracker.Frame(owner: Unmanaged.passUnretained(manager).toOpaque(), word: word)
        return ThreadResolutions.within(frame) { tracker in
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
                // Only a state that every resolution may read has a hit (see `SlotState.hit`).
                if !observed, let hit = state.hit {
                    return unsafeDowncast(hit, to: CachedInstance<T>.self).value
                }
                // A reload published this state after the outermost resolution started: read what it replaced.
                // (A stamped state's route is the general one: `resolveInFull` notes its stamp for a build.)
                if _slowPath(state.stamp > tracker.state.pointee.epoch) {
                    return resolveInFull(manager, parameters)
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

    /// Every other resolution: reads the slot's fields, as of the wiring epoch the outermost resolution
    /// started in, and the container's settings one by one. Runs inside the resolution's frame, so inside the
    /// read section.
    @inlinable
    func resolveInFull(_ manager: ContainerManager, _ parameters: P) -> T {
        manager.settings.withCurrent { settings in
            manager.slots.withResolvedFields(id) { fields, read in
                // A reset cleared this slot and `autoRegister()` has not put it back: run it (or wait for it), then
                // read the slot again (another reset may have come meanwhile).
                if _slowPath(fields.awaitingAutoRegister) && !manager.isAutoRegisteringOnThisThread {
                    manager.awaitAutoRegister()
                    if read != .older { return resolveInFull(manager, parameters) }
                    // A state a reload replaced since this resolution began, marked by a reset before the reload:
                    // it stays as it is, so read the current one, which `autoRegister()` has put back. (Only in a
                    // container the reload does not rewire, whose wiring no generation changes: a reload runs the
                    // `autoRegister()` of those it rewires before it publishes; see `publishingEpoch(of:_:)`.)
                    return manager.slots.withFields(id) { current in
                        current.awaitingAutoRegister
                            ? resolveInFull(manager, parameters)
                            : produce(restored(copy current), settings, manager, parameters)
                    }
                }
                if _slowPath(read != .current) {
                    if read == .settled {
                        manager.slots.settle(id)
                    } else if lostScope(fields) || !fields.definitionApplied && fields.definition != nil {
                        // A state a reload replaced is only read: put back what a reset took out in a copy.
                        return produce(restored(copy fields), settings, manager, parameters)
                    }
                }
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
        var made = true
        if let scope = fields.scope ?? settings.defaultScope, scope.kind != .unique {
            made = false
            instance = scoped(scope, fields, settings, manager, parameters, made: &made)
        } else {
            instance = make(fields, settings, parameters)
        }
        if let decorator = fields.decorator {
            unsafeDowncast(decorator, to: DecoratorClosure<T>.self).body(instance, made)
        }
        if let decorator = settings.decorator {
            decorator(instance)
        }
        if settings.trace {
            traceResolution(settings, instance, fields, made: made)
        }
        return instance
    }

    /// Builds a scoped instance under its build lock, from the fields current then (a register may have come
    /// since `fields` were read); from `fields` when a reset has cleared the slot meanwhile: the build started
    /// before it, and is not kept (the reset changed the slot's cache version).
    @inlinable @inline(__always)
    func rebuild(_ fields: SlotFields, _ settings: ManagerSettings, _ manager: ContainerManager, _ parameters: P) -> T {
        manager.slots.withResolvedFields(id) { current, _ in
            current.awaitingAutoRegister && !manager.isAutoRegisteringOnThisThread
                ? make(fields, settings, parameters) : make(current, settings, parameters)
        }
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
        _ scope: Scope, _ fields: SlotFields, _ settings: ManagerSettings, _ manager: ContainerManager, _ parameters: P,
        made: inout Bool
    ) -> T {
        switch scope.kind {
        case .cached, .shared:
            let parameterKey = self.parameterKey(fields)
            if let hit = cachedInstance(fields, scope, fields.timeToLive, parameterKey, parameters) {
                return hit
            }
            return build(
                in: manager.slots, scope, fields.timeToLive, parameterKey, parameters,
                record: { ScopedBuilds.record(in: manager.slots, id, from: $0) }
            ) {
                // Rebuild from the fields current under the build lock: a register may have happened meanwhile.
                made = true
                return rebuild(fields, settings, manager, parameters)
            }
        case .singleton:
            let singleton = unsafeDowncast(scope, to: Scope.Singleton.self)
            let parameterKey = self.parameterKey(fields)
            var built = false
            let instance = singleton.withStore { store in
                let hit = store.withResolvedFields(id) { host, _ in
                    cachedInstance(host, scope, fields.timeToLive, parameterKey, parameters)
                }
                if let hit { return hit }
                built = true
                return build(
                    in: store, scope, fields.timeToLive, parameterKey, parameters,
                    record: { SingletonBuilds.record(in: store, id, owner: manager, from: $0) }
                ) {
                    made = true
                    return rebuild(fields, settings, manager, parameters)
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
                singleton.mirror(id, into: manager.slots, cacheVersion: fields.cacheVersion)
            }
            return instance
        case .graph:
            let graphKey = ResolutionTracker.GraphKey(store: ObjectIdentifier(manager), id: id)
            let tracker = ThreadResolutions.current
            if let found = tracker._withUnsafeGuaranteedRef({ $0.graphInstance(graphKey) }) {
                return unsafeDowncast(found, to: CachedInstance<T>.self).value
            }
            made = true
            let instance = make(fields, settings, parameters)
            if Self.keepsInGraph(instance) {
                tracker._withUnsafeGuaranteedRef {
                    $0.keepGraphInstance(CachedInstance(instance, created: 0), for: graphKey)
                }
            }
            return instance
        case .unique:
            made = true
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
    /// registration whose parameters say so (Resolver's, see ``GraphKeepsObjectsOnly``) only an object, as
    /// Resolver's graph scope does (a struct is made anew for each injection).
    @usableFromInline
    static func keepsInGraph(_ instance: T) -> Bool {
        guard P.self is any GraphKeepsObjectsOnly.Type else { return true }
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
            guard let object = weak.object, weak.isFresh(timeToLive) else { return nil }
            return (object as! T)  // the shared scope keeps objects weakly, as AnyObject
        }
        let strong = unsafeDowncast(entry, to: CachedInstance<T>.self)
        guard strong.isFresh(timeToLive) else { return nil }
        return strong.value
    }

    /// Builds and stores a scoped instance once, however many threads ask for it at the same moment. `record`
    /// gets every factory the build resolved, at any depth, before the instance is kept.
    @usableFromInline
    func build(
        in store: SlotStore, _ scope: Scope, _ timeToLive: Double?, _ parameterKey: AnyObject?, _ parameters: P,
        record: ([ResolutionTracker.Frame]) -> Void, _ make: () -> T
    ) -> T {
        let slot = store.slot(id)
        slot.buildLock.lock()
        defer { slot.buildLock.unlock() }
        let tracker = ThreadResolutions.current
        // The newest stamp this build reads, the host's included, apart from what the resolutions around it read.
        let (epoch, linksFollowed, outerStamp) = tracker._withUnsafeGuaranteedRef { tracker in
            let outer = tracker.state.pointee.newestStampRead
            tracker.state.pointee.newestStampRead = 0
            return (tracker.state.pointee.epoch, tracker.state.pointee.linksFollowed, outer)
        }
        let (hit, version) = ReadSection.read {
            store.withResolvedFields(id) { host, _ in
                (cachedInstance(host, scope, timeToLive, parameterKey, parameters), host.cacheVersion)
            }
        }
        var frames: [ResolutionTracker.Frame] = []
        let instance =
            hit
            ?? ReadSection.read {
                let (made, resolved) = tracker._withUnsafeGuaranteedRef { $0.recordingDependencies(make) }
                frames = resolved
                return made
            }
        let builtAt = tracker._withUnsafeGuaranteedRef { tracker in
            let read = tracker.state.pointee.newestStampRead
            tracker.state.pointee.newestStampRead = max(outerStamp, read)
            return read
        }
        if hit != nil { return instance }
        // Recorded before the keep: a reload that finds no record of it finds it marked (see below).
        record(frames)
        let created = timeToLive == nil ? 0 : TimeToLiveClock.now()
        let entry: AnyObject =
            scope.kind == .shared
            ? WeakCachedInstance(instance as AnyObject, created: created)
            : CachedInstance(instance, created: created)
        let scopeID = ObjectIdentifier(scope)
        // Built from an older epoch's wiring, or from a container a reload marked since (its own, or one it
        // resolved from): handed out, never kept.
        let readFromMarked = {
            frames.contains { frame in
                Unmanaged<ContainerManager>.fromOpaque(frame.owner)._withUnsafeGuaranteedRef {
                    $0.slots.publishedEpoch > epoch
                }
            }
        }
        _ = WiringEpoch.keepingIfCurrent(
            epoch, owner: manager.slots, linksFollowed: linksFollowed, unless: readFromMarked
        ) {
            store.update(id, builtAt: builtAt) { host in
                // A register or reset since the build started makes this instance stale: hand it out, keep nothing.
                guard host.cacheVersion == version else { return false }
                if host.cacheScope != scopeID {
                    host.cached = nil
                    host.cachedByParameter = [:]
                    host.cacheScope = scopeID
                }
                if let parameterKey {
                    host.cachedByParameter[unsafeDowncast(parameterKey, to: ParameterKey<P>.self).key(parameters)] =
                        entry
                } else {
                    host.cached = entry
                }
                return true
            }
        }
        return instance
    }

    @usableFromInline
    func traceResolution(_ settings: ManagerSettings, _ instance: T, _ fields: SlotFields, made: Bool) {
        let line =
            "\(containerName).\(key.name)<\(T.self)> = \(made ? madeBy(fields) : "C"):\(Self.address(of: instance)) "
            + "\(type(of: instance as Any))"
        let frames = ThreadResolutions.current._withUnsafeGuaranteedRef { $0.frames }
        // The graph's root: the outermost resolution, or one whose parent's container does not trace.
        let isRoot =
            frames.count < 2
            || !Unmanaged<ContainerManager>.fromOpaque(frames[frames.count - 2].owner)._withUnsafeGuaranteedRef {
                $0.trace
            }
        TraceOrder.finished(
            TraceOrder.Entry(depth: max(1, frames.count), line: line, log: settings.logger), isRoot: isRoot)
    }

    /// Factory's trace marker for a new instance: `O` from a context override, `R` from a registration, `F`
    /// from the definition (a scope's kept instance is `C`).
    func madeBy(_ fields: SlotFields) -> String {
        if !fields.contexts.isEmpty,
            FactoryContext.matching(fields.contexts, checkArguments: fields.hasArgumentContexts) != nil
        {
            return "O"
        }
        return fields.registration == nil ? "F" : "R"
    }

    /// The number Factory's trace shows for an instance: an object's address (a value is boxed, as there).
    static func address(of instance: T) -> Int {
        Int(bitPattern: ObjectIdentifier(instance as AnyObject))
    }
}
