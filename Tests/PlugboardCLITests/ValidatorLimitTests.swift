import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// The validator's bounds: how many findings it prints per file, how deep an `extends` chain may go, and
/// what it says about files that are not on the command line.
@Suite struct ValidatorLimitTests {
    /// Profiles `c0` ... `c(count-1)`, each extending the next.
    static func chain(of count: Int, in directory: String) throws {
        for index in 0..<count {
            let extends = index + 1 < count ? "extends: c\(index + 1)\n" : ""
            try "plugboard: 1\n\(extends)".write(
                toFile: "\(directory)/c\(index).yaml", atomically: true, encoding: .utf8)
        }
    }

    @Test func aFileWithManyFindingsPrintsTheFirstHundredAndCountsTheRest() throws {
        let directory = CLI.temporaryDirectory()
        let text = "plugboard: 1\n" + (0..<250).map { "unknown\($0): x\n" }.joined()
        try text.write(toFile: directory + "/many.yaml", atomically: true, encoding: .utf8)

        let run = try CLI.run(["validate", directory])
        #expect(run.status == 1)
        #expect(run.output.split(separator: "\n").filter { $0.contains("[PB200]") }.count == 100)
        #expect(
            run.output.contains(
                "\(directory)/many.yaml: 150 more finding(s) not shown (--max-findings sets how many are shown per file)"
            ))
        #expect(
            run.output.hasSuffix("1 file checked: 0 valid, 1 invalid (250 errors, 0 warnings)\n"),
            "the summary counts them all")

        let all = try CLI.run(["validate", directory, "--max-findings", "0"])
        #expect(all.output.split(separator: "\n").filter { $0.contains("[PB200]") }.count == 250)
        let json = try CLI.run(["validate", directory, "--format", "json"])
        #expect(json.output.components(separatedBy: "\"PB200\"").count - 1 == 250, "json keeps every finding")
    }

    @Test func anExtendsChainDeeperThanTheLimitIsAnError() throws {
        let directory = CLI.temporaryDirectory()
        try Self.chain(of: 66, in: directory)
        let run = try CLI.run(["validate", directory])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "c0.yaml:1:1: error: extends chain deeper than 64 profiles (c0 -> ... -> c63 -> c64); ParseLimits.maxExtendsDepth sets the limit [PB303]"
            ))
        #expect(
            run.output.contains("c1.yaml:1:1: error: extends chain deeper than 64 profiles (c1 -> ... -> c64 -> c65)"))
        #expect(!run.output.contains("c2.yaml:"), "c2's chain is 64 long: within the limit")
        #expect(
            run.output.hasSuffix("66 files checked: 64 valid, 2 invalid (3 errors, 0 warnings)\n"),
            "c0 also extends c1, which has errors")
    }

    @Test func aSiblingOfAFileGivenAloneIsNamedWithItsFolderAndWhyItMatters() throws {
        let directory = CLI.temporaryDirectory()
        try "plugboard: 1\n".write(toFile: directory + "/app.yaml", atomically: true, encoding: .utf8)
        try "{\"plugboard\": 1}\n".write(toFile: directory + "/app.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["validate", "app.yaml"], in: directory)
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "app.yaml:1:1: error: profile 'app' is defined twice in .: app.json and app.yaml (a launch searching that folder could not tell which to read) [PB302]"
            ),
            "\(run.output)")
    }

    @Test func aProfileThatExtendsABrokenOneIsInvalidToo() throws {
        let directory = CLI.temporaryDirectory()
        try "plugboard: 1\ncontainers:\n  Container:\n    store: { uze: file }\n".write(
            toFile: directory + "/base.yaml", atomically: true, encoding: .utf8)
        try "plugboard: 1\nextends: base\n".write(toFile: directory + "/child.yaml", atomically: true, encoding: .utf8)
        let run = try CLI.run(["validate", directory])
        #expect(run.status == 1)
        #expect(run.output.contains("base.yaml:4:14: error: unknown field 'uze'; did you mean 'use'? [PB200]"))
        #expect(
            run.output.contains(
                "child.yaml:2:10: error: child extends 'base' (base.yaml), which has errors: it cannot be applied until they are fixed [PB304]"
            ))
        #expect(
            run.output.hasSuffix("2 files checked: 0 valid, 2 invalid (2 errors, 0 warnings)\n"),
            "as a launch of either would stop")
    }

    @Test func aCombinationWhoseProfileDoesNotParseIsInvalid() throws {
        let directory = CLI.temporaryDirectory()
        try "plugboard: 1\ncontainers: [\n".write(toFile: directory + "/broken.yaml", atomically: true, encoding: .utf8)
        let run = try CLI.run(["validate", directory, "--profile", "broken"])
        #expect(run.status == 1)
        #expect(run.output.hasSuffix("1 profile combination checked, 1 invalid\n"), "\(run.output)")
    }
}
