import Foundation
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// Runs the built `plugboard` binary as a subprocess on real files.
enum CLI {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized.path

    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The built product `name`, beside the tests in the build folder. On Linux the tests are an executable
    /// there (`CommandLine.arguments[0]`); on macOS they are a `.xctest` bundle there, loaded by `xctest` or
    /// `swiftpm-testing-helper` from the toolchain, so the bundle's folder is the one to look in.
    static func binary(_ name: String) -> String {
        if name.hasPrefix("/") { return name }  // a copy the test made elsewhere
        let testBundles = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        let folders =
            testBundles.map { $0.deletingLastPathComponent() } + [
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                Bundle.main.bundleURL.deletingLastPathComponent(),
            ]
        let candidates = folders.map { $0.appendingPathComponent(name).path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    static func run(
        _ arguments: [String], in directory: String = fixtures, environment: [String: String] = [:],
        executable: String = "plugboard"
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary(executable))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = childEnvironment(environment)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are drained at once: a child that fills one (64 KiB) while the other is read to its end
        // would block forever.
        let err = DrainedPipe(errors)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err.data(), as: UTF8.self))
    }

    /// The tests' environment without what would change every launch (the shell's profile choice, its setting
    /// overrides, GitHub's variables), with `environment` over it.
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        var base = ProcessInfo.processInfo.environment
        base["GITHUB_ACTIONS"] = nil
        base["PLUGBOARD_PROFILE"] = nil
        base["PLUGBOARD_PROFILE_PATH"] = nil
        for name in base.keys where name.uppercased().hasPrefix("PLUGBOARD__") { base[name] = nil }
        return base.merging(environment) { _, new in new }
    }

    static func expected(_ name: String) throws -> String {
        try String(contentsOfFile: fixtures + "/expected/" + name, encoding: .utf8)
    }

    /// A new folder holding `files` (name -> text).
    static func folder(holding files: [String: String]) throws -> String {
        let directory = temporaryDirectory()
        for (name, text) in files {
            try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
        }
        return directory
    }

    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "plugboard-cli-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

@Suite struct ValidateTests {
    @Test(arguments: [
        ("text", "validate.txt"), ("json", "validate.json"), ("github", "validate.github.txt"),
        ("sarif", "validate.sarif.json"),
    ])
    func eachFormatMatchesItsExpectedOutput(format: String, expected: String) throws {
        let run = try CLI.run(["validate", "mixed", "--format", format])
        #expect(run.status == 1)
        #expect(run.output == (try CLI.expected(expected)))
        #expect(run.errors.isEmpty)
    }

