/// A strict JSON parser that keeps the line and column of every value, into the same ``NodeTree`` as YAML.
///
/// Rejects what Foundation's parser lets through or hides: duplicate keys, trailing commas, comments,
/// `NaN`/`Infinity`, invalid escapes, leading zeros, control characters in strings.
public enum JSONParser {
    /// Parses `bytes` read from `file`.
    public static func parse(_ bytes: [UInt8], file: String, limits: ParseLimits = .default) -> Result<NodeTree, Diagnostic> {
        switch InputCheck.check(bytes, file: file, limits: limits, yaml: false) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let body):
            return body.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(bytes: buffer, file: file, limits: limits)
                return scanner.parse()
            }
        }
    }
}

private struct JSONScanner {
    enum Expect {
        case keyOrEnd, key, colon, value, commaOrEnd
    }

    struct Context {
        let isObject: Bool
        var expect: Expect
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let limits: ParseLimits
    var index = 0
    var line = 1
    var column = 1
    var builder: TreeBuilder

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: ParseLimits) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
        builder = TreeBuilder(file: file, limits: limits, inputBytes: bytes.count)
    }

    var here: SourcePosition { SourcePosition(file: file, line: line, column: column) }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    func fail(_ message: String, at position: SourcePosition? = nil) -> Result<NodeTree, Diagnostic> {
        .failure(Diagnostic(.jsonSyntax, message, at: position ?? here))
    }

    /// Skips white space; reports comments, which JSON does not have. Works on locals, so the loop keeps
    /// its position in registers instead of storing it on every byte; inlined, as it runs before every token.
    @inline(__always)
    mutating func skipSpace() -> Diagnostic? {
        var offset = index, line = self.line, column = self.column
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                column += 1
            } else if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                break
            }
            offset += 1
        }
        index = offset
        self.line = line
        self.column = column
        if offset + 1 < count, bytes[offset] == UInt8(ascii: "/"),
            bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
        {
            return Diagnostic(.jsonSyntax, "comments are not allowed in JSON; use YAML for a commented profile", at: here)
        }
        return nil
    }

    mutating func parse() -> Result<NodeTree, Diagnostic> {
        if let problem = skipSpace() { return .failure(problem) }
        guard current != nil else {
            return .failure(Diagnostic(.empty, "the file is empty: a profile needs at least {\"plugboard\": 1}", at: SourcePosition(file: file, line: 1, column: 1)))
        }
        var stack: [Context] = []
        var expectingValue = true
        while true {
            if let problem = skipSpace() { return .failure(problem) }
            if expectingValue {
                guard let byte = current else { return fail("the document ends where a value is expected") }
                let (startLine, startColumn) = (line, column)
                switch byte {
                case UInt8(ascii: "{"):
                    advance()
                    if let problem = builder.open(mapping: true, line: startLine, column: startColumn) { return .failure(problem) }
                    stack.append(Context(isObject: true, expect: .keyOrEnd))
                    expectingValue = false
                    continue
                case UInt8(ascii: "["):
                    advance()
                    if let problem = builder.open(mapping: false, line: startLine, column: startColumn) { return .failure(problem) }
                    if let problem = skipSpace() { return .failure(problem) }
                    if current == UInt8(ascii: "]") {
                        advance()
                        if let problem = builder.close() { return .failure(problem) }
                        expectingValue = false
                    } else {
                        stack.append(Context(isObject: false, expect: .commaOrEnd))
                        expectingValue = true
                        continue
                    }
                case UInt8(ascii: "\""):
                    switch scanString() {
                    case .failure(let problem): return .failure(problem)
                    case .success(let text):
                        if let problem = builder.add(text, .text, line: startLine, column: startColumn) { return .failure(problem) }
                    }
                    expectingValue = false
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    switch scanNumber() {
                    case .failure(let problem): return .failure(problem)
                    case .success(let text):
                        if let problem = builder.add(text, .number, line: startLine, column: startColumn) { return .failure(problem) }
                    }
                    expectingValue = false
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    let literal = byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
                    guard matches(literal) else { return fail("invalid literal; expected '\(literal)'") }
                    for _ in literal.utf8 { advance() }
                    let style: NodeTree.ScalarStyle = literal == "null" ? .null : .boolean
                    if let problem = builder.add(literal, style, line: startLine, column: startColumn) { return .failure(problem) }
                    expectingValue = false
                case UInt8(ascii: "N"), UInt8(ascii: "I"):
                    return fail("NaN and Infinity are not JSON numbers")
                case UInt8(ascii: "'"):
                    return fail("strings in JSON use double quotes")
                default:
                    return fail("unexpected character '\(Unicode.Scalar(byte).escaped(asASCII: true))' where a value is expected")
                }
            }
            // A value just ended (or a container just opened): what may follow it.
            guard var context = stack.last else {
                if let problem = skipSpace() { return .failure(problem) }
                if current != nil { return fail("unexpected content after the end of the JSON document") }
                return .success(builder.finish()!)
            }
            if let problem = skipSpace() { return .failure(problem) }
            guard let byte = current else { return fail("the document ends inside \(context.isObject ? "an object" : "an array")") }
            if context.isObject {
                switch context.expect {
                case .keyOrEnd, .key:
                    if byte == UInt8(ascii: "}") {
                        if context.expect == .key { return fail("trailing comma before '}'") }
                        advance()
                        stack.removeLast()
                        if let problem = builder.close() { return .failure(problem) }
                        continue
                    }
                    guard byte == UInt8(ascii: "\"") else { return fail("object keys must be strings in double quotes") }
                    let (keyLine, keyColumn) = (line, column)
                    switch scanString() {
                    case .failure(let problem): return .failure(problem)
                    case .success(let text):
                        if let problem = builder.add(text, .text, line: keyLine, column: keyColumn) { return .failure(problem) }
                    }
                    context.expect = .colon
                case .colon:
                    guard byte == UInt8(ascii: ":") else { return fail("expected ':' after the key") }
                    advance()
                    context.expect = .commaOrEnd
                    stack[stack.count - 1] = context
                    expectingValue = true
                    continue
                case .commaOrEnd, .value:
                    if byte == UInt8(ascii: ",") {
                        advance()
                        context.expect = .key
                    } else if byte == UInt8(ascii: "}") {
                        advance()
                        stack.removeLast()
                        if let problem = builder.close() { return .failure(problem) }
                        continue
                    } else {
                        return fail("expected ',' or '}' after a value in an object")
                    }
                }
                stack[stack.count - 1] = context
            } else {
                if byte == UInt8(ascii: ",") {
                    advance()
                    if let problem = skipSpace() { return .failure(problem) }
                    if current == UInt8(ascii: "]") { return fail("trailing comma before ']'") }
                    expectingValue = true
                } else if byte == UInt8(ascii: "]") {
                    advance()
                    stack.removeLast()
                    if let problem = builder.close() { return .failure(problem) }
                } else {
                    return fail("expected ',' or ']' after a value in an array")
                }
            }
        }
    }

    func matches(_ literal: String) -> Bool {
        var offset = index
        for byte in literal.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Scans a string. Runs without escapes (nearly every string) become text straight from the input bytes,
    /// which are already checked to be UTF-8; only strings with escapes are assembled byte by byte.
    mutating func scanString() -> Result<String, Diagnostic> {
        advance()  // opening quote
        let start = index
        // Text before the current run of plain bytes, escapes decoded; used only once an escape is seen.
        var assembled: [UInt8] = []
        var runStart = index
        while true {
            // The plain run: no quote, backslash or control character; only the column moves (by characters).
            var offset = index, column = self.column
            let end = min(bytes.count, start + limits.maxScalarBytes + 1)
            while offset < end {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                if byte & 0xC0 != 0x80 { column += 1 }
                offset += 1
            }
            index = offset
            self.column = column
            guard index < bytes.count else { return .failure(Diagnostic(.jsonSyntax, "unterminated string", at: here)) }
            if index - start > limits.maxScalarBytes {
                return .failure(Diagnostic(.scalarTooLong, "a string longer than the limit of \(limits.maxScalarBytes) bytes", at: here))
            }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                let text: String
                if runStart == start {
                    text = builder.text(run)
                } else {
                    assembled.append(contentsOf: run)
                    text = String(decoding: assembled, as: UTF8.self)
                }
                advance()
                return .success(text)
            case UInt8(ascii: "\\"):
                assembled.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                if let problem = scanEscape(into: &assembled) { return .failure(problem) }
                runStart = index
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return .failure(Diagnostic(.jsonSyntax, "unterminated string (a line break inside a string is written \\n)", at: here))
            default:
                return .failure(Diagnostic(.jsonSyntax, "control characters must be escaped in JSON strings", at: here))
            }
        }
    }

    /// Scans the escape at the current backslash and appends the character it stands for as UTF-8.
    mutating func scanEscape(into assembled: inout [UInt8]) -> Diagnostic? {
        let escapeStart = here
        advance()
        guard let escaped = current else { return Diagnostic(.jsonSyntax, "unterminated string", at: here) }
        advance()
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
                return Diagnostic(.jsonSyntax, "invalid \\u escape: four hex digits expected", at: escapeStart)
            }
            if (0xD800...0xDBFF).contains(value) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    return Diagnostic(.jsonSyntax, "invalid \\u escape: a high surrogate without its low surrogate", at: escapeStart)
                }
                advance(); advance()
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else {
                    return Diagnostic(.jsonSyntax, "invalid \\u escape: a high surrogate without its low surrogate", at: escapeStart)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let decoded = Unicode.Scalar(value) else {
                return Diagnostic(.jsonSyntax, "invalid \\u escape: a lone surrogate", at: escapeStart)
            }
            scalar = decoded
        default:
            return Diagnostic(.jsonSyntax, "invalid escape '\\\(Unicode.Scalar(escaped).escaped(asASCII: true))'", at: escapeStart)
        }
        assembled.append(contentsOf: UTF8.encode(scalar)!)
        return nil
    }

    mutating func hex4() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else { return nil }
            value = value << 4 | digit
            advance()
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

    mutating func scanNumber() -> Result<String, Diagnostic> {
        let start = index
        let startPosition = here
        func digits(_ scanner: inout JSONScanner) -> Int {
            var count = 0
            while let byte = scanner.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                scanner.advance()
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "I") { return .failure(Diagnostic(.jsonSyntax, "NaN and Infinity are not JSON numbers", at: startPosition)) }
        let integerStart = index
        let integerDigits = digits(&self)
        if integerDigits == 0 { return .failure(Diagnostic(.jsonSyntax, "a number needs digits", at: here)) }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            return .failure(Diagnostic(.jsonSyntax, "numbers may not have leading zeros", at: startPosition))
        }
        if current == UInt8(ascii: ".") {
            advance()
            if digits(&self) == 0 { return .failure(Diagnostic(.jsonSyntax, "a digit is expected after the decimal point", at: here)) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            if digits(&self) == 0 { return .failure(Diagnostic(.jsonSyntax, "a digit is expected in the exponent", at: here)) }
        }
        if index - start > limits.maxScalarBytes {
            return .failure(Diagnostic(.scalarTooLong, "a number longer than the limit of \(limits.maxScalarBytes) bytes", at: startPosition))
        }
        return .success(builder.text(UnsafeBufferPointer(rebasing: bytes[start..<index])))
    }
}
