#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The calling thread as a number, to record which thread runs a container's `autoRegister()` and to know
/// it again.
@usableFromInline
enum ThreadIdentity {
    /// Never 0, which stands for "no thread".
    @inlinable @inline(__always)
    static var current: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pthread_self())))
        #else
            UInt(pthread_self())
        #endif
    }
}
