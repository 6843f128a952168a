import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// What the watcher asks of the file system and the wall clock, behind a seam so that its tests can give it
/// a file system with timestamps of their own (coarse, frozen, or moved by the test), whatever the machine's
/// file system records.
package protocol WatchedFileSystem: Sendable {
    /// Where `path` resolves and that file's identity, size and times; nil when it is not a readable file.
    func signature(of path: String) -> FileSignature?
    /// The hash of `path`'s bytes, as a reload's read hashes them; nil when it cannot be read.
    func contentHash(of path: String) -> UInt64?
    /// Nanoseconds since 1970 on the clock file times are stamped with.
    func wallClock() -> Int64
}

/// The machine's file system and clock.
package struct LocalFileSystem: WatchedFileSystem {
    package init() {}

    package func signature(of path: String) -> FileSignature? {
        FileSignature(path)
    }

    package func contentHash(of path: String) -> UInt64? {
        FileManager.default.contents(atPath: path).map { FNV1a.hash(file: Array($0)) }
    }

    package func wallClock() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000_000)
    }
}
