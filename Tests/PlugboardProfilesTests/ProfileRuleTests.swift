import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
@_spi(Tools) import PlugboardProfiles
import Testing

/// Every rule of the format and of checking against declarations, on the files in Fixtures/profiles.
@Suite struct ProfileRuleTests {
    static let cases = Fixtures.manifest(Fixtures.profiles + "/EXPECTED")

    @Test func everyCaseNamesAProfileThatIsThere() {
        #expect(!Self.cases.isEmpty)
        for name in Self.cases.map({ $0[0] }) {
            let directory = name == "twice" ? Fixtures.profiles + "/duplicate" : Fixtures.profiles
            let found = ["yaml", "json"].contains {
                FileManager.default.fileExists(atPath: "\(directory)/\(name).\($0)")
            }
            #expect(found, "\(name) is in the manifest but not in \(directory)")
        }
    }

    @Test(arguments: cases)
    func eachBrokenProfileGetsItsDiagnostic(expected: [String]) {
        let (name, code, place) = (expected[0], expected[1], expected[2])
        let container = RulesContainer()
        let before = container.state
        let directories = name == "twice" ? [Fixtures.profiles + "/duplicate"] : [Fixtures.profiles]
        let report = container.apply([name], directories: directories)
        let found = report.diagnostics.first { $0.code.rawValue == code }
        #expect(found.map { "\($0.position.line):\($0.position.column)" } == place, "\(report.diagnostics)")
        if code == "PB207" {
            #expect(found?.severity == .warning)
        } else {
            #expect(!report.isApplied)
            #expect(container.state == before, "nothing half-applied")
        }
    }

    @Test func didYouMeanSuggestions() {
        func message(_ name: String) -> String {
            RulesContainer().apply([name]).diagnostics.filter { $0.severity == .error }.map(\.message).joined(
                separator: "\n")
        }
        #expect(message("unknown-field").contains("did you mean 'containers'?"))
        #expect(message("unknown-factory").contains("did you mean 'analytics'?"))
        #expect(message("unknown-implementation").contains("did you mean 'console'?"))
        #expect(message("unknown-scope").contains("did you mean 'session'?"))
        #expect(message("unknown-context").contains("did you mean 'test'?"))
        #expect(message("invalid-settings").contains("did you mean 'url'?"))
        #expect(message("invalid-value-struct").contains("did you mean 'name'?"))
    }

    @Test func anUnknownContainerIsReportedAgainstACatalog() {
        let (documents, _) = ProfileLibrary(directories: [Fixtures.profiles]).resolve([
            Located("unknown-container", at: SourcePosition(file: "-", line: 1, column: 1))
        ])
        var catalog = Catalog()
        catalog.containers["RulesContainer"] = Catalog.CatalogContainer()
        let (_, diagnostics) = ProfileChecker.check(
            MergedProfile(names: ["unknown-container"], documents: documents), against: CatalogSource(catalog))
        #expect(diagnostics.first?.code == .unknownContainer)
        #expect(diagnostics.first?.message.contains("did you mean 'RulesContainer'?") == true)
        #expect(diagnostics.first.map { "\($0.position.line):\($0.position.column)" } == "3:3")
    }

    @Test func factoryKeysAreIdentifiersInAnyScript() throws {
        func isInvalid(_ key: String) throws -> Bool {
            let yaml = "plugboard: 1\ncontainers:\n  Container:\n    \"\(key)\": {use: a}\n"
            let tree = try YAMLParser.parse(Array(yaml.utf8), file: "names.yaml").get()
            return DocumentReader.read(tree, name: "names").1.contains { $0.code == .invalidName }
        }
        for valid in ["analytics", "_private", "user(id:)", "a.b", "x9", "Größe", "größe_2", "数据"] {
            #expect(try !isInvalid(valid), "\(valid)")
        }
        for invalid in ["", "9lives", "kebab-case", "with space", "émoji😀", "ß-x", "a-ß", "2ß"] {
            #expect(try isInvalid(invalid), "\(invalid)")
        }
    }

    // MARK: What valid profiles do

