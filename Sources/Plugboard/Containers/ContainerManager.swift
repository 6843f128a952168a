import Foundation

/// Keeps one container's registrations, context overrides, scope settings and cached instances, and its
/// container-wide settings (default scope, decorator, trace).
///
/// All of it is safe to use from any thread: resolutions read published snapshots without locking;
/// changes take this manager's lock for writers only.
public final class ContainerManager: InlineAtomicWords, ResolutionOwner, @unchecked Sendable {
    /// The words behind the atomics below (see ``InlineAtomicWords``): it must stay the first stored property.
    private var inlineAtomics: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0)

    /// The address of this manager's ``SlotStore`` (retained), or 0 until something is first written: a
    /// container that only resolves definitions never allocates one.
    @inlinable var storeAddress: AtomicWord<UInt> { inlineWord(0) }
    /// The address of the store's current ``SlotTable`` (the shared empty one until the store has a table),
    /// kept here by the store: resolutions find a slot from it with one load, where the store's address
    /// would take a check for none and a second load.
    @inlinable var tableAddress: AtomicWord<UInt> { inlineWord(1) }
    /// Starts as the shared defaults; the first change publishes a copy of this manager's own.
    @inlinable var settings: Published<ManagerSettings> { Published(inlineWord(2)) }
    /// What in ``settings`` keeps resolutions off the fast path (see ``ManagerSettings/flags``), readable
    /// without a read section.
    @inlinable var settingsFlags: AtomicWord<UInt> { inlineWord(3) }

    @inlinable var autoRegistered: AtomicWord<Bool> { inlineWord(4) }
    /// The container whose `autoRegister()` this manager runs, recorded when it is ``AutoRegistering``: a
    /// factory kept from before a reset has only the manager, and runs it again through this. Weak, since the
    /// container owns the manager; read and written under `autoRegisterLock`.
    private weak var registeringOwner: (any ManagedContainer)?
    /// Whether a reset marked slots as awaiting `autoRegister()` (see ``reset(options:)``) that its next run
    /// must clear; under `autoRegisterLock`.
    private var slotsAwaitAutoRegister = false
    /// Serializes every container's `autoRegister()`: one lock for the process, taken once per container
    /// (and after resets), recursive because one container's `autoRegister()` may resolve from another's.
    private static let autoRegisterLock = NSRecursiveLock()
    /// The container type last found not to be ``AutoRegistering``: new containers of it skip the lock and
    /// the dynamic cast (which costs more than the rest of a new container's first resolution).
    private static let lastPlainType = Atomic<UInt>(0)
    /// The thread running `autoRegister()` (see ``ThreadIdentity``), or 0.
    @inlinable var autoRegisteringThread: AtomicWord<UInt> { inlineWord(5) }
    /// The type of the container this manager serves (its metadata's address), recorded on first use:
    /// factories hold the manager, not the container, and name the container in messages by it.
    private var ownerType: AtomicWord<UInt> { inlineWord(6) }
    /// How messages name the container when not by its type: set by `PlugboardResolver`'s `Resolver` before the manager is shared.
    package var explicitName: String?

    private var pushed: [SavedState] = []

    /// Whether something was registered for factory `id` in this container (`register`, a profile, a
    /// type-keyed or Resolver registration): the one question the layers above ask of a slot directly.
    package func hasRegistration(_ id: Int) -> Bool {
        ReadSection.read { slots.withFields(id) { $0.registration != nil } }
    }

    /// Creates a manager with no registrations.
    public init() {
        checkInlineWords(&inlineAtomics.0)
        tableAddress.store(SlotTable.empty.address, ordering: .relaxed)
        settings.publishFirst(ManagerSettings.defaults)
    }

    deinit {
        if let store = existingSlots { store.release() }
        settings.releaseLast()
    }

    /// The store, if one was made, borrowed without reference counting (this manager owns it).
    var existingSlots: Unmanaged<SlotStore>? {
        let address = storeAddress.load(ordering: .acquiring)
        guard address != 0 else { return nil }
        return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    /// The store's current table, borrowed: the store keeps every table it published for as long as it lives.
    @inlinable @inline(__always)
    var slotTable: Unmanaged<SlotTable> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: tableAddress.load(ordering: .acquiring)).unsafelyUnwrapped)
    }

    /// The store, made on first use.
    @usableFromInline
    var slots: SlotStore {
        if let store = existingSlots { return store.takeUnretainedValue() }
        let made = Unmanaged.passRetained(SlotStore(tableMirror: tableAddress))
        let (won, current) = storeAddress.compareExchange(
            expected: 0, desired: UInt(bitPattern: made.toOpaque()), ordering: .acquiringAndReleasing)
        if won { return made.takeUnretainedValue() }
        made.release()
        return Unmanaged<SlotStore>.fromOpaque(UnsafeRawPointer(bitPattern: current).unsafelyUnwrapped)
            .takeUnretainedValue()
    }

    // MARK: Settings

    /// The scope of factories that set none themselves (nil: unique).
    public var defaultScope: Scope? {
        get { readSettings { $0.defaultScope } }
        set { changeSettings { $0.defaultScope = newValue } }
    }

    /// How deep a chain of resolutions grows before it is searched for a cycle (Factory's setting; one value for
    /// every container, since a chain crosses containers). Plugboard searches from 16 levels, so smaller values
    /// act as 16; 0 stops searching, and a cycle then stops the program at the depth limit (256) instead.
    public var dependencyChainTestMax: Int {
        get { CycleSearch.depth.load(ordering: .relaxed) }
        set {
            CycleSearch.depth.store(
                newValue <= 0 ? 0 : max(newValue, ResolutionTracker.cycleSearchDepth), ordering: .relaxed)
        }
    }

    /// Whether a chain of resolutions is searched for a cycle (Factory 3's setting; one value for every
    /// container). True by default; false is ``dependencyChainTestMax`` 0, and true puts back the default depth.
    public var circularDependencyTesting: Bool {
        get { dependencyChainTestMax > 0 }
        set {
            if newValue != circularDependencyTesting {
                dependencyChainTestMax = newValue ? ResolutionTracker.cycleSearchDepth : 0
            }
        }
    }

    /// Logs every resolution with ``logger`` when true, in every build configuration.
    public var trace: Bool {
        get { readSettings { $0.trace } }
        set { changeSettings { $0.trace = newValue } }
    }

    /// Receives trace lines; prints them by default. Declared as Factory declares it; like a factory's closure,
    /// it is called on the thread that resolves.
    public var logger: (String) -> Void {
        get { readSettings { settings -> (String) -> Void in settings.logger } }
        set { changeSettings { $0.logger = unsafeBitCast(newValue, to: (@Sendable (String) -> Void).self) } }
    }

    /// Called with every instance this container resolves, after the factory's own decorator.
    public var decorator: ((Any) -> Void)? {
        get { readSettings { settings -> ((Any) -> Void)? in settings.decorator } }
        set {
            let decorator = newValue.map { unsafeBitCast($0, to: (@Sendable (Any) -> Void).self) }
            changeSettings { $0.decorator = decorator }
        }
    }

    /// Stops the program when a `promised()` factory is resolved before anything was registered for it.
    public var promiseTriggersError: Bool {
        get { readSettings { $0.promiseTriggersError } }
        set { changeSettings { $0.promiseTriggersError = newValue } }
    }

    private func readSettings<R>(_ body: (ManagerSettings) -> R) -> R {
        ReadSection.read { settings.withCurrent { body($0) } }
    }

    private func changeSettings(_ change: (inout ManagerSettings) -> Void) {
        ReadSection.writing(under: slots.writeLock) {
            var copy = settings.withCurrent { $0.copy() }
            change(&copy)
            settings.replace(with: copy)
            publishFlags(copy.flags)
        }
    }

    /// Publishes the flags of new settings, keeping ``ManagerSettings/pendingAutoRegister`` as it is. Call
    /// under the store's write lock (only auto-registration changes that bit outside it).
    private func publishFlags(_ flags: UInt) {
        var current = settingsFlags.load(ordering: .relaxed)
        while true {
            let desired = flags | (current & ManagerSettings.pendingAutoRegister)
            let (exchanged, found) = settingsFlags.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = found
        }
    }

    // MARK: Resets

    /// Clears what `options` names for every factory of this container. Singletons are not affected
    /// (use `Scope.singleton.reset()`). After `.all` or `.registration`, `autoRegister()` runs again on next use.
    ///
    /// Resolutions read without locks, so a reset that clears what `autoRegister()` registered publishes each
    /// cleared slot marked as awaiting it: a resolution that reads such a slot runs `autoRegister()` first (or
    /// waits for the thread that runs it) and reads the slot again, so it sees "reset and registered again"
    /// whole, never the code's wiring in between. The reset and every `autoRegister()` take one lock.
    ///
    /// A reset waits for a profile reload that is publishing, and a reload runs a reset container's
    /// `autoRegister()` before it publishes: so `autoRegister()` puts back the generation that was running
    /// when the reset came, and a resolution that began before the reload reads that generation in this
    /// container as in every other.
    ///
    /// - Parameter options: What to clear; everything by default.
    public func reset(options: FactoryResetOptions = .all) {
        switch options {
        case .none:
            return
        case .all, .registration:
            // What the reset replaces is freed once this thread holds no lock: a `deinit` may resolve from here.
            ReadSection.beginWriting()
            defer { ReadSection.endWriting() }
            Self.autoRegisterLock.lock()
            defer { Self.autoRegisterLock.unlock() }
            // Never inside a reload's publication: see `publishingEpoch(of:_:)`.
            WiringEpoch.excludingPublications {
                // Only a container whose `autoRegister()` ran has registrations it would put back.
                let awaits = registeringOwner != nil
                if options == .all {
                    slots.updateAll(where: { $0.hasSettings || $0.keepsInstances }) { fields in
                        fields.resetKeepingDefinition()
                        fields.cacheVersion = CacheVersion.next()
                        fields.awaitingAutoRegister = awaits
                    }
                } else {
                    slots.updateAll(where: { $0.registration != nil }) { fields in
                        fields.registration = nil
                        fields.awaitingAutoRegister = awaits
                    }
                }
                slotsAwaitAutoRegister = slotsAwaitAutoRegister || awaits
                setAutoRegistered(false)
            }
        case .context:
            slots.updateAll(where: { !$0.contexts.isEmpty }) { $0.resetContexts() }
        case .scope:
            slots.updateAll(where: \.keepsInstances) { $0.clearCache() }
        }
    }

    /// Clears the instances that `scope` keeps in this container. A singleton scope keeps its instances for the
    /// process, not for a container, so this leaves them alone, as Factory does: `Scope.singleton.reset()`
    /// (or a scope of your own's `reset()`) clears them.
    ///
    /// - Parameter scope: The scope whose instances this container keeps.
    public func reset(scope: Scope) {
        if scope is Scope.Singleton { return }
        let id = ObjectIdentifier(scope)
        slots.updateAll(where: { $0.cacheScope == id }) { $0.clearCache() }
    }

    // MARK: Push and pop

    /// Saves registrations, contexts, scope settings and caches, and the container's settings, for ``pop()``.
    public func push() {
        let states = slots.snapshot()
        ReadSection.writing(under: slots.writeLock) {
            // Settings are replaced only under this lock, so the current snapshot cannot be freed meanwhile.
            let saved = SavedState(
                slots: states, settings: settings.withCurrent { $0 },
                autoRegistered: autoRegistered.load(ordering: .acquiring))
            pushed.append(saved)
        }
    }

    /// Restores the state saved by the matching ``push()``; does nothing when nothing was pushed.
    public func pop() {
        guard let saved = ReadSection.writing(under: slots.writeLock, { pushed.popLast() }) else { return }
        slots.restore(saved.slots)
        ReadSection.writing(under: slots.writeLock) {
            settings.replace(with: saved.settings)
            publishFlags(saved.settings.flags)
        }
        setAutoRegistered(saved.autoRegistered)
    }

    // MARK: Auto-registration

    /// Runs the container's `autoRegister()` if this is its first use (or the first since a reset).
    @inlinable @inline(__always)
    package func prepare(_ container: any ManagedContainer) {
        if !autoRegistered.load(ordering: .acquiring) {
            runAutoRegister(container)
        }
    }

    @usableFromInline
    func runAutoRegister(_ container: any ManagedContainer) {
        if container.manager !== self {
            // A manager made on every read (`var manager: ContainerManager { ContainerManager() }`): as in
            // Factory, the definitions resolve, but nothing registered, cached or overridden on it can stick.
            ThrowawayManagerWarning.warnOnce(about: type(of: container))
        }
        ownerType.store(unsafeBitCast(type(of: container) as Any.Type, to: UInt.self), ordering: .relaxed)
        let containerType = ObjectIdentifier(type(of: container))
        if Self.lastPlainType.load(ordering: .relaxed) == UInt(bitPattern: containerType) {
            setAutoRegistered(true)  // nothing to run: no need for the lock
            return
        }
        // Past the fast path of a type seen before: the first container of this copy of the engine gets here.
        SecondEngineCopyWarning.checked
        let thread = ThreadIdentity.current
        Self.autoRegisterLock.lock()
        defer { Self.autoRegisterLock.unlock() }
        // Re-entered from inside autoRegister() (it uses its own factories), or another thread finished it.
        if autoRegistered.load(ordering: .acquiring) || autoRegisteringThread.load(ordering: .relaxed) == thread {
            return
        }
        guard let registering = container as? any AutoRegistering else {
            // A conformance isolated to a global actor fails this cast off its actor: never taken for none.
            IsolatedConformanceCheck.stopIfIsolated(
                type(of: container), to: (any AutoRegistering).self, running: "autoRegister()")
            Self.lastPlainType.store(UInt(bitPattern: containerType), ordering: .relaxed)
            finishAutoRegisterLocked()
            return
        }
        registeringOwner = container
        autoRegisteringThread.store(thread, ordering: .relaxed)
        registering.autoRegister()
        autoRegisteringThread.store(0, ordering: .relaxed)
        finishAutoRegisterLocked()
    }

    /// Marks `autoRegister()` done: the slots a reset marked as awaiting it are published unmarked (with what
    /// it registered in them), then the container is. Call under `autoRegisterLock`.
    private func finishAutoRegisterLocked() {
        if slotsAwaitAutoRegister {
            ReadSection.beginWriting()
            defer { ReadSection.endWriting() }
            slots.updateAll(where: \.awaitingAutoRegister) { $0.awaitingAutoRegister = false }
            slotsAwaitAutoRegister = false
        }
        setAutoRegistered(true)
    }

    /// Whether a reset left this container waiting for `autoRegister()` to run again. Read without its lock:
    /// a reload that holds the publication's (which resets wait for) must not wait for `autoRegister()`.
    var awaitsAutoRegisterAfterReset: Bool {
        settingsFlags.load(ordering: .acquiring) & ManagerSettings.pendingAutoRegister != 0
    }

    /// Runs `autoRegister()` again for a factory kept from before a reset (see ``ManagerSettings/pendingAutoRegister``):
    /// through the container recorded when it last ran, or not at all when the container is gone or has none.
    @usableFromInline
    func autoRegisterForKeptFactory() {
        guard !autoRegistered.load(ordering: .acquiring) else { return }
        awaitAutoRegister()
    }

    /// For a resolution that read a slot a reset marked as awaiting `autoRegister()` (on another thread than
    /// the one running it): waits for a reset or an `autoRegister()` under way (they hold the lock), then runs
    /// `autoRegister()` if it is still due. The resolution then reads the slot again.
    @usableFromInline
    func awaitAutoRegister() {
        let owner = Self.autoRegisterLock.withLock { registeringOwner }
        if let owner { runAutoRegister(owner) }
        ReadSection.beginWriting()
        defer { ReadSection.endWriting() }
        Self.autoRegisterLock.withLock {
            if !autoRegistered.load(ordering: .acquiring) {
                if owner == nil { finishAutoRegisterLocked() }
            } else {
                // A mark that outlived its `autoRegister()`: a reload's staged write took a reset's change in,
                // and published it after `autoRegister()` had run. Nothing awaits it: publish it unmarked.
                slots.updateAll(where: \.awaitingAutoRegister) { $0.awaitingAutoRegister = false }
            }
        }
    }

    /// Records whether `autoRegister()` is done, and shows it to resolutions through ``settingsFlags``: a
    /// factory made after this runs it when made, but one kept from before a reset sees it there.
    private func setAutoRegistered(_ done: Bool) {
        autoRegistered.store(done, ordering: .releasing)
        if done {
            if settingsFlags.load(ordering: .relaxed) & ManagerSettings.pendingAutoRegister != 0 {
                settingsFlags.bitwiseAnd(~ManagerSettings.pendingAutoRegister, ordering: .acquiringAndReleasing)
            }
        } else {
            settingsFlags.bitwiseOr(ManagerSettings.pendingAutoRegister, ordering: .acquiringAndReleasing)
        }
    }

    /// True while the calling thread runs this container's `autoRegister()`: registrations then clear nothing.
    @usableFromInline
    var isAutoRegisteringOnThisThread: Bool {
        autoRegisteringThread.load(ordering: .relaxed) == ThreadIdentity.current
    }

    // MARK: Introspection

    /// The container's name in messages: its type's name (a `Resolver`: its own name).
    var ownerName: String {
        explicitName ?? ownerTypeName
    }

    /// The name of the container's type, which cycle reports use.
    var resolutionOwnerName: String { ownerTypeName }

    /// The name of the container's type.
    var ownerTypeName: String {
        let type = ownerType.load(ordering: .relaxed)
        guard type != 0 else { return "\(Self.self)" }
        return TypeNameCache.containers.name(of: unsafeBitCast(type, to: Any.Type.self))
    }

    /// The keys of the factories this container has settings or instances for.
    public var knownKeys: [FactoryKey] {
        slots.ids().map(FactoryKey.init(id:))
    }
}

