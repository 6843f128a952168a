import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a look knows of a path without reading it: where it resolves to, and that file's identity, size and
/// times. Nil for a path that does not resolve to a readable file.
package struct FileSignature: Equatable, Sendable {
    let resolved: String
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64
    let changed: Int64

    /// A signature as a file system of a test's own describes a file.
    package init(resolved: String, device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.resolved = resolved
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// `path`'s signature, from `stat` and `realpath`.
    init?(_ path: String) {
        var info = stat()
        // `stat` follows every link, as a read does; the resolved path tells a link swap that kept the times.
        guard stat(path, &info) == 0, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        self.resolved = String(cString: resolved)
        device = Self.word(info.st_dev)
        inode = Self.word(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
    }

    /// The file's device, inode and size, as a read describes the file it read.
    var identity: FileIdentity {
        FileIdentity(device: device, inode: inode, size: size)
    }

    /// A `stat` number as one word, whatever its C type: `dev_t` is a signed `Int32` on Darwin, where a
    /// device number may be negative (and `UInt64(_:)` would trap), and `UInt64` on Linux.
    static func word(_ number: some BinaryInteger) -> UInt64 {
        UInt64(truncatingIfNeeded: number)
    }
}
