#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A mutual-exclusion lock for the engine's write paths and instance builds: a POSIX mutex on every platform.
///
/// `Synchronization.Mutex` asks for `sending` results, which a dependency container cannot promise
/// for the arbitrary (often non-`Sendable`) instances it builds, and cannot be taken again by the thread
/// that holds it, which a scoped factory's build lock must allow (see ``Slot/buildLock``). The mutex lives in
/// its storage object's own allocation, so it never moves: one `malloc` per lock.
@usableFromInline
struct PlatformLock: @unchecked Sendable {
    /// Holds the mutex as its tail-allocated element.
    @usableFromInline
    final class Storage: ManagedBuffer<Void, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    @usableFromInline let storage: Storage

    /// Creates an unlocked lock; a `recursive` one may be taken again by the thread that holds it.
    @usableFromInline
    init(recursive: Bool = false) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            if recursive {
                pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            }
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        }
    }

    @usableFromInline
    func lock() {
        _ = storage.withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
    }

    @usableFromInline
    func unlock() {
        _ = storage.withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) }
    }

    @inlinable
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
