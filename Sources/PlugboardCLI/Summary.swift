import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// The line that ends every text-like report: `12 files checked: 11 valid, 1 invalid (2 errors, 1 warning)`.
func summary(_ validation: Validation) -> String {
    let valid = validation.files.filter(\.valid).count
    let invalid = validation.files.count - valid
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    var line =
        "\(count(validation.files.count, "file")) checked: \(valid) valid, \(invalid) invalid (\(count(validation.errorCount, "error")), \(count(validation.warningCount, "warning")))"
    if !validation.combinations.isEmpty {
        let failing = validation.combinations.filter { !$0.valid }.count
        line += "; \(count(validation.combinations.count, "profile combination")) checked, \(failing) invalid"
    }
    return line + "\n"
}