    @Test func autoPicksGitHubUnderGitHubActionsAndTextElsewhere() throws {
        #expect(
            try CLI.run(["validate", "mixed"], environment: ["GITHUB_ACTIONS": "true"]).output
                == (try CLI.expected("validate.github.txt")))
        #expect(try CLI.run(["validate", "mixed"]).output == (try CLI.expected("validate.txt")))
    }

    @Test func noColorWhenNotATerminal() throws {
        let run = try CLI.run(["validate", "mixed"], environment: ["NO_COLOR": "1"])
        #expect(!run.output.contains("\u{1B}["))
    }

    @Test func aCatalogAndProfileCombinations() throws {
        let run = try CLI.run(["validate", "mixed", "--catalog", "rules-catalog.json", "--profile", "staging,typo"])
        #expect(run.status == 1)
        #expect(run.output == (try CLI.expected("validate-catalog.txt")))
    }

    @Test func exitStatusZeroWhenValidAndOneOnWarningsWithStrict() throws {
        let valid = try CLI.run([
            "validate", "mixed/base.yaml", "mixed/staging.json", "--catalog", "rules-catalog.json",
        ])
        #expect(valid.status == 0, "\(valid.output)")
        #expect(valid.output == "2 files checked: 2 valid, 0 invalid (0 errors, 0 warnings)\n")
        let directory = CLI.temporaryDirectory()
        try "plugboard: 1\ncontainers:\n  RulesContainer:\n    analytics: { use: null }\n".write(
            toFile: directory + "/warn.yaml", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["validate", directory]).status == 0, "warnings alone pass")
        #expect(try CLI.run(["validate", directory, "--strict"]).status == 1)
    }

    @Test func exitStatusTwoForTheToolsOwnProblems() throws {
        let missing = try CLI.run(["validate", "no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.output.isEmpty)
        #expect(missing.errors == "plugboard: cannot read no/such/folder: no such file or folder\n")
        let noCatalog = try CLI.run(["validate", "mixed", "--catalog", "missing.json"])
        #expect(noCatalog.status == 2)
        #expect(noCatalog.errors == "plugboard: cannot read the catalog missing.json\n")
        let badCatalog = try CLI.run(["validate", "mixed", "--catalog", "mixed/staging.json"])
        #expect(badCatalog.status == 2)
        #expect(badCatalog.errors.hasPrefix("plugboard: mixed/staging.json is not a Plugboard catalog"))
        let usage = try CLI.run(["validate", "mixed", "--format", "xml"])
        #expect(usage.status == 64 || usage.status == 2, "argument-parser's usage error")
        #expect(usage.errors.contains("--format"))
    }

    @Test func sarifHasOnlyAbsoluteURIs() throws {
        func uris(_ value: Any, key: String = "") -> [String] {
            if let object = value as? [String: Any] { return object.flatMap { uris($0.value, key: $0.key) } }
            if let list = value as? [Any] { return list.flatMap { uris($0, key: key) } }
            if let text = value as? String, key.hasSuffix("Uri") { return [text] }
            return []
        }
        let plain = try CLI.run(["validate", "mixed", "--format", "sarif"])
        #expect(
            uris(try JSONSerialization.jsonObject(with: Data(plain.output.utf8))).isEmpty,
            "no relative documentation links")

        let docs = "https://example.com/plugboard/docs/diagnostics.md"
        let linked = try CLI.run(["validate", "mixed", "--format", "sarif", "--docs-url", docs])
        let found = uris(try JSONSerialization.jsonObject(with: Data(linked.output.utf8)))
        #expect(found.contains(docs))
        #expect(found.contains(docs + "#pb402"))
        #expect(found.allSatisfy { URL(string: $0)?.scheme == "https" })

        let relative = try CLI.run(["validate", "mixed", "--format", "sarif", "--docs-url", "docs/diagnostics.md"])
        #expect(relative.status == 2)
    }

    @Test func everyDiagnosticCodeIsReported() throws {
        // Three codes need files that are not worth committing: a dangling link, a file over 16 MiB, a 2 MB scalar.
        let directory = CLI.temporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/dangling.yaml", withDestinationPath: directory + "/gone.yaml")
        #expect(FileManager.default.createFile(atPath: directory + "/huge.yaml", contents: Data(count: 17 << 20)))
        try ("plugboard: 1\ndescription: " + String(repeating: "x", count: 2 << 20) + "\n").write(
            toFile: directory + "/long.yaml", atomically: true, encoding: .utf8)
        try "plugboard: 1\ncontainers:\n  RulesContainer:\n    level: { value: loud }\n".write(
            toFile: directory + "/enum.yaml", atomically: true, encoding: .utf8)
        try ValidatorLimitTests.chain(of: 66, in: directory)
        try "plugboard: 1\nextends: enum\n".write(
            toFile: directory + "/child-of-broken.yaml", atomically: true, encoding: .utf8)
        // Deployment: a literal where a secret belongs, a reference nothing sets here, a misspelt override.
        try
            "plugboard: 1\ncontainers:\n  RulesContainer:\n    analytics: { use: http, with: { url: \"https://x.example\", apiKey: plain } }\n"
            .write(toFile: directory + "/literal-secret.yaml", atomically: true, encoding: .utf8)
        try
            "plugboard: 1\ncontainers:\n  RulesContainer:\n    analytics: { use: http, with: { url: \"https://x.example\", apiKey: \"env:PLUGBOARD_TESTS_UNSET\" } }\n"
            .write(toFile: directory + "/unset-secret.yaml", atomically: true, encoding: .utf8)
        // A deployment's environment file with a misspelt variable (PLUGBOARD_PROFILES).
        try "PLUGBOARD_PROFILES=production\n".write(
            toFile: directory + "/deployment.env", atomically: true, encoding: .utf8)
        let profiles = CLI.packageRoot + "/Tests/PlugboardProfilesTests/Fixtures"
        let run = try CLI.run([
            "validate", profiles + "/hostile", profiles + "/profiles", directory, "--catalog", "rules-catalog.json",
            "--format", "json", "--resolve-secrets", "--set", "RulesContainer.analytics.uses=console",
            "--env-file", directory + "/deployment.env",
        ])
        #expect(run.status == 1)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.output.utf8))
        let found = Set((report.files.flatMap(\.diagnostics) + report.combinations.flatMap(\.diagnostics)).map(\.code))
        // PB503 is about the program's own command line, which the validator never sees (LaunchFlagTests);
        // PB600 about a running program's singletons (ReloadTests).
        // PB115 only in a build without libyaml (JSONProfileLaunchTests); PB601 a reload without a launch
        // (ReloadServiceTests); PB410 a catalog with an unprovided promise (PromisedFactoryTests); PB305 a
        // program that requires a profile launched without one (RequiredProfileTests).
        let launchOnly: Set = [
            DiagnosticCode.noProfile.rawValue,
            DiagnosticCode.invalidLaunchFlag.rawValue, DiagnosticCode.singletonAlreadyBuilt.rawValue,
            DiagnosticCode.yamlUnavailable.rawValue, DiagnosticCode.noLaunch.rawValue,
            DiagnosticCode.unprovidedPromise.rawValue,
        ]
        let missing = Set(DiagnosticCode.all.map(\.rawValue)).subtracting(found).subtracting(launchOnly)
        #expect(missing.isEmpty, "never reported: \(missing.sorted())")
    }

    @Test func gitHubAnnotationsAreCappedPerSeverity() throws {
        let directory = CLI.temporaryDirectory()
        for index in 0..<12 {
            try "plugboard: 1\nfield\(index): x\n".write(
                toFile: directory + "/p\(index).yaml", atomically: true, encoding: .utf8)
        }
        let run = try CLI.run(["validate", directory, "--format", "github"])
        let lines = run.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.contains("2 more finding(s) beyond GitHub's 10 annotations per severity:"))
        #expect(lines.last == "12 files checked: 0 valid, 12 invalid (12 errors, 0 warnings)")
    }

    @Test func theExampleProgramsCatalogAgainstItsProfiles() throws {
        let catalog = CLI.temporaryDirectory() + "/catalog.json"
        let export = try CLI.run(["--plugboard-export-catalog", catalog], executable: "plugboard-example")
        #expect(export.status == 0)
        let run = try CLI.run(
            ["validate", "Examples/Notes/Profiles", "--catalog", catalog, "--profile", "uitest,staging"],
            in: CLI.packageRoot)
        #expect(run.status == 0, "\(run.output)")
        #expect(
            run.output
                == "5 files checked: 5 valid, 0 invalid (0 errors, 0 warnings); 1 profile combination checked, 0 invalid\n"
        )
    }

    struct Report: Decodable {
        struct File: Decodable {
            let file: String
            let diagnostics: [Item]
        }
        struct Item: Decodable {
            let code: String
        }
        struct Combination: Decodable {
            let diagnostics: [Item]
        }
        let files: [File]
        let combinations: [Combination]
    }
}

