/// A strict JSON parser that keeps the line and column of every value, into the same ``NodeTree`` as YAML.
///
/// Rejects what Foundation's parser lets through or hides: duplicate keys, trailing commas, comments,
/// `NaN`/`Infinity`, invalid escapes, leading zeros, control characters in strings.
@_spi(Tools) public enum JSONParser {
    /// Parses `bytes` read from `file`.
    @_spi(Tools) public static func parse(_ bytes: [UInt8], file: String, limits: ParseLimits = .default) -> Result<
        NodeTree, Diagnostic
    > {
        switch InputCheck.check(bytes, file: file, limits: limits, yaml: false) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let body):
            return body.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(bytes: buffer, file: file, limits: limits)
                do throws(Diagnostic) {
                    return .success(try scanner.parse())
                } catch {
                    return .failure(error)
                }
            }
        }
    }
}

/// The scanner behind ``JSONParser``: one pass over the bytes, building the tree as it goes.
///
/// It keeps no column while it scans. Positions are needed only where a value starts or a problem is found.
/// On a line of ASCII text (nearly every line) a column is the offset from the line's start; on a line with
/// other characters, ``lineAndColumn(at:)`` counts characters from the last position it gave, as positions
/// are asked for in file order, so each byte is counted once. The loops over strings and white space carry
/// nothing but their offset and, for strings, whether a byte was not ASCII.
private struct JSONScanner {
    /// What the scanner looks for next.
    enum State {
        /// A value (the document's, an array item, or a member's after its colon).
        case value
        /// A key, after an object's opening brace (`empty` allows the closing brace) or after a comma.
        case key(empty: Bool)
        /// A comma or the end of the collection that holds the value just read.
        case afterValue
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let limits: ParseLimits
    var index = 0
    /// The current line and the offset of its first byte.
    var line = 1
    var lineStart = 0
    /// Whether a string on the current line had a character outside ASCII (whose bytes and characters differ)
    /// or an escape.
    var lineHasWideCharacters = false
    /// The last position counted on the current line, from which the next one is counted.
    var markOffset = 0
    var markColumn = 1
    var builder: TreeBuilder

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: ParseLimits) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
        builder = TreeBuilder(file: file, limits: limits, inputBytes: bytes.count)
    }

    /// The line and column of `offset`, which is on the current line.
    mutating func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
        if !lineHasWideCharacters { return (line, offset - lineStart + 1) }
        if markOffset < lineStart || markOffset > offset {
            markOffset = lineStart
            markColumn = 1
        }
        var column = markColumn
        for byte in UnsafeBufferPointer(rebasing: bytes[markOffset..<offset]) where byte & 0xC0 != 0x80 {
            column += 1
        }
        markOffset = offset
        markColumn = column
        return (line, column)
    }

    /// The position of `offset`, which is on the current line.
    mutating func position(at offset: Int) -> SourcePosition {
        let (line, column) = lineAndColumn(at: offset)
        return SourcePosition(file: file, line: line, column: column)
    }

    /// A syntax error at `offset` (the current byte unless told).
    mutating func syntaxError(_ message: String, at offset: Int? = nil) -> Diagnostic {
        Diagnostic(.jsonSyntax, message, at: position(at: offset ?? index))
    }

    /// Skips white space, counting lines; reports comments, which JSON does not have. Inlined, as it runs
    /// before every token; the loop keeps its offset in a register. A line ends at LF, CRLF or a lone CR, as
    /// YAML (and an editor) counts them, so that the same document gives the same positions in both formats.
    @inline(__always)
    mutating func skipSpace() throws(Diagnostic) {
        var offset = index
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
                lineHasWideCharacters = false
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                // white space within a line
            } else if byte == UInt8(ascii: "\r") {
                if offset + 1 == count || bytes[offset + 1] != UInt8(ascii: "\n") {
                    line += 1
                    lineStart = offset + 1
                    lineHasWideCharacters = false
                }
            } else {
                break
            }
            offset += 1
        }
        index = offset
        if offset + 1 < count, bytes[offset] == UInt8(ascii: "/"),
            bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
        {
            throw Diagnostic(
                .jsonSyntax, "comments are not allowed in JSON; use YAML for a commented profile",
                at: position(at: offset))
        }
    }

    /// The byte at the current offset, or nil at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func parse() throws(Diagnostic) -> NodeTree {
        try skipSpace()
        guard index < bytes.count else {
            throw Diagnostic(
                .empty, "the file is empty: a profile needs at least {\"plugboard\": 1}",
                at: SourcePosition(file: file, line: 1, column: 1))
        }
        // Whether each open collection is an object, innermost last.
        var openObjects: [Bool] = []
        var state = State.value
        while true {
            try skipSpace()
            switch state {
            case .value:
                guard let byte = current else { throw syntaxError("the document ends where a value is expected") }
                let start = index
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = byte == UInt8(ascii: "{")
                    let (line, column) = lineAndColumn(at: start)
                    index += 1
                    if let problem = builder.open(mapping: isObject, line: line, column: column) { throw problem }
                    openObjects.append(isObject)
                    if isObject {
                        state = .key(empty: true)
                        continue
                    }
                    try skipSpace()
                    if current == UInt8(ascii: "]") {
                        index += 1
                        close(&openObjects)
                        state = .afterValue
                    }
                    continue
                case UInt8(ascii: "\""):
                    try addString()
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let (line, column) = lineAndColumn(at: start)
                    let text = try scanNumber()
                    if let problem = builder.add(text: text, .number, line: line, column: column) { throw problem }
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    let literal: StaticString =
                        byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
                    let length = literal.utf8CodeUnitCount
                    guard start + length <= bytes.count,
                        UnsafeBufferPointer(rebasing: bytes[start..<start + length]).elementsEqual(
                            UnsafeBufferPointer(start: literal.utf8Start, count: length))
                    else { throw syntaxError("invalid literal; expected '\(literal)'") }
                    let (line, column) = lineAndColumn(at: start)
                    index += length
                    let style: NodeTree.ScalarStyle = byte == UInt8(ascii: "n") ? .null : .boolean
                    let text = builder.text(UnsafeBufferPointer(start: literal.utf8Start, count: length))
                    if let problem = builder.add(text: text, style, line: line, column: column) { throw problem }
                case UInt8(ascii: "N"), UInt8(ascii: "I"):
                    throw syntaxError("NaN and Infinity are not JSON numbers")
                case UInt8(ascii: "'"):
                    throw syntaxError("strings in JSON use double quotes")
                default:
                    throw syntaxError(
                        "unexpected character '\(Unicode.Scalar(byte).escaped(asASCII: true))' where a value is expected"
                    )
                }
                state = .afterValue

            case .key(let empty):
                guard let byte = current else { throw syntaxError("the document ends inside an object") }
                if byte == UInt8(ascii: "}") {
                    if !empty { throw syntaxError("trailing comma before '}'") }
                    index += 1
                    close(&openObjects)
                    state = .afterValue
                    continue
                }
                guard byte == UInt8(ascii: "\"") else {
                    throw syntaxError("object keys must be strings in double quotes")
                }
                try addString()
                try skipSpace()
                guard let colon = current else { throw syntaxError("the document ends inside an object") }
                guard colon == UInt8(ascii: ":") else { throw syntaxError("expected ':' after the key") }
                index += 1
                state = .value

            case .afterValue:
                guard let isObject = openObjects.last else {
                    if index < bytes.count {
                        throw syntaxError("unexpected content after the end of the JSON document")
                    }
                    return builder.finish()!
                }
                guard let byte = current else {
                    throw syntaxError("the document ends inside \(isObject ? "an object" : "an array")")
                }
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if isObject {
                        state = .key(empty: false)
                    } else {
                        try skipSpace()
                        if current == UInt8(ascii: "]") { throw syntaxError("trailing comma before ']'") }
                        state = .value
                    }
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    close(&openObjects)
                } else {
                    throw syntaxError(
                        isObject
                            ? "expected ',' or '}' after a value in an object"
                            : "expected ',' or ']' after a value in an array")
                }
            }
        }
    }

    /// Ends the innermost collection.
    mutating func close(_ openObjects: inout [Bool]) {
        openObjects.removeLast()
        builder.close()
    }

    /// Scans the string at the current quote and adds it to the tree.
    mutating func addString() throws(Diagnostic) {
        let (line, column) = lineAndColumn(at: index)
        let text = try scanString()
        if let problem = builder.add(text: text, .text, line: line, column: column) { throw problem }
    }

    /// Scans a string and returns its text's number in the tree. A string without escapes (nearly every one)
    /// is text straight from the input bytes, which are already checked to be UTF-8; only strings with escapes
    /// are assembled byte by byte.
    mutating func scanString() throws(Diagnostic) -> Int32 {
        index += 1  // the opening quote
        let start = index
        let end = min(bytes.count, start + limits.maxScalarBytes + 1)
        let (offset, seen) = plainRun(from: index, to: end)
        if seen & 0x80 != 0 { lineHasWideCharacters = true }
        if offset < end && bytes[offset] == UInt8(ascii: "\"") {
            index = offset + 1
            return builder.text(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        }
        index = offset
        return try scanEscapedString(from: start, scanningTo: end)
    }

    /// The rest of a string that has escapes, or the problem that ends it; `index` is past its first plain run,
    /// and plain runs are scanned no further than `end` (the string's length limit, or the input's end).
    mutating func scanEscapedString(from start: Int, scanningTo end: Int) throws(Diagnostic) -> Int32 {
        // Columns on this line are counted from here on: the string may hold any character.
        lineHasWideCharacters = true
        // Text before the current run of plain bytes, escapes decoded.
        var assembled: [UInt8] = []
        var runStart = start
        while true {
            guard index < bytes.count else { throw syntaxError("unterminated string") }
            if index - start > limits.maxScalarBytes {
                throw Diagnostic(
                    .scalarTooLong, "a string longer than the limit of \(limits.maxScalarBytes) bytes",
                    at: position(at: index))
            }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                assembled.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                return builder.text(String(decoding: assembled, as: UTF8.self))
            case UInt8(ascii: "\\"):
                assembled.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try scanEscape(into: &assembled)
                runStart = index
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw syntaxError("unterminated string (a line break inside a string is written \\n)")
            case let byte where byte < 0x20:
                throw syntaxError("control characters must be escaped in JSON strings")
            default:
                index = plainRun(from: index, to: end).end
            }
        }
    }

    /// Where the run of plain string bytes from `offset` ends (a quote, a backslash, a control character, or
    /// `end`), and every byte of it OR-ed together, whose top bit says whether one was not ASCII.
    ///
    /// Eight bytes are tested at once while eight remain before `end`: a byte that is a quote or a backslash
    /// becomes zero when XOR-ed with a word of that byte, and "some byte below n" is `(w - n·0x01…) & ~w &
    /// 0x80…`. That test can also mark a byte above a true one (the subtraction borrows upward), never
    /// below, so the lowest mark is exact and gives the run's end without a second look at the bytes.
    @inline(__always)
    func plainRun(from offset: Int, to end: Int) -> (end: Int, seen: UInt8) {
        var offset = offset
        var seen: UInt8 = 0
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var wide: UInt64 = 0
            while offset + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
                let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                let marks =
                    ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word)
                    & highs
                if marks != 0 {
                    let length = marks.trailingZeroBitCount / 8
                    wide |= length == 0 ? 0 : word & (UInt64.max >> (64 - 8 * length))
                    return (offset + length, wide & highs == 0 ? 0 : 0x80)
                }
                wide |= word
                offset += 8
            }
            seen = wide & highs == 0 ? 0 : 0x80
        }
        while offset < end {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            seen |= byte
            offset += 1
        }
        return (offset, seen)
    }

    /// Scans the escape at the current backslash and appends the character it stands for as UTF-8.
    mutating func scanEscape(into assembled: inout [UInt8]) throws(Diagnostic) {
        let escapeStart = index
        let escapePosition = position(at: escapeStart)
        index += 1
        guard let escaped = current else { throw syntaxError("unterminated string") }
        index += 1
        let scalar: Unicode.Scalar
        switch escaped {
        case UInt8(ascii: "\""): scalar = "\""
        case UInt8(ascii: "\\"): scalar = "\\"
        case UInt8(ascii: "/"): scalar = "/"
        case UInt8(ascii: "b"): scalar = "\u{08}"
        case UInt8(ascii: "f"): scalar = "\u{0C}"
        case UInt8(ascii: "n"): scalar = "\n"
        case UInt8(ascii: "r"): scalar = "\r"
        case UInt8(ascii: "t"): scalar = "\t"
        case UInt8(ascii: "u"):
            guard var value = hex4() else {
                throw Diagnostic(.jsonSyntax, "invalid \\u escape: four hex digits expected", at: escapePosition)
            }
            if (0xD800...0xDBFF).contains(value) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw Diagnostic(
                        .jsonSyntax, "invalid \\u escape: a high surrogate without its low surrogate",
                        at: escapePosition)
                }
                index += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else {
                    throw Diagnostic(
                        .jsonSyntax, "invalid \\u escape: a high surrogate without its low surrogate",
                        at: escapePosition)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let decoded = Unicode.Scalar(value) else {
                throw Diagnostic(.jsonSyntax, "invalid \\u escape: a lone surrogate", at: escapePosition)
            }
            scalar = decoded
        default:
            throw Diagnostic(
                .jsonSyntax, "invalid escape '\\\(Unicode.Scalar(escaped).escaped(asASCII: true))'", at: escapePosition)
        }
        assembled.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// Four hex digits as a number, or nil (where they stop, unread).
    mutating func hex4() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else { return nil }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Skips decimal digits and says how many there were.
    mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    mutating func scanNumber() throws(Diagnostic) -> Int32 {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "I") { throw syntaxError("NaN and Infinity are not JSON numbers", at: start) }
        let integerStart = index
        let integerDigits = skipDigits()
        if integerDigits == 0 { throw syntaxError("a number needs digits") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            throw syntaxError("numbers may not have leading zeros", at: start)
        }
        if current == UInt8(ascii: ".") {
            index += 1
            if skipDigits() == 0 { throw syntaxError("a digit is expected after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            if skipDigits() == 0 { throw syntaxError("a digit is expected in the exponent") }
        }
        if index - start > limits.maxScalarBytes {
            throw Diagnostic(
                .scalarTooLong, "a number longer than the limit of \(limits.maxScalarBytes) bytes",
                at: position(at: start))
        }
        return builder.text(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }
}
