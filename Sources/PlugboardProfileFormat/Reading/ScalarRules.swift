/// How plain scalars read, by the YAML 1.2 core schema (stricter than YAML 1.1).
enum ScalarRules {
    /// `0`, `-12`, `42`; not `010`, `0x1F`, `1_000`, `1:30`, `+5`.
    static func isInteger(_ text: String) -> Bool {
        form(of: text) == .integer
    }

    /// An integer, or a decimal with a fraction and/or exponent (`1.5`, `2e3`); not `.5`, `NaN`, `.inf`.
    static func isNumber(_ text: String) -> Bool {
        form(of: text) != .notANumber
    }

    enum NumberForm {
        case notANumber, integer, decimal
    }

    /// What number `text` writes, read byte by byte (most scalars asked about are names: their first byte answers).
    static func form(of text: String) -> NumberForm {
        let bytes = text.utf8
        var index = bytes.startIndex
        let end = bytes.endIndex
        func isDigit(_ byte: UInt8) -> Bool { (byte &- UInt8(ascii: "0")) < 10 }
        /// Moves past the digits at `index`; how many there were.
        func digits() -> Int {
            var count = 0
            while index < end, isDigit(bytes[index]) {
                index = bytes.index(after: index)
                count += 1
            }
            return count
        }
        if index < end, bytes[index] == UInt8(ascii: "-") { index = bytes.index(after: index) }
        let wholeStart = index
        let whole = digits()
        guard whole > 0, bytes[wholeStart] != UInt8(ascii: "0") || whole == 1 else { return .notANumber }
        if index == end { return .integer }
        var decimal = false
        if bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            guard digits() > 0 else { return .notANumber }
            decimal = true
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index = bytes.index(after: index)
            }
            guard digits() > 0 else { return .notANumber }
            decimal = true
        }
        return index == end && decimal ? .decimal : .notANumber
    }
}