@Suite struct ExplainDiffSchemaTests {
    @Test func explainShowsEachSettingWithItsOrigin() throws {
        let text = try CLI.run(["explain", "staging", "--dir", "mixed"])
        #expect(text.status == 0)
        #expect(text.output == (try CLI.expected("explain.txt")))
        let json = try CLI.run(["explain", "staging", "--dir", "mixed", "--format", "json"])
        #expect(json.output == (try CLI.expected("explain.json")))
    }

    @Test func explainReportsProblemsWithExitStatusOne() throws {
        let run = try CLI.run(["explain", "orphan", "--dir", "mixed"])
        #expect(run.status == 1)
        #expect(
            run.output
                == "mixed/orphan.yaml:2:17: error: profile 'nowhere' not found (searched mixed; the profiles there: base, orphan, staging, typo) [PB300]\n"
        )
        #expect(try CLI.run(["explain", "base", "--dir", "nowhere"]).status == 2)
    }

    @Test func diffShowsWhatDiffersAndWhereEachSideComesFrom() throws {
        let run = try CLI.run(["diff", "base", "staging", "--dir", "mixed"])
        #expect(run.status == 0)
        #expect(run.output == (try CLI.expected("diff.txt")))
        #expect(
            try CLI.run(["diff", "base", "base", "--dir", "mixed"]).output == "no differences between base and base\n")
    }

    @Test func theCheckedInSchemasAreWhatTheCommandPrints() throws {
        let profile = try String(
            contentsOfFile: CLI.packageRoot + "/Schemas/plugboard-profile.schema.json", encoding: .utf8)
        #expect(try CLI.run(["schema"]).output == profile)
        let catalog = try String(
            contentsOfFile: CLI.packageRoot + "/Schemas/plugboard-catalog.schema.json", encoding: .utf8)
        #expect(try CLI.run(["schema", "--kind", "catalog"]).output == catalog)
    }

    @Test func aCatalogSchemaListsTheProgramsNames() throws {
        let run = try CLI.run(["schema", "--catalog", "rules-catalog.json"])
        #expect(run.status == 0)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let containers =
            ((schema["properties"] as? [String: Any])?["containers"] as? [String: Any])?["properties"] as? [String: Any]
        #expect(containers?.keys.sorted() == ["RulesContainer"])
        let factories = (containers?["RulesContainer"] as? [String: Any])?["properties"] as? [String: Any]
        #expect(
            factories?.keys.sorted() == [
                "analytics", "apiBaseURL", "cache", "level", "limits", "ratio", "retries", "servers", "sinks",
                "ticker", "verbose",
            ])
        // A list's `use` is `default`, one member, or distinct members; `with` only for members with settings.
        let sinks = try #require(factories?["sinks"] as? [String: Any])
        let listUse = try #require((sinks["properties"] as? [String: Any])?["use"] as? [String: Any])
        let forms = try #require(listUse["oneOf"] as? [[String: Any]])
        #expect(forms.first?["enum"] as? [String] == ["default", "console", "file"])
        #expect((forms.last?["items"] as? [String: Any])?["enum"] as? [String] == ["console", "file"])
        #expect(forms.last?["uniqueItems"] as? Bool == true)
        let use =
            ((factories?["analytics"] as? [String: Any])?["properties"] as? [String: Any])?["use"] as? [String: Any]
        #expect(use?["enum"] as? [String] == ["default", "console", "http", "null"])
        let scopes = ((schema["$defs"] as? [String: Any])?["scope"] as? [String: Any])?["enum"] as? [String]
        #expect(scopes == ["cached", "graph", "session", "shared", "singleton", "unique"])
    }
}

