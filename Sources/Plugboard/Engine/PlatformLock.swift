#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A plain mutual-exclusion lock for the engine's write paths and instance builds.
///
/// `Synchronization.Mutex` asks for `sending` results, which a dependency container cannot promise
/// for the arbitrary (often non-`Sendable`) instances it builds, so the engine uses this small wrapper.
@usableFromInline
final class PlatformLock: @unchecked Sendable {
    #if canImport(Darwin)
    private let mutex: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    @usableFromInline
    init() {
        #if canImport(Darwin)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deallocate()
    }

    @usableFromInline
    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        #else
        pthread_mutex_lock(mutex)
        #endif
    }

    @usableFromInline
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(mutex)
        #else
        pthread_mutex_unlock(mutex)
        #endif
    }

    @inlinable
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Which stripe of the read-section counters the calling thread uses.
@usableFromInline
enum ThreadIdentity {
    /// A well-mixed number for the calling thread; threads differ in it with high probability.
    @inlinable @inline(__always)
    static func mixedIdentifier() -> UInt {
        #if canImport(Darwin)
        let raw = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pthread_self())))
        #else
        let raw = UInt(pthread_self())
        #endif
        return raw &* 0x9E37_79B9_7F4A_7C15
    }
}
