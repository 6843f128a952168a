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

    static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(.unreadable) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable) }
        let size = Int(info.st_size)
        if size > limit { return .failure(.tooLarge(size: size)) }
        // Read to the end, not just `size` bytes: the file may have grown, and that too is held to the limit.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
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
        return .success(bytes)
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
