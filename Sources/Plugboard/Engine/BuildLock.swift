#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The lock a scoped factory holds while it builds its instance, so that threads asking for it at the same
/// moment get the one instance built.
///
/// Recursive: the thread that holds it may take it again. A cached parameter factory that resolves itself with
/// other parameters (`fib(n - 1) + fib(n - 2)` with `scopeOnParameters`) builds inside its own build, and a
/// cycle through a scoped factory nests like any other until the cycle search finds it, instead of waiting
/// for itself. The mutex lives in its storage object's own allocation, so it never moves: one `malloc`.
@usableFromInline
struct BuildLock: @unchecked Sendable {
    @usableFromInline
    final class Storage: ManagedBuffer<Void, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    @usableFromInline let storage: Storage

    /// Creates an unlocked lock.
    @usableFromInline
    init() {
        let buffer = Storage.create(minimumCapacity: 1) { _ in }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
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
}
