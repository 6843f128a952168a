import CPlugboardThread

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The resolutions under way on the current thread: the chain for cycle detection, the `graph` scope's
/// instances, and the thread's read-section counter. Resolution is synchronous, so a thread-local (not a
/// task-local) is exact and costs no lock.
///
/// The outermost resolution on a thread enters the ``ReadSection`` through the tracker's own counter, so
/// nested resolutions and every snapshot they read cost no further atomic operation. The frames follow the
/// header in the tracker's own allocation, and the depth is kept in bytes: a frame is pushed with one load
/// and two stores.
@usableFromInline
final class ResolutionTracker: ManagedBuffer<ResolutionTracker.Header, ResolutionTracker.Frame> {
    /// Nested resolutions past this depth stop the program (a parameter factory that resolves itself forever).
    @usableFromInline static let depthLimit = 256
    /// Chains shallower than this are not searched when a resolution starts. A cycle keeps nesting (a scoped
    /// factory's ``Slot/buildLock`` lets its own thread in again), so it is found once it gets this deep, and the
    /// shallow graphs nearly every program resolves pay nothing for the search.
    @usableFromInline static let cycleSearchDepth = 16

    /// One resolution under way (see ``ResolutionFrame``).
    @usableFromInline typealias Frame = ResolutionFrame

    @usableFromInline
    struct GraphKey: Hashable {
        @usableFromInline let store: ObjectIdentifier
        @usableFromInline let id: Int

        @usableFromInline
        init(store: ObjectIdentifier, id: Int) {
            self.store = store
            self.id = id
        }
    }

    /// The tracker's state; only the owning thread touches it.
    @usableFromInline
    struct Header {
        /// The number of resolutions under way times the size of a frame: the byte offset of the next frame.
        @usableFromInline var depthInBytes = 0
        /// True once the outermost resolution stored a `graph` instance.
        @usableFromInline var hasGraph = false
        /// Instances of `graph`-scoped factories, kept until the outermost resolution returns.
        @usableFromInline var graph: [GraphKey: AnyObject] = [:]
        /// The depth in bytes from which ``enter(_:)`` takes its slow path: the cycle search's, or one frame
        /// while a singleton's build records what it resolves (see ``recordingDependencies(_:)``).
        @usableFromInline var slowPathFromBytes = ResolutionTracker.cycleSearchDepth * MemoryLayout<Frame>.stride
        /// How many recordings are under way on this thread, and the frames they recorded.
        @usableFromInline var recordings = 0
        @usableFromInline var recorded: [Frame] = []
        /// The wiring epoch the outermost resolution under way reads (see ``WiringEpoch``).
        @usableFromInline var epoch: UInt64 = 0
        /// The epoch this thread's writes stamp on the states they publish while it publishes one, else 0.
        @usableFromInline var writeStamp: UInt64 = 0
        /// How many times a resolution on this thread read a state that a later reload had replaced: a build
        /// that did is not kept (see ``WiringEpoch/keepingIfCurrent(_:owner:linksFollowed:_:)``).
        @usableFromInline var linksFollowed: UInt64 = 0
        /// The newest reload stamp among the states resolutions on this thread read as current: what a scoped
        /// build stamps the state it keeps its instance in with (see ``Slot/publish(_:builtAt:)``). A build
        /// that read only unstamped states stamps nothing, and every resolution may take its instance.
        @usableFromInline var newestStampRead: UInt64 = 0
        /// What this thread freed while it held one of the engine's write locks, released once it holds none
        /// (see ``ReadSection/writing(under:_:)``).
        @usableFromInline var freesHeldBack: [Unmanaged<AnyObject>] = []
    }

    @inlinable @inline(__always)
    static var frameSize: Int { MemoryLayout<Frame>.stride }

    /// Makes a tracker with room for ``depthLimit`` frames, and enrolls its read counter.
    fileprivate static func make() -> ResolutionTracker {
        let buffer = create(minimumCapacity: depthLimit + 1) { _ in Header() }
        let tracker = unsafeDowncast(buffer, to: ResolutionTracker.self)
        tracker.withUnsafeMutablePointerToElements { elements in
            UnsafeMutableRawPointer(elements).bindMemory(to: UInt64.self, capacity: 2).initialize(
                repeating: 0, count: 2)
        }
        ReadSection.shared.register(tracker.readCounter)
        return tracker
    }

    deinit {
        ReadSection.shared.unregister(readCounter)
    }