    @Test func aProfileChoosesImplementationsValuesAndScopes() {
        let container = RulesContainer()
        let report = container.apply(["base"])
        #expect(report.isApplied)
        #expect(
            report.profiledFactories == ["RulesContainer.analytics", "RulesContainer.retries", "RulesContainer.cache"],
            "in the order the file names them")
        #expect(container.analytics().name == "console")
        #expect(container.retries() == 3)
        #expect(container.cache().name == "memory")
        #expect(container.cache() === container.cache(), "scope: cached")
    }

    @Test func childrenOverrideTheirParentsFieldByField() {
        let container = RulesContainer()
        container.apply(["child"])
        #expect(container.analytics().name == "http https://child.example retries 2")
        #expect(container.retries() == 5)
        #expect(container.cache().name == "memory", "kept from the parent")
    }

    @Test func useDefaultUndoesAParentsChoice() {
        let container = RulesContainer()
        container.apply(["grandchild"])
        #expect(container.analytics().name == "code")
        #expect(container.retries() == 5)
    }

    @Test(arguments: ["test: default", "test: { use: default }", "device: default", "arg: { --x: default }"])
    func defaultIsTheDefinitionInsideContextsToo(context: String) throws {
        let directory = Fixtures.temporaryDirectory()
        try
            "plugboard: 1\ncontainers:\n  RulesContainer:\n    analytics:\n      use: console\n      contexts: { \(context) }\n"
            .write(toFile: directory + "/p.yaml", atomically: true, encoding: .utf8)
        let container = RulesContainer()
        let report = container.apply(["p"], directories: [directory])
        #expect(report.isApplied, "\(report.diagnostics)")
        // Under `swift test` on Linux the test and device contexts are on: there the definition wins over `console`.
        #expect(container.analytics().name == (context.hasPrefix("arg") ? "console" : "code"))
    }

    @Test func defaultTakesNoSettingsAndSaysSo() throws {
        let directory = Fixtures.temporaryDirectory()
        try "plugboard: 1\ncontainers:\n  RulesContainer:\n    analytics: { use: default, with: { url: x } }\n"
            .write(toFile: directory + "/p.yaml", atomically: true, encoding: .utf8)
        let report = RulesContainer().apply(["p"], directories: [directory])
        #expect(!report.isApplied)
        #expect(
            report.diagnostics.map(\.description) == [
                "\(directory)/p.yaml:4:38: error: `default` (the definition of RulesContainer.analytics) takes no settings (`with`) [PB406]"
            ])
    }

    @Test(arguments: ["yes", "no", "on", "off", "y", "n", "Yes", "OFF"])
    func aPlainYAML11BooleanIsTextWithAWarning(word: String) throws {
        let directory = Fixtures.temporaryDirectory()
        try "plugboard: 1\ncontainers:\n  RulesContainer:\n    limits: { value: { maxItems: 3, name: \(word) } }\n"
            .write(toFile: directory + "/p.yaml", atomically: true, encoding: .utf8)
        let container = RulesContainer()
        let report = container.apply(["p"], directories: [directory])
        #expect(report.isApplied, "\(report.diagnostics)")
        #expect(container.limits() == Limits(maxItems: 3, name: word))
        #expect(report.diagnostics.map(\.code) == [.ambiguousScalar])
        #expect(report.diagnostics.first?.severity == .warning)
    }

    @Test func trueAndNullAreStillNotText() throws {
        let directory = Fixtures.temporaryDirectory()
        try "plugboard: 1\ncontainers:\n  RulesContainer:\n    limits: { value: { maxItems: 3, name: true } }\n"
            .write(toFile: directory + "/p.yaml", atomically: true, encoding: .utf8)
        let report = RulesContainer().apply(["p"], directories: [directory])
        #expect(!report.isApplied)
        #expect(
            report.diagnostics.first?.message == "expected text, found the boolean true unquoted; quote it (\"true\")")
    }

    @Test func aChildMayChangeOnlyTheSettingsOfItsParentsChoice() {
        let container = RulesContainer()
        let report = container.apply(["settings-only"])
        #expect(report.isApplied, "\(report.diagnostics)")
        #expect(container.analytics().name == "http https://settings-only.example retries 0")
    }

    @Test func severalActiveProfilesMergeLeftToRight() {
        let container = RulesContainer()
        container.apply(["left", "right"])
        #expect(container.verbose() == false)
        #expect(container.analytics().name == "console")
        let reversed = RulesContainer()
        let report = reversed.apply(["right", "left"])
        #expect(reversed.verbose() == true)
        #expect(
            report.profiledFactories == [
                "RulesContainer.verbose", "RulesContainer.analytics", "RulesContainer.retries",
            ], "in the order the profiles first name them")
    }

    @Test func aMergedSectionKeepsTheOrderFactoriesAreFirstNamedIn() {
        let origin = SourcePosition(file: "-", line: 1, column: 1)
        let (documents, _) = ProfileLibrary(directories: [Fixtures.profiles]).resolve([Located("child", at: origin)])
        let section = MergedProfile(names: ["child"], documents: documents).containers["RulesContainer"]
        #expect(section?.entries.map(\.key) == ["analytics", "retries", "cache"])
        #expect(section?["retries"]?.value?.origin.file.hasSuffix("child.yaml") == true)
        #expect(section?["retries"]?.value?.overridden.map(\.line) == [8])
        #expect(section?["retries"]?.value?.profile == "child", "the child overrides its parent's retries")
        #expect(section?["analytics"]?.use?.profile == "child")
        #expect(section?["cache"]?.scope?.profile == "base", "set by the parent only")
        var moved = section?["retries"]?.value
        moved?.profile = "elsewhere"
        #expect(moved?.profile == "elsewhere" && moved?.origin == section?["retries"]?.value?.origin)
        #expect(section?["unknown"] == nil)
    }

    @Test func extendsChainsApplyEachProfileOnceParentsFirst() {
        let container = RulesContainer()
        let report = container.apply(["diamond"])
        #expect(
            report.files.map { ($0 as NSString).lastPathComponent } == [
                "base.yaml", "child.yaml", "left.yaml", "diamond.yaml",
            ])
        #expect(container.analytics().name == "console")
        #expect(container.retries() == 1)
    }

    @Test func contextsFromAProfileTakeTheirPlaces() {
        let container = RulesContainer()
        container.apply(["contexts"])
        #expect(FactoryContext.withContext(FactoryContext(isTest: true)) { container.analytics().name } == "null")
        #expect(FactoryContext.withContext(FactoryContext(isTest: true)) { container.retries() } == 99)
        #expect(
            FactoryContext.withContext(FactoryContext(arguments: ["app", "--mock-analytics"], isTest: true)) {
                container.analytics().name
            } == "console",
            "a launch argument wins over the test context")
        #expect(
            FactoryContext.withContext(FactoryContext(arguments: ["app", "--http-analytics"])) {
                container.analytics().name
            }
                == "http https://arg.example retries 0")
        #expect(FactoryContext.withContext(.empty) { container.analytics().name } == "code")
    }

    @Test func valuesDecodeIntoTheDeclaredTypes() {
        let container = RulesContainer()
        let report = container.apply(["values"], directories: [Fixtures.profiles])
        #expect(report.diagnostics.first?.code == .duplicateProfile, "values.yaml and values.json share a folder")
        let directory = Fixtures.temporaryDirectory()
        try? FileManager.default.copyItem(
            atPath: Fixtures.profiles + "/values.yaml", toPath: directory + "/values.yaml")
        let yaml = RulesContainer()
        #expect(yaml.apply(["values"], directories: [directory]).isApplied)
        #expect(yaml.apiBaseURL().absoluteString == "https://values.example/api")
        #expect(yaml.servers() == ["alpha", "beta"])
        #expect(yaml.limits() == Limits(maxItems: 10, name: "small"))
        #expect(yaml.verbose() == true)
        #expect(yaml.ratio() == 0.25)
    }

    @Test func jsonProfilesCarryTheSameModel() throws {
        let directory = Fixtures.temporaryDirectory()
        try FileManager.default.copyItem(atPath: Fixtures.profiles + "/values.json", toPath: directory + "/values.json")
        let container = RulesContainer()
        #expect(container.apply(["values"], directories: [directory]).isApplied)
        #expect(container.retries() == 7)
        #expect(container.verbose() == false)
        #expect(container.servers() == ["one"])
    }

    @Test func customScopesByName() {
        let container = RulesContainer()
        container.apply(["custom-scope"])
        let disk = container.cache()
        #expect(disk.name == "disk")
        #expect(container.cache() === disk)
        container.manager.reset(scope: .session)
        #expect(container.cache() !== disk)
    }

    @Test func aSectionForAContainerTheProgramDoesNotDeclareRefusesTheProfile() {
        // Without ProfileSystem.bootstrap, the container that applies is the whole program.
        let container = RulesContainer()
        let report = container.apply(["other-container"])
        #expect(!report.isApplied)
        let unknown = report.diagnostics.first { $0.code == .unknownContainer }
        #expect(
            unknown?.message
                == "unknown container 'SomeOtherContainer' (a program with several profile-aware containers lists them in ProfileSystem.bootstrap)"
        )
        #expect(container.retries() == 0, "its own section is not applied either")
    }

    @Test func ambiguousScalarsWarnAndStillCount() {
        let report = RulesContainer().apply(["ambiguous"])
        let warning = report.diagnostics.first { $0.code == .ambiguousScalar }
        #expect(warning?.message.contains("'no' is read as a boolean by other YAML tools; quote it") == true)
        #expect(report.diagnostics.contains { $0.code == .unknownImplementation && $0.message.contains("'no'") })
    }

    // MARK: Activation

    @Test func theProgramsCodeWinsOverArgumentAndEnvironment() {
        let container = RulesContainer()
        container.apply(
            ["left"], arguments: ["app", "--plugboard-profile", "right"], environment: ["PLUGBOARD_PROFILE": "base"])
        #expect(container.retries() == 1)
    }

    @Test func theLaunchArgumentWinsOverTheEnvironment() {
        let container = RulesContainer()
        let report = container.apply(
            nil, arguments: ["app", "--plugboard-profile", "base"], environment: ["PLUGBOARD_PROFILE": "left"])
        #expect(report.selection == ProfileSelection(names: ["base"], source: .argument))
        #expect(container.retries() == 3)
        let equals = RulesContainer()
        #expect(
            equals.apply(nil, arguments: ["app", "--plugboard-profile=left,right"]).selection.names == [
                "left", "right",
            ])
        #expect(equals.verbose() == false)
    }

    @Test func theEnvironmentWinsOverTheDefaultProfile() {
        let container = RulesContainer()
        let report = container.apply(nil, environment: ["PLUGBOARD_PROFILE": "child"])
        #expect(report.selection.source == .environment)
        #expect(container.retries() == 5)
    }

    @Test func theDefaultProfileAppliesWhenNothingIsAsked() {
        let container = RulesContainer()
        let report = container.apply(nil)
        #expect(report.selection == ProfileSelection(names: ["default"], source: .default))
        #expect(container.retries() == 42)
    }

    @Test func withoutADefaultProfileTheCodeStands() {
        let container = RulesContainer()
        let report = container.apply(nil, directories: [Fixtures.profiles + "/duplicate"])
        #expect(report.selection.source == .none)
        #expect(report.isApplied && report.files.isEmpty && report.profiledFactories.isEmpty, "nothing to change")
        #expect(container.retries() == 0)
    }

    @Test func searchPathOrderFirstMatchWins() throws {
        // PLUGBOARD_PROFILE_PATH, then folders given in code, then Profiles/ in the working directory.
        let second = Fixtures.profiles + "/second"
        let fromEnvironment = RulesContainer()
        fromEnvironment.apply(nil, environment: ["PLUGBOARD_PROFILE_PATH": second])
        #expect(fromEnvironment.retries() == 43)
        let fromCode = RulesContainer()
        fromCode.apply(["only-second"], directories: [Fixtures.profiles, second])
        #expect(fromCode.retries() == 44)

        let working = Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: working + "/Profiles", withIntermediateDirectories: true)
        try "plugboard: 1\ncontainers:\n  RulesContainer:\n    retries: { value: 46 }\n".write(
            toFile: working + "/Profiles/base.yaml", atomically: true, encoding: .utf8)
        let codeBeforeWorking = RulesContainer()
        codeBeforeWorking.apply(["base"], directories: [second], workingDirectory: working)
        #expect(codeBeforeWorking.retries() == 45)
        let workingOnly = RulesContainer()
        workingOnly.apply(["base"], directories: [], workingDirectory: working)
        #expect(workingOnly.retries() == 46)
    }

    // MARK: Applying behaves like code

    @Test func whatAProfileSetsIsUndoneByPopAndReset() {
        let container = RulesContainer()
        container.manager.push()
        container.apply(["base"])
        #expect(container.retries() == 3)
        container.manager.pop()
        #expect(container.retries() == 0)
        container.apply(["base"])
        container.manager.reset()
        #expect(container.analytics().name == "code")
    }

    @Test func applyingOutsideAutoRegisterClearsCachedInstancesLikeRegister() {
        let container = RulesContainer()
        let before = container.cache.cached()
        container.apply(["base"])
        #expect(container.cache() !== before)
        #expect(container.cache().name == "memory")
    }

    @Test func theLogSaysWhatWasApplied() {
        let lines = Lines()
        let report = RulesContainer().apply(["child"], log: lines)
        let line = lines.all.first { $0.hasPrefix("info: applied profile child") }
        #expect(
            line?.contains(
                "(code) to RulesContainer from base.yaml, child.yaml: 3 factories changed (RulesContainer.analytics, RulesContainer.retries, RulesContainer.cache)"
            ) == true, "\(lines.all)")
        #expect(line?.contains("content hash \(report.contentHash)") == true)
        #expect(report.contentHash.count == 16)
        #expect(RulesContainer().apply(["child"]).contentHash == report.contentHash, "the same files hash the same")
    }

    @Test func keepDefaultsLogsEveryDiagnostic() {
        let lines = Lines()
        RulesContainer().apply(["invalid-settings"], log: lines)
        #expect(
            lines.all.contains {
                $0.hasPrefix("error: ") && $0.contains("invalid-settings.yaml:7:9: error: unknown setting 'ur'")
            })
        #expect(
            lines.all.last
                == "error: profile invalid-settings was not applied to RulesContainer; keeping the code's defaults")
    }

    @Test func theCatalogDescribesTheDeclarations() throws {
        RulesContainer().apply([])
        let catalog = ProfileCatalog.current
        let factories = try #require(catalog.containers["RulesContainer"]?.factories)
        #expect(
            Set(factories.keys) == [
                "analytics", "apiBaseURL", "retries", "verbose", "servers", "limits", "ratio", "cache", "ticker",
                "level", "sinks",
            ])
        #expect(factories["sinks"]?.list == true && factories["sinks"]?.implementations.count == 2)
        #expect(factories["cache"]?.list == nil, "a single choice is not a list")
        #expect(factories["analytics"]?.type == "Analytics")
        #expect(Set(factories["analytics"]?.implementations.keys ?? [:].keys) == ["console", "null", "http"])
        #expect(factories["analytics"]?.implementations["http"]?.settingsType == "HTTPSettings")
        #expect(
            factories["analytics"]?.implementations["http"]?.settings
                == .object(
                    properties: ["url": .url, "retries": .integer, "timeoutSeconds": .number], required: ["url"]))
        #expect(
            factories["limits"]?.value
                == .object(properties: ["maxItems": .integer, "name": .string], required: ["maxItems", "name"]))
        #expect(factories["servers"]?.value == .array(.string))
        #expect(factories["ticker"]?.definitionScope == "singleton")
        #expect(factories["cache"]?.definitionScope == nil)
        #expect(factories["verbose"]?.value == .boolean)
        #expect(catalog.scopes.contains("session"))
        let reread = try Catalog.read(from: catalog.jsonData())
        #expect(reread == catalog)
    }
}
