import Foundation
@_spi(Tools) import PlugboardProfileFormat
import Testing

/// Secrets by reference: the syntax, where values come from, and that a value is printed nowhere.
@Suite struct SecretTests {
    struct GatewaySettings: Decodable {
        var endpoint: URL
        var apiKey: Secret
    }

    static let value = "sk-\(UUID().uuidString)"

    /// `text` as one profile's `with`, decoded as `T` with `resolver` as the launch's.
    func decode<T: Decodable>(_ type: T.Type, _ text: String, resolver: SecretResolver?) throws -> Result<
        T, ProfileError
    > {
        guard case .success(let tree) = YAMLParser.parse(Array(text.utf8), file: "with.yaml") else {
            throw CancellationError()
        }
        return Result { () throws(ProfileError) in
            try NodeDecoder.decoded(
                T.self, from: ValueNode(tree: tree, index: tree.root), code: .invalidSettings, secrets: resolver)
        }
    }

    @Test func aReferenceNamesItsSource() {
        #expect(SecretReference("env:PAYMENT_API_KEY")?.source == .env)
        #expect(SecretReference("file:/run/secrets/payment key")?.name == "/run/secrets/payment key")
        #expect(SecretReference("config:payments.apiKey")?.description == "config:payments.apiKey")
        for wrong in ["PAYMENT_API_KEY", "env:", "env:1KEY", "env:KEY-1", "vault:x", "file: /x", "sk_live_123"] {
            #expect(SecretReference(wrong) == nil, "\(wrong)")
        }
    }

    @Test func aSecretFromTheEnvironmentReachesTheSettingsAndItsDescriptionsHideIt() throws {
        let resolver = SecretResolver(environment: ["PAYMENT_API_KEY": Self.value])
        let decoded = try decode(
            GatewaySettings.self, "{ endpoint: \"https://pay.example\", apiKey: \"env:PAYMENT_API_KEY\" }",
            resolver: resolver
        ).get()
        #expect(decoded.apiKey.value == Self.value)
        #expect(decoded.apiKey.reference == "env:PAYMENT_API_KEY")
        var dumped = ""
        dump(decoded, to: &dumped)
        let printed = [
            "\(decoded)", String(reflecting: decoded), dumped, "\(decoded.apiKey)", decoded.apiKey.debugDescription,
        ]
        for text in printed {
            #expect(!text.contains(Self.value), "\(text)")
        }
        #expect("\(decoded.apiKey)" == "Secret(env:PAYMENT_API_KEY, redacted)")
    }