    /// The header, reached through its address: the `header` property checks exclusive access dynamically.
    @inlinable @inline(__always)
    var state: UnsafeMutablePointer<Header> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    /// This thread's counter in the ``ReadSection``: the first element's memory (a header cannot hold an
    /// atomic value), at a fixed distance from the tracker, so entering the section loads no pointer.
    @inlinable @inline(__always)
    var readCounter: AtomicWord<Int> {
        AtomicWord(
            withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt64.self) })
    }

    /// This thread's copy of ``WiringEpoch/visible``, which publications write (see
    /// ``ReadSection/makeVisible(epoch:)``): the word after the read counter, so that an outermost resolution
    /// reads it next to the counter, with no load of a global's address.
    @inlinable @inline(__always)
    var visibleEpoch: AtomicWord<UInt64> {
        AtomicWord(
            withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt64.self) + 1 })
    }

    /// The frames, after the element that holds the read counter and the visible epoch.
    @inlinable @inline(__always)
    var frameBase: UnsafeMutablePointer<Frame> {
        withUnsafeMutablePointerToElements { $0 + 1 }
    }

    /// The resolutions under way on this thread.
    @inlinable var depth: Int { state.pointee.depthInBytes / Self.frameSize }

    /// The frames under way, outermost first.
    var frames: [Frame] {
        Array(UnsafeBufferPointer(start: frameBase, count: depth))
    }

    /// Starts a resolution: the outermost one enters the read section and notes the wiring epoch it reads
    /// (after entering, so that the states of that epoch stay alive for it); deep ones look for a cycle.
    @inlinable @inline(__always)
    func enter(_ frame: Frame) {
        let depthInBytes = state.pointee.depthInBytes
        if depthInBytes == 0 {
            readCounter.wrappingAdd(1, ordering: .sequentiallyConsistent)
            state.pointee.epoch = visibleEpoch.load(ordering: .sequentiallyConsistent)
        } else if depthInBytes >= state.pointee.slowPathFromBytes {
            enterDeep(frame)
        }
        (UnsafeMutableRawPointer(frameBase) + depthInBytes).assumingMemoryBound(to: Frame.self).pointee = frame
        state.pointee.depthInBytes = depthInBytes &+ Self.frameSize
    }

    /// A resolution nested at least ``cycleSearchDepth`` deep: stops the program on a cycle or past the limit.
    @usableFromInline
    func enterDeep(_ frame: Frame) {
        if state.pointee.recordings > 0 { state.pointee.recorded.append(frame) }
        let depth = depth
        guard depth >= Self.cycleSearchDepth else { return }
        let searchFrom = CycleSearch.depth.load(ordering: .relaxed)
        if !frame.repeatable && searchFrom != 0 && depth >= searchFrom {
            for index in 0..<depth where frameBase[index].resolvesSame(as: frame) {
                cycle(frames + [frame])
            }
        }
        if depth == Self.depthLimit { tooDeep(frames, frame) }
    }

    /// Runs `body`, a build inside a resolution, and returns every factory it resolved, at any depth: what a
    /// singleton was built from, which a profile reload must not change under it. Costs the resolutions
    /// inside `body` one call each; every other resolution pays nothing for it.
    func recordingDependencies<R>(_ body: () -> R) -> (R, [Frame]) {
        let start = state.pointee.recorded.count
        state.pointee.recordings += 1
        state.pointee.slowPathFromBytes = Self.frameSize
        let result = body()
        let frames = Array(state.pointee.recorded[start...])
        state.pointee.recordings -= 1
        if state.pointee.recordings == 0 {
            state.pointee.recorded = []
            state.pointee.slowPathFromBytes = Self.cycleSearchDepth * Self.frameSize
        }
        return (result, frames)
    }

    /// Ends a resolution: the outermost one drops the graph's instances, leaves the read section, and releases
    /// what writes inside it freed (see ``ReadSection``), outside every resolution and engine lock.
    @inlinable @inline(__always)
    func leave() {
        state.pointee.depthInBytes &-= Self.frameSize
        if state.pointee.depthInBytes == 0 {
            if state.pointee.hasGraph { dropGraph() }
            readCounter.wrappingSubtract(1, ordering: .releasing)
            if _slowPath(!state.pointee.freesHeldBack.isEmpty) { releaseHeldBackAtEnd() }
        }
    }

    /// Releases what this thread's resolution held back, unless it holds an engine write lock (then leaving
    /// the lock does).
    @usableFromInline
    func releaseHeldBackAtEnd() {
        guard plugboard_thread_write_locks_held() == 0 else { return }
        ReadSection.releaseHeldBack(Unmanaged.passUnretained(self))
    }

    /// The instance a `graph` scope keeps for `key` in the resolution under way.
    @inlinable
    func graphInstance(_ key: GraphKey) -> AnyObject? {
        state.pointee.hasGraph ? state.pointee.graph[key] : nil
    }

    /// Keeps `instance` for `key` until the outermost resolution returns.
    @inlinable
    func keepGraphInstance(_ instance: AnyObject, for key: GraphKey) {
        state.pointee.graph[key] = instance
        state.pointee.hasGraph = true
    }

    /// Empties the graph before its instances are released, so a `deinit` that resolves finds it consistent.
    @usableFromInline
    func dropGraph() {
        var instances: [GraphKey: AnyObject] = [:]
        swap(&instances, &state.pointee.graph)
        state.pointee.hasGraph = false
        instances.removeAll()
    }

    /// `Container.loopA` for a frame.
    func describe(_ frame: Frame) -> String {
        let owner =
            (Unmanaged<AnyObject>.fromOpaque(frame.owner).takeUnretainedValue() as? any ResolutionOwner)?
            .resolutionOwnerName ?? "?"
        return "\(owner).\(FactoryKeyRegistry.shared.name(of: frame.id))"
    }

    /// Reports `chain`, whose last frame repeats an earlier one, from where the resolution entered the cycle:
    /// `Container.a -> Container.b -> Container.a`, however many times it went round before it was found.
    func cycle(_ chain: [Frame]) -> Never {
        let last = chain.count - 1
        let previous = (0..<last).last { chain[$0].resolvesSame(as: chain[last]) } ?? 0
        let length = last - previous
        let start = (0...previous).first { chain[$0].resolvesSame(as: chain[$0 + length]) } ?? previous
        let names = chain[start...(start + length)].map(describe)
        fatalError("Plugboard: circular dependency: \(names.joined(separator: " -> "))")
    }

    @usableFromInline
    func tooDeep(_ chain: [Frame], _ frame: Frame) -> Never {
        let tail = chain.suffix(8).map(describe) + [describe(frame)]
        fatalError(
            "Plugboard: resolutions nested deeper than \(Self.depthLimit) levels (a factory that keeps resolving itself?): ... -> "
                + tail.joined(separator: " -> "))
    }

    /// The depth of the resolution under way on this thread (0 outside any), for trace indentation.
    static var currentDepth: Int {
        ThreadResolutions.current._withUnsafeGuaranteedRef { $0.depth }
    }
}