/// An independent JSON Schema implementation (Python's `jsonschema`) agrees with the validator without a
/// catalog on every file of the corpus.
@Suite struct SchemaAgreementTests {
    static let corpus: [String] = {
        let root = CLI.fixtures + "/schema-corpus"
        return ["valid", "invalid"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).sorted().map {
                "\(root)/\(folder)/\($0)"
            }
        }
    }()

    @Test func theCorpusHasValidAndInvalidFiles() throws {
        let root = CLI.fixtures + "/schema-corpus"
        let valid = try FileManager.default.contentsOfDirectory(atPath: root + "/valid")
        let invalid = try FileManager.default.contentsOfDirectory(atPath: root + "/invalid")
        #expect(!valid.isEmpty && !invalid.isEmpty)
        #expect(Self.corpus.count == valid.count + invalid.count)
    }

    @Test func pythonJSONSchemaAndTheValidatorGiveTheSameVerdict() throws {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft202012Validator(schema)
            for path in sys.argv[2:]:
                print(("valid" if validator.is_valid(json.load(open(path))) else "invalid") + " " + path)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", "-c", script, CLI.packageRoot + "/Schemas/plugboard-profile.schema.json"] + Self.corpus
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0,
            "python3 with the jsonschema module is needed (CI installs python3-jsonschema)")
        let verdicts = output.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).map(String.init) }
        #expect(verdicts.count == Self.corpus.count)
        for verdict in verdicts {
            let path = verdict[1]
            let ours = try CLI.run(["validate", path]).status == 0 ? "valid" : "invalid"
            #expect(ours == verdict[0], "\(path): jsonschema says \(verdict[0]), plugboard says \(ours)")
            #expect(path.contains("/\(verdict[0])/"), "\(path) is filed under the wrong verdict")
        }
    }
}

@Suite struct DocumentationTests {
    @Test func everyDiagnosticCodeIsDocumentedWithAnExample() throws {
        let text = try String(contentsOfFile: CLI.packageRoot + "/docs/diagnostics.md", encoding: .utf8)
        for code in DiagnosticCode.all {
            let section = text.components(separatedBy: "## \(code.rawValue)\n").dropFirst().first ?? ""
            #expect(!section.isEmpty, "\(code.rawValue) has no section")
            #expect(section.contains("[\(code.rawValue)]"), "\(code.rawValue)'s section shows no example line")
            #expect(section.contains("**\(code.title)** (\(code.severity.rawValue))"))
        }
    }
}

/// Reads a pipe to its end on a thread of its own, so that a child writing to it never blocks while another
/// pipe is being read.
final class DrainedPipe: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var collected = Data()

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread {
            self.collected = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    /// Everything the pipe carried, once its writer closed it.
    func data() -> Data {
        done.wait()
        return collected
    }
}
