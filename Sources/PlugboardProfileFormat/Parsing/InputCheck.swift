import Foundation

/// Checks made on a file's bytes before any parser sees them.
enum InputCheck {
    /// Size, encoding and (for YAML) tab indentation. Returns the bytes to parse (without a UTF-8 BOM).
    static func check(_ bytes: [UInt8], file: String, limits: ParseLimits, yaml: Bool) -> Result<
        ArraySlice<UInt8>, Diagnostic
    > {
        let start = SourcePosition(file: file, line: 1, column: 1)
        if bytes.count > limits.maxInputBytes {
            return .failure(
                Diagnostic(
                    .tooLarge, "the file is \(bytes.count) bytes, over the limit of \(limits.maxInputBytes) bytes",
                    at: start))
        }
        if let encoding = wideEncoding(bytes) {
            return .failure(Diagnostic(.notUTF8, "the file is \(encoding); profiles must be UTF-8", at: start))
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let offset = firstInvalidUTF8(body) {
            return .failure(
                Diagnostic(
                    .invalidUTF8,
                    "the file is not valid UTF-8 (byte 0x\(String(body[body.startIndex + offset], radix: 16, uppercase: true)))",
                    at: position(ofByte: offset, in: body, file: file)))
        }
        if yaml, let tab = leadingTab(body, file: file) {
            return .failure(
                Diagnostic(
                    .tabIndentation, "tabs are not allowed for indentation in YAML; indent with spaces", at: tab))
        }
        return .success(body)
    }

    /// UTF-16 and UTF-32, by byte-order mark or by the zero bytes of ASCII text.
    static func wideEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return "UTF-32"
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        if bytes.count >= 4 {
            if bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0 && bytes[3] != 0 { return "UTF-32" }
            if bytes[0] != 0 && bytes[1] == 0 && bytes[2] == 0 && bytes[3] == 0 { return "UTF-32" }
        }
        if bytes.count >= 2 && (bytes[0] == 0) != (bytes[1] == 0) { return "UTF-16" }
        return nil
    }

    /// The offset (from the slice's start) of the first byte that is not valid UTF-8, if any.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = 0
            let count = buffer.count
            let base = UnsafeRawPointer(buffer.baseAddress)
            while index < count {
                // ASCII text (nearly all of a profile) eight bytes at a time.
                if let base, index + 8 <= count,
                    base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                    continue
                }
                let byte = buffer[index]
                if byte < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                var minimum: UInt32
                var scalar: UInt32
                switch byte {
                case 0xC2...0xDF:
                    length = 2
                    minimum = 0x80
                    scalar = UInt32(byte & 0x1F)
                case 0xE0...0xEF:
                    length = 3
                    minimum = 0x800
                    scalar = UInt32(byte & 0x0F)
                case 0xF0...0xF4:
                    length = 4
                    minimum = 0x10000
                    scalar = UInt32(byte & 0x07)
                default: return index
                }
                guard index + length <= count else { return index }
                for offset in 1..<length {
                    let next = buffer[index + offset]
                    guard next & 0xC0 == 0x80 else { return index }
                    scalar = scalar << 6 | UInt32(next & 0x3F)
                }
                if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
                index += length
            }
            return nil
        }
    }

    /// The first tab in a line's leading white space. Nearly every profile has no tab at all, which `memchr`
    /// finds at memory speed (the byte loop below took about 6 instructions a byte); otherwise each line's
    /// leading spaces are skipped and the rest of the line is passed over with `memchr`. The position is worked
    /// out only for a tab found.
    static func leadingTab(_ bytes: ArraySlice<UInt8>, file: String) -> SourcePosition? {
        let offset = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, memchr(base, Int32(UInt8(ascii: "\t")), buffer.count) != nil else {
                return nil
            }
            var index = 0
            let count = buffer.count
            while index < count {
                while index < count && buffer[index] == UInt8(ascii: " ") { index += 1 }
                if index < count && buffer[index] == UInt8(ascii: "\t") { return index }
                guard index < count, let newline = memchr(base + index, Int32(UInt8(ascii: "\n")), count - index) else {
                    return nil
                }
                index = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return nil
        }
        return offset.map { position(ofByte: $0, in: bytes, file: file) }
    }

    /// The line and column (in characters) of byte `offset` of `bytes`.
    static func position(ofByte offset: Int, in bytes: ArraySlice<UInt8>, file: String) -> SourcePosition {
        var line = 1, column = 1
        var previous: UInt8 = 0
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                if previous != UInt8(ascii: "\r") { line += 1 }  // CRLF ended the line at its CR
                column = 1
            } else if byte == UInt8(ascii: "\r") {
                line += 1  // a lone CR or CRLF: either ends the line, as YAML counts it
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            previous = byte
        }
        return SourcePosition(file: file, line: line, column: column)
    }
}