/// What `push()` saves.
struct SavedState {
    let slots: [Int: SlotFields]
    let settings: ManagerSettings
    let autoRegistered: Bool
}

/// A container's settings, published as a whole. Changed only on a private copy before it is published,
/// so reads need no exclusivity checks.
@usableFromInline
final class ManagerSettings: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var defaultScope: Scope?
    @exclusivity(unchecked) @usableFromInline var trace = false
    @exclusivity(unchecked) @usableFromInline var decorator: (@Sendable (Any) -> Void)?
    @exclusivity(unchecked) var logger: @Sendable (String) -> Void = { print($0) }
    @exclusivity(unchecked) @usableFromInline var promiseTriggersError = false

    init() {}

    /// The settings of every new manager (never changed: changes go to copies).
    @usableFromInline static let defaults = ManagerSettings()

    /// Set when a default scope applies to factories without a scope of their own.
    @usableFromInline static let hasDefaultScope: UInt = 1
    /// Set when every resolution must be decorated or traced.
    @usableFromInline static let observesResolutions: UInt = 2
    /// Set after a reset until `autoRegister()` runs again. Not a setting: the manager keeps it in its flags so
    /// that a factory kept from before the reset leaves the fast path, and runs `autoRegister()`, at no cost to
    /// the others.
    @usableFromInline static let pendingAutoRegister: UInt = 4

    /// The settings that keep resolutions off the fast path, as a bit set.
    var flags: UInt {
        (defaultScope != nil ? Self.hasDefaultScope : 0)
            | (decorator != nil || trace ? Self.observesResolutions : 0)
    }

    /// A copy to change before publishing; published copies are never changed.
    func copy() -> ManagerSettings {
        let copy = ManagerSettings()
        copy.defaultScope = defaultScope
        copy.trace = trace
        copy.decorator = decorator
        copy.logger = logger
        copy.promiseTriggersError = promiseTriggersError
        return copy
    }

    @usableFromInline
    func log(_ line: String) {
        logger(line)
    }
}
