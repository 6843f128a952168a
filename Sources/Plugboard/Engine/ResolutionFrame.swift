/// One resolution under way: which container and factory, and whether the factory may appear again deeper in
/// the chain (parameter factories may). Sixteen bytes, 8-aligned, on every platform: a ``ResolutionTracker``
/// keeps its two atomic 64-bit counters in its first frame's memory. `.ci/thirty-two-bit` checks this layout
/// in a 32-bit build.
@usableFromInline
struct ResolutionFrame {
    /// What resolves: a container's manager, as an unretained address (the resolving factory holds it).
    /// Opaque here, so that the engine names nothing above it; messages ask it for its name through
    /// ``ResolutionOwner``. An address rather than an `AnyObject`: converting the manager to `AnyObject` at
    /// the call site retained and released it, 47 instructions on every resolution.
    @usableFromInline var owner: UnsafeRawPointer
    /// The factory's key number and flags, as the factory keeps them (``RegistrationWord``).
    @usableFromInline var word: UInt64

    @inlinable @inline(__always)
    init(owner: UnsafeRawPointer, word: UInt64) {
        self.owner = owner
        self.word = word
    }

    @inlinable var id: Int { RegistrationWord.id(word) }
    @inlinable var repeatable: Bool { word & RegistrationWord.repeatable != 0 }

    /// True when both frames resolve the same factory of the same container.
    @inlinable @inline(__always)
    func resolvesSame(as other: ResolutionFrame) -> Bool {
        id == other.id && owner == other.owner
    }
}
