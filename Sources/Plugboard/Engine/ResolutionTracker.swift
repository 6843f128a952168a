#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The resolutions under way on the current thread: the chain for cycle detection and the `graph` scope's
/// instances. Resolution is synchronous, so a thread-local (not a task-local) is exact and costs no lock.
@usableFromInline
final class ResolutionTracker {
    /// Nested resolutions past this depth stop the program (a parameter factory that resolves itself forever).
    @usableFromInline static let depthLimit = 256

    @usableFromInline
    struct Frame {
        @usableFromInline var store: ObjectIdentifier
        @usableFromInline var id: Int
        @usableFromInline var container: Any.Type
        @usableFromInline var repeatable: Bool

        @usableFromInline
        init(store: ObjectIdentifier, id: Int, container: Any.Type, repeatable: Bool) {
            self.store = store
            self.id = id
            self.container = container
            self.repeatable = repeatable
        }
    }

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

    @usableFromInline let frames: UnsafeMutablePointer<Frame>
    // Only the owning thread touches a tracker: no dynamic exclusivity checks needed.
    @exclusivity(unchecked) @usableFromInline var depth = 0
    /// Instances of `graph`-scoped factories, kept until the outermost resolution returns.
    @exclusivity(unchecked) @usableFromInline var graph: [GraphKey: AnyObject] = [:]

    init() {
        frames = .allocate(capacity: Self.depthLimit)
    }

    deinit {
        frames.deallocate()
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { Unmanaged<ResolutionTracker>.fromOpaque($0).release() }
        #else
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ResolutionTracker>.fromOpaque(pointer).release() }
        }
        #endif
        return key
    }()

    /// The calling thread's tracker, made on first use and released when the thread ends.
    @usableFromInline
    static var current: Unmanaged<ResolutionTracker> {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged.fromOpaque(pointer)
        }
        let tracker = Unmanaged.passRetained(ResolutionTracker())
        pthread_setspecific(key, tracker.toOpaque())
        return tracker
    }

    /// Runs `body` as the resolution of one factory, stopping the program on a cycle.
    @inlinable @inline(__always)
    static func within<R>(_ frame: Frame, _ body: () -> R) -> R {
        current._withUnsafeGuaranteedRef { tracker in
            tracker.push(frame)
            defer { tracker.pop() }
            return body()
        }
    }

    @inlinable @inline(__always)
    func push(_ frame: Frame) {
        if !frame.repeatable {
            var index = 0
            while index < depth {
                let other = frames[index]
                if other.id == frame.id && other.store == frame.store { cycle(frame) }
                index &+= 1
            }
        }
        if depth == Self.depthLimit { tooDeep(frame) }
        frames[depth] = frame
        depth &+= 1
    }

    @inlinable @inline(__always)
    func pop() {
        depth &-= 1
        if depth == 0 && !graph.isEmpty { graph.removeAll(keepingCapacity: true) }
    }

    /// `Container.loopA` for a frame.
    func describe(_ frame: Frame) -> String {
        "\(frame.container).\(FactoryKeyRegistry.shared.name(of: frame.id))"
    }

    @usableFromInline
    func cycle(_ frame: Frame) -> Never {
        let start = (0..<depth).first { frames[$0].id == frame.id && frames[$0].store == frame.store } ?? 0
        let chain = (start..<depth).map { describe(frames[$0]) } + [describe(frame)]
        fatalError("Plugboard: circular dependency: \(chain.joined(separator: " -> "))")
    }

    @usableFromInline
    func tooDeep(_ frame: Frame) -> Never {
        let tail = (depth - 8..<depth).map { describe(frames[$0]) } + [describe(frame)]
        fatalError(
            "Plugboard: resolutions nested deeper than \(Self.depthLimit) levels (a factory that keeps resolving itself?): ... -> "
                + tail.joined(separator: " -> "))
    }

    /// The depth of the resolution under way on this thread (0 outside any), for trace indentation.
    static var currentDepth: Int {
        current._withUnsafeGuaranteedRef { $0.depth }
    }
}
