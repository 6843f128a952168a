/// How plain scalars read, by the YAML 1.2 core schema (stricter than YAML 1.1).
enum ScalarRules {
    /// `0`, `-12`, `42`; not `010`, `0x1F`, `1_000`, `1:30`, `+5`.
    static func isInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        guard let first = digits.first, digits.allSatisfy(\.isASCIIDigit) else { return false }
        return first != "0" || digits.count == 1
    }

    /// An integer, or a decimal with a fraction and/or exponent (`1.5`, `2e3`); not `.5`, `NaN`, `.inf`.
    static func isNumber(_ text: String) -> Bool {
        // Nearly every scalar a reader asks about is a name: a look at its first byte answers for those.
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (first &- UInt8(ascii: "0")) < 10 else {
            return false
        }
        if isInteger(text) { return true }
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        let mantissaEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
        let mantissa = rest[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
            whole.first != "0" || whole.count == 1
        else { return false }
        if parts.count == 2 && (parts[1].isEmpty || !parts[1].allSatisfy(\.isASCIIDigit)) { return false }
        if mantissaEnd != rest.endIndex {
            var exponent = rest[rest.index(after: mantissaEnd)...]
            if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
            return !exponent.isEmpty && exponent.allSatisfy(\.isASCIIDigit)
        }
        return parts.count == 2
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
