/// One factory's place in a store: its published state and the lock that makes a scoped build happen once.
@usableFromInline
final class Slot: InlineAtomicWords, @unchecked Sendable {
    /// The words behind ``state`` and ``summary`` (see ``InlineAtomicWords``): the first stored property.
    private var inlineAtomics: (UInt64, UInt64) = (0, 0)

    @inlinable var state: Published<SlotState> { Published(inlineWord(0)) }
    /// The slot's scope's ``Scope/serial`` shifted left by one, with the `once()` seal in bit 0, so a modifier
    /// can see that it would change nothing without a read section. Updated with every new state.
    @inlinable var summary: AtomicWord<UInt> { inlineWord(1) }

    @usableFromInline init() {
        checkInlineWords(&inlineAtomics.0)
        state.publishFirst(SlotState.empty)
    }

    deinit {
        state.releaseLast()
    }

    /// Publishes new fields and their summary, stamped when this thread publishes a wiring epoch, and returns
    /// the state they replace, for ``ReadSection/retire(_:)`` (which holds it while this thread publishes an
    /// epoch: the new state links to it). Call under the store's lock.
    ///
    /// `builtAt` is, for a build's keep, the newest reload stamp among the states the build read
    /// (``ResolutionTracker/Header/newestStampRead``): a state with an older stamp gets that one, linked to the
    /// state it replaces, so that a resolution of an earlier epoch does not take an instance built from a later
    /// one's wiring.
    func publish(_ fields: consuming SlotFields, builtAt: UInt64 = 0) -> Unmanaged<AnyObject> {
        let summary = Slot.summary(of: fields)
        // The fields move into the next state. (Writes hold the store's lock: the current state stays.)
        let next = state.current.takeUnretainedValue().succeeded(
            by: fields, epoch: max(WiringEpoch.writeStamp, builtAt),
            settled: WiringEpoch.settled.load(ordering: .acquiring))
        let replaced = state.exchange(with: next)
        self.summary.store(summary, ordering: .releasing)
        return replaced
    }

    /// Publishes fields a publication staged (see ``SlotStore/stage(expecting:rollback:_:)``): stamped with its
    /// `epoch` and linked to the state they replace, with no condition to test. The epoch is newer than every
    /// stamp and than the settled epoch (it is one past the visible one), so ``SlotState/succeeded(by:epoch:settled:)``
    /// would choose the same. Call under the store's lock.
    func publish(_ fields: consuming SlotFields, stampedWith epoch: UInt64) -> Unmanaged<AnyObject> {
        let summary = Slot.summary(of: fields)
        let current = state.current
        assert(epoch > current._withUnsafeGuaranteedRef(\.stamp), "a publication's epoch is older than a stamp")
        let replaced = state.exchange(with: SlotState(fields, stamp: epoch, previous: current))
        self.summary.store(summary, ordering: .releasing)
        return replaced
    }

    @usableFromInline
    static func summary(of fields: SlotFields) -> UInt {
        (fields.scope?.serial ?? 0) << 1 | (fields.onceSealed ? 1 : 0)
    }
    /// Held while a scope builds this factory's instance, so concurrent first resolutions build it once.
    /// Recursive: a cached parameter factory that resolves itself with other parameters (memoized recursion)
    /// builds inside its own build, and a cycle through a scoped factory nests like any other until the cycle
    /// search finds it, instead of waiting for itself.
    @usableFromInline let buildLock = PlatformLock(recursive: true)
}
