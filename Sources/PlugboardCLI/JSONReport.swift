import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// One JSON document with every result and the summary, in a deterministic order.
enum JSONReport {
    struct Document: Encodable {
        let version = 1
        let files: [Validation.FileResult]
        let combinations: [Validation.CombinationResult]
        let summary: Summary
    }

    struct Summary: Encodable {
        let files: Int
        let valid: Int
        let invalid: Int
        let errors: Int
        let warnings: Int
    }

    static func render(_ validation: Validation) -> String {
        let valid = validation.files.filter(\.valid).count
        let document = Document(
            files: validation.files, combinations: validation.combinations,
            summary: Summary(
                files: validation.files.count, valid: valid, invalid: validation.files.count - valid,
                errors: validation.errorCount, warnings: validation.warningCount))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }
}