/// The calling thread's ``ResolutionTracker``. A caseless enum rather than static members of the class: those
/// take the class's metatype, which costs a metadata accessor call on every resolution.
@usableFromInline
enum ThreadResolutions {
    /// Releases a thread's tracker when the thread ends (the C thread-local has no destructor of its own).
    private static let exitKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { releaseAtExit($0) }
        return key
    }()

    /// The key's destructor. Its argument is optional in one platform's C library and not in another's: taking
    /// the optional accepts both.
    private static func releaseAtExit(_ tracker: UnsafeMutableRawPointer?) {
        plugboard_thread_tracker_set(nil)
        if let tracker { Unmanaged<ResolutionTracker>.fromOpaque(tracker).release() }
    }

    /// The calling thread's tracker, made on first use and released when the thread ends.
    @inlinable @inline(__always)
    static var current: Unmanaged<ResolutionTracker> {
        if let pointer = plugboard_thread_tracker_get() {
            return Unmanaged.fromOpaque(pointer)
        }
        return makeCurrent()
    }

    @usableFromInline
    static func makeCurrent() -> Unmanaged<ResolutionTracker> {
        let tracker = Unmanaged.passRetained(ResolutionTracker.make())
        pthread_setspecific(exitKey, tracker.toOpaque())
        plugboard_thread_tracker_set(tracker.toOpaque())
        return tracker
    }

    /// Runs `body` as the resolution of one factory, stopping the program on a cycle. `body` gets the thread's
    /// tracker, which knows the wiring epoch the outermost resolution reads.
    @inlinable @inline(__always)
    static func within<R>(_ frame: ResolutionTracker.Frame, _ body: (ResolutionTracker) -> R) -> R {
        current._withUnsafeGuaranteedRef { tracker in
            tracker.enter(frame)
            defer { tracker.leave() }
            return body(tracker)
        }
    }

    /// The wiring epoch the resolution under way on this thread reads. Call inside a resolution.
    @inlinable @inline(__always)
    static var epoch: UInt64 {
        current._withUnsafeGuaranteedRef { $0.state.pointee.epoch }
    }

    /// Notes that a resolution on this thread read a state stamped `stamp` as current (see
    /// ``ResolutionTracker/Header/newestStampRead``).
    @inlinable @inline(__always)
    static func noteStampRead(_ stamp: UInt64) {
        current._withUnsafeGuaranteedRef { tracker in
            if stamp > tracker.state.pointee.newestStampRead { tracker.state.pointee.newestStampRead = stamp }
        }
    }

    /// See ``ResolutionTracker/Header/linksFollowed``.
    @inlinable
    static var linksFollowed: UInt64 {
        get { current._withUnsafeGuaranteedRef { $0.state.pointee.linksFollowed } }
        set { current._withUnsafeGuaranteedRef { $0.state.pointee.linksFollowed = newValue } }
    }
}

/// What a resolution frame's owner tells the engine's messages: a container, by the name cycle and depth
/// reports give it (`Container` in `Container.loopA`).
protocol ResolutionOwner: AnyObject {
    /// The owner's name in messages.
    var resolutionOwnerName: String { get }
}

/// From how deep a resolution chain is searched for a cycle (`ContainerManager.dependencyChainTestMax`): at
/// least ``ResolutionTracker/cycleSearchDepth``, since shallower chains never reach the search; 0 leaves a
/// cycle to the depth limit, which stops it all the same.
enum CycleSearch {
    static let depth = Atomic<Int>(ResolutionTracker.cycleSearchDepth)
}
