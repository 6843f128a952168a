import Foundation
@_spi(Tools) import PlugboardProfileFormat
import Testing

/// What `with:` decodes into, and what a profile author reads when it cannot: the decoder records which keys a
/// settings type read by their nodes, so these pin the messages and places that depend on it.
@Suite struct SettingsDecodingTests {
    struct Retry: Decodable, Equatable {
        var attempts: Int
        var timeout: Double?
    }

    struct Endpoint: Decodable, Equatable {
        var host: String
        var retry: Retry
    }

    /// A settings type that rejects a value itself, from a nested container: its error carries a coding path.
    struct Region: Decodable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let name = try container.decode(String.self)
            guard name.hasPrefix("eu-") else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a region: \(name)")
            }
        }
    }

    struct Placement: Decodable {
        var primary: Zone
        struct Zone: Decodable { var region: Region }
    }

    /// Fourteen fields: more than the decoder scans key by key.
    struct Wide: Decodable {
        var a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13: Int
    }

    func decode<T: Decodable>(_ type: T.Type, _ yaml: String) throws -> Result<T, ProfileError> {
        let tree = try YAMLParser.parse(Array(yaml.utf8), file: "settings.yaml").get()
        return Result { () throws(ProfileError) in
            try NodeDecoder.decoded(type, from: ValueNode(tree: tree, index: tree.root), code: .invalidSettings)
        }
    }

    func messages<T>(_ result: Result<T, ProfileError>) -> [String] {
        guard case .failure(let error) = result else { return [] }
        return error.diagnostics.map(\.description)
    }

    @Test func nestedSettingsDecode() throws {
        let result = try decode(Endpoint.self, "host: db.internal\nretry: { attempts: 3, timeout: 1.5 }\n")
        #expect(try result.get() == Endpoint(host: "db.internal", retry: Retry(attempts: 3, timeout: 1.5)))
    }

    @Test func aMisspeltOptionalSettingIsNamedWithTheOneMeant() throws {
        // `timeout` is optional and absent: the type still asked for it, so the misspelling is matched to it.
        let result = try decode(Endpoint.self, "host: db.internal\nretry:\n  attempts: 3\n  timout: 2\n")
        #expect(
            messages(result) == [
                "settings.yaml:4:3: error: unknown setting 'timout'; did you mean 'timeout'? [PB407]"
            ])
    }

    @Test func aMisspeltRequiredSettingIsReportedWhereItIsWritten() throws {
        let result = try decode(Endpoint.self, "host: db.internal\nretry: { atempts: 3 }\n")
        #expect(
            messages(result) == [
                "settings.yaml:2:10: error: unknown setting 'atempts'; did you mean 'attempts'? [PB407]"
            ])
    }

    @Test func anErrorThrownDeepInsideATypeIsReportedAtItsNode() throws {
        let result = try decode(Placement.self, "primary:\n  region: us-east-1\n")
        #expect(messages(result) == ["settings.yaml:2:11: error: not a region: us-east-1 [PB407]"])
    }

    @Test func wideSettingsReadEveryKeyAndReportTheOneTheyDoNotHave() throws {
        let fields = (0..<14).map { "a\($0): \($0)" }.joined(separator: "\n")
        let wide = try decode(Wide.self, fields + "\n").get()
        #expect(wide.a0 == 0 && wide.a13 == 13)
        #expect(
            messages(try decode(Wide.self, fields + "\ncolour: 14\n")) == [
                "settings.yaml:15:1: error: unknown setting 'colour' [PB407]"
            ])
    }

    @Test func aDictionaryReadsEveryKeyItHolds() throws {
        let limits = try decode([String: Int].self, "reads: 100\nwrites: 10\n").get()
        #expect(limits == ["reads": 100, "writes": 10])
    }

    struct Measure: Decodable {
        var value: Double
        var values: [Double]
    }

    /// Every number a setting can write decodes to the `Double` that parsing its text gives, bit for bit: short
    /// decimals are computed without the C parser, so this pins them to it, along with the forms left to it.
    @Test func decimalSettingsDecodeToTheCorrectlyRoundedDouble() throws {
        var texts = [
            "0", "-0", "0.0", "-0.0", "2.5", "0.1", "0.3", "1.7976931348", "123456789012345", "-99999999999999.9",
            "0.000000000000001", "9007199254740993", "1234567890123456", "0.30000000000000004", "1e3", "2.5E-3",
            "-1.5e10", "100", "4.35", "1.1", "5e-324",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let whole = UInt64.random(in: 0..<1_000_000_000, using: &generator)
            let fraction = String(UInt64.random(in: 0..<10_000_000, using: &generator))
            let sign = Bool.random(using: &generator) ? "-" : ""
            texts.append("\(sign)\(whole).\(fraction)")
        }
        for text in texts {
            let result = try decode(Measure.self, "value: \(text)\nvalues: [\(text)]\n")
            let expected = try #require(Double(text))
            let decoded = try result.get()
            #expect(decoded.value.bitPattern == expected.bitPattern, "\(text)")
            #expect(decoded.values.map(\.bitPattern) == [expected.bitPattern], "\(text)")
        }
        for refused in ["010", "1.", ".5", "+5", "1_000", "0x1F", "--1", "1-", "1.2.3"] {
            #expect(messages(try decode(Measure.self, "value: \(refused)\nvalues: []\n")).count == 1, "\(refused)")
        }
    }

}
