/// The exact value of a short decimal (`2.5`, `-0.25`, `30`), without the C library's parser.
///
/// A decimal of at most 15 significant digits and 15 fraction digits is an integer below 2^53 divided by a
/// power of ten below 10^22. Both are exact doubles, and IEEE division rounds correctly, so the quotient is
/// the correctly rounded value: the same `Double` that parsing the text gives. Anything else (an exponent,
/// more digits, a form a profile may not write such as `010` or `.5`) is left to the full parser (nil).
enum ShortDecimal {
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// The value `text` writes, or nil when it is not a short plain decimal.
    static func value(of text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            var index = 0
            let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var mantissa: UInt64 = 0
            var digits = 0
            var fractionDigits = 0
            var wholeDigits = 0
            var inFraction = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "."), !inFraction, wholeDigits > 0 {
                    inFraction = true
                } else if byte &- UInt8(ascii: "0") < 10 {
                    // A leading zero may only stand alone before the point (`0.5`, not `05`).
                    if !inFraction, wholeDigits == 1, mantissa == 0 { return nil }
                    mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                    digits += 1
                    if inFraction { fractionDigits += 1 } else { wholeDigits += 1 }
                    if digits > 15 { return nil }
                } else {
                    return nil
                }
                index += 1
            }
            // A point needs digits on both sides (`1.`, `.5` and `-` are not numbers here).
            guard wholeDigits > 0, !inFraction || fractionDigits > 0 else { return nil }
            let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
    }
}
