import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a profile file's bytes with the size checked on the open file first, so an oversized file is
/// refused without being read (and without Foundation's attribute dictionary, which costs more than a
/// small profile's parse).
enum FileBytes {
    enum Failure: Error {
        /// The file is `size` bytes, over the limit.
        case tooLarge(size: Int)
        /// The file cannot be opened or read.
        case unreadable
    }

    /// A file's bytes, with their FNV-1a hash when the read is noted in a log: worked out once, for the log
    /// and the parse cache.
    struct Read {
        let bytes: [UInt8]
        let hash: UInt64?
    }

    /// The bytes of `path`, refused over `limit`; noted in `log` (a launch's or a reload's, to know what it
    /// read) when given.
    static func read(_ path: String, limit: Int, log: FileReadLog? = nil) -> Result<Read, Failure> {
        var identity: FileIdentity?
        let result = readWhole(path, limit: limit, identity: &identity)
        guard let log else { return result.map { Read(bytes: $0, hash: nil) } }
        let read = result.map { Read(bytes: $0, hash: FNV1a.hash(file: $0)) }
        log.note(path, hash: (try? read.get())?.hash ?? 0, identity: identity)
        return read
    }

    /// Reads `path` whole; `identity` gets the opened file's device and inode and the count of bytes read.
    private static func readWhole(_ path: String, limit: Int, identity: inout FileIdentity?) -> Result<
        [UInt8], Failure
    > {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(.unreadable) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable) }
        let device = UInt64(truncatingIfNeeded: info.st_dev), inode = UInt64(truncatingIfNeeded: info.st_ino)
        let size = Int(info.st_size)
        if size > limit { return .failure(.tooLarge(size: size)) }
        // Read to the end, not just `size` bytes: the file may have grown, and that too is held to the limit.
        // The first read goes into uninitialized room (zeroing it first cost as much as hashing the bytes).
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            initialized = 0
            while initialized < buffer.count {
                let got = systemRead(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if got == 0 { return }
                initialized += got
            }
        }
        if failed { return .failure(.unreadable) }
        var count = bytes.count
        // The room is full: the file grew since `fstat`, so read on to its end.
        while count > size {
            if count == bytes.count {
                if count > limit { return .failure(.tooLarge(size: count)) }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable)
            }
            if got == 0 { break }
            count += got
        }
        if count > limit { return .failure(.tooLarge(size: count)) }
        bytes.removeLast(bytes.count - count)
        identity = FileIdentity(device: device, inode: inode, size: Int64(count))
        return .success(bytes)
    }
}

/// Which file a read read, and how much of it: the device and inode of the descriptor it opened, and the
/// count of bytes it got. A watcher compares it with what its look saw before the reload, to tell a read that
/// caught a file being written (another size) or replaced (another inode) from one of the file it waited on.
package struct FileIdentity: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64

    /// An identity as a look describes a file.
    package init(device: UInt64, inode: UInt64, size: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
    }
}

/// The C library's `read`, which `FileBytes.read` would otherwise shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

/// The files a launch or reload read, each with a hash of the bytes it read (0 when it could not read them):
/// what a reload compares with the running inputs, and what a watcher watches. The pipeline hands it to the
/// profile library that reads the profiles and to the resolver that reads `file:` secrets.
package final class FileReadLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reads: [(path: String, hash: UInt64)] = []
    private var identities: [String: FileIdentity] = [:]
    private var probes: [String] = []
    private var probed: Set<String> = []

    package init() {}

    /// Notes a read of `path` whose bytes hash to `hash` (0: it could not be read), of the file `identity` says.
    func note(_ path: String, hash: UInt64, identity: FileIdentity? = nil) {
        lock.withLock {
            reads.append((path, hash))
            identities[path] = identity
        }
    }

    /// Which file each read read, for the reads that got one.
    package var readIdentities: [String: FileIdentity] { lock.withLock { identities } }

    /// Notes the paths a profile's lookup in one folder tried (`app.yaml`, `app.yml`, `app.json`), there or
    /// not: one appearing or going away changes what the same lookup finds.
    func noteLookup(_ paths: [String]) {
        lock.withLock {
            for path in paths where probed.insert(path).inserted { probes.append(path) }
        }
    }

    /// Every read, in order.
    package var all: [(path: String, hash: UInt64)] { lock.withLock { reads } }

    /// Every path a lookup tried, in order, once each.
    package var lookups: [String] { lock.withLock { probes } }
}

/// FNV-1a, 64 bits: tells versions of inputs apart in logs and reloads (not a cryptographic hash).
package enum FNV1a {
    package static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    package static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, into start: UInt64 = seed) -> UInt64 {
        var hash = start
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// A hash of a file's bytes, to tell its versions apart (see ``hash(words:into:)``).
    package static func hash(file bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { hash(words: $0) }
    }

    /// FNV-1a's step (xor, then multiply by its prime) over eight bytes at a time, then over the last few one by
    /// one. Each step maps the state one to one, so contents that differ in one word always hash differently,
    /// as they do bytewise, in an eighth of the steps. Not FNV-1a's value: for telling versions apart in this
    /// process and its logs only.
    package static func hash(words raw: UnsafeRawBufferPointer, into start: UInt64 = seed) -> UInt64 {
        var hash = start
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        return hash
    }

    /// The hash of `text`'s UTF-8 by words (see ``hash(words:into:)``), read from its contiguous storage.
    package static func hash(_ text: String, into start: UInt64 = seed) -> UInt64 {
        var text = text
        return text.withUTF8 { hash(words: UnsafeRawBufferPointer($0), into: start) }
    }

    /// 16 hexadecimal digits.
    package static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