    @Test func aMountedFileLosesItsTrailingNewline() throws {
        let file = NSTemporaryDirectory() + "plugboard-secret-\(UUID().uuidString)"
        try (Self.value + "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(
            try SecretResolver(environment: [:]).resolve(#require(SecretReference("file:\(file)"))).get() == Self.value)
    }

    @Test func aMissingValueIsReportedByItsReference() throws {
        let resolver = SecretResolver(environment: ["EMPTY": ""])
        func problem(_ text: String) throws -> String? {
            guard case .failure(let problem) = resolver.resolve(try #require(SecretReference(text))) else { return nil }
            return problem.message
        }
        #expect(try problem("env:MISSING") == "secret env:MISSING is not set: the environment has no MISSING")
        #expect(try problem("env:EMPTY") == "secret env:EMPTY is empty")
        #expect(
            try problem("file:/nonexistent/key")
                == "secret file:/nonexistent/key cannot be read (no such file, or not readable)")
        #expect(
            try problem("config:payments.apiKey")?.hasPrefix(
                "secret config:payments.apiKey needs the program's configuration") == true)
        let configured = SecretResolver(environment: [:], configuration: { $0 == "payments.apiKey" ? "k" : nil })
        #expect(try configured.resolve(#require(SecretReference("config:payments.apiKey"))).get() == "k")
    }

    @Test func aValueThatIsNotAReferenceIsRefusedWithoutBeingRepeated() throws {
        for literal in ["\"\(Self.value)\"", "123456789", "{ key: \"\(Self.value)\" }"] {
            let result = try decode(
                GatewaySettings.self, "{ endpoint: \"https://pay.example\", apiKey: \(literal) }",
                resolver: SecretResolver(environment: [:]))
            guard case .failure(let error) = result else {
                Issue.record("\(literal) was accepted")
                continue
            }
            #expect(error.diagnostics.map(\.code) == [.invalidSecretReference])
            #expect(!error.description.contains(Self.value) && !error.description.contains("123456789"))
        }
    }

    @Test func anotherDecoderResolvesInThisProcessesFiles() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)").path
        try (Self.value + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        func settings(_ reference: String) -> Data {
            Data("{\"endpoint\": \"https://pay.example\", \"apiKey\": \"\(reference)\"}".utf8)
        }
        let decoded = try JSONDecoder().decode(GatewaySettings.self, from: settings("file:" + file))
        #expect(decoded.apiKey.value == Self.value)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GatewaySettings.self, from: settings("file:" + file + ".missing"))
        }
    }

    @Test func theCatalogCallsASecretASecretAndTheValidatorChecksOnlyItsSyntax() throws {
        let shape = TypeShape.of(GatewaySettings.self)
        #expect(shape == .object(properties: ["endpoint": .url, "apiKey": .secret], required: ["apiKey", "endpoint"]))
        let encoded = try JSONEncoder().encode(TypeShape.secret)
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"secret-reference\""))
        #expect(try JSONDecoder().decode(TypeShape.self, from: encoded) == .secret)

        guard
            case .success(let tree) = YAMLParser.parse(Array("[\"env:NOT_SET_HERE\", \"plain\"]".utf8), file: "v.yaml")
        else { throw CancellationError() }
        let items = try #require(tree.items(of: tree.root))
        #expect(
            ShapeChecker.check(ValueNode(tree: tree, index: items[0]), against: .secret, code: .invalidSettings).isEmpty
        )
        #expect(
            ShapeChecker.check(ValueNode(tree: tree, index: items[1]), against: .secret, code: .invalidSettings).map(
                \.code)
                == [.invalidSecretReference])
        let resolving = ShapeChecker.check(
            ValueNode(tree: tree, index: items[0]), against: .secret, code: .invalidSettings,
            secrets: SecretResolver(environment: [:]))
        #expect(resolving.map(\.code) == [.secretNotFound])
    }
}

/// Nothing the package returns shows a secret's value or the process environment, whatever the program does
/// with it: printing the running launch is natural in a program that decides what a refused profile means.
@Suite struct SecretsInDescriptionsTests {
    @Test(arguments: ["env:SHOP_PASSWORD", "file"])
    func aLaunchPrintedOrDumpedShowsNoSecretAndNoEnvironment(reference: String) throws {
        let directory = Fixtures.temporaryDirectory()
        let secretFile = directory + "/password"
        try "file-secret-value".write(toFile: secretFile, atomically: true, encoding: .utf8)
        let password = reference == "file" ? "file:\(secretFile)" : reference
        let program = try ReloadProgram([
            "app.yaml": appProfile(store: "{ use: sql, with: { url: db, password: \"\(password)\" } }")
        ]) {
            $0.environment = ["SHOP_PASSWORD": "env-secret-value", "UNRELATED_TOKEN": "environment-sentinel"]
        }
        #expect(program.shop.store().contains("password="))  // the secret reached the program
        for launch in [program.launch!, program.running.current] {
            var dumped = ""
            dump(launch, to: &dumped)
            for shown in [String(describing: launch), String(reflecting: launch), dumped, "\(launch)"] {
                #expect(!shown.contains("secret-value"), "\(shown)")
                #expect(!shown.contains("environment-sentinel"), "\(shown)")
            }
            #expect(String(describing: launch).contains("profiles: app"))
        }
    }
}
