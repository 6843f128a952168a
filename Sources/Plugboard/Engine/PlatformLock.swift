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
/// The platform mutex lives in its storage object's own allocation: one `malloc` per lock.
@usableFromInline
struct PlatformLock: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
    #else
    @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    /// Holds the mutex as its tail-allocated element, so the mutex never moves.
    @usableFromInline
    final class Storage: ManagedBuffer<Void, Primitive> {
        deinit {
            #if !canImport(Darwin)
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
            #endif
        }
    }

    @usableFromInline let storage: Storage

    /// Creates an unlocked lock.
    @usableFromInline
    init() {
        let buffer = Storage.create(minimumCapacity: 1) { _ in }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            #if canImport(Darwin)
            mutex.initialize(to: os_unfair_lock())
            #else
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
            #endif
        }
    }

    @usableFromInline
    func lock() {
        storage.withUnsafeMutablePointerToElements { mutex in
            #if canImport(Darwin)
            os_unfair_lock_lock(mutex)
            #else
            _ = pthread_mutex_lock(mutex)
            #endif
        }
    }

    @usableFromInline
    func unlock() {
        storage.withUnsafeMutablePointerToElements { mutex in
            #if canImport(Darwin)
            os_unfair_lock_unlock(mutex)
            #else
            _ = pthread_mutex_unlock(mutex)
            #endif
        }
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
