import Foundation
@_spi(Tools) import PlugboardProfileFormat
import Testing

/// Single-setting overrides at the format level: how variables, environment files and arguments read, how
/// their names are matched to a program's, and how they merge over the files.
@Suite struct SettingOverrideTests {
    /// A program with a payment gateway whose `http` implementation takes nested settings, and two factory keys
    /// that only case tells apart.
    static let catalog: Catalog = {
        var gateway = Catalog.CatalogFactory(type: "any Gateway")
        gateway.implementations["stub"] = Catalog.CatalogImplementation()
        gateway.implementations["http"] = Catalog.CatalogImplementation(
            settingsType: "HTTPSettings",
            settings: .object(
                properties: [
                    "url": .url, "timeoutSeconds": .number, "apiKey": .secret,
                    "retry": .object(properties: ["count": .integer, "backoff": .number], required: ["count"]),
                ], required: ["url"]))
        var payment = Catalog.CatalogContainer()
        payment.factories["gateway"] = gateway
        payment.factories["order_store"] = Catalog.CatalogFactory(type: "Store")
        payment.factories["orderStore"] = Catalog.CatalogFactory(type: "Store")
        var catalog = Catalog()
        catalog.containers["PaymentContainer"] = payment
        return catalog
    }()

    static let base = """
        plugboard: 1
        containers:
          PaymentContainer:
            gateway:
              use: http
              with: { url: "https://pay.example", retry: { count: 2, backoff: 0.5 } }
        """

    /// `base` merged, then `overrides` over it, and every finding (the catalog's checks included).
    func merged(_ overrides: [SettingOverride], over text: String = base) throws -> (MergedProfile, [Diagnostic]) {
        guard case .success(let tree) = YAMLParser.parse(Array(text.utf8), file: "base.yaml") else {
            throw Failure("base.yaml does not parse")
        }
        let (document, read) = DocumentReader.read(tree, name: "base")
        var profile = MergedProfile(names: ["base"], documents: [document])
        let merged = OverrideMerger(catalog: Self.catalog).merge(overrides, into: &profile)
        return (profile, read + merged + Validation.check(profile, catalog: Self.catalog))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    func texts(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.description) }

    @Test func variablesAreThoseWithThePrefixInAnyCaseInNameOrder() {
        let (found, misspelt) = SettingOverride.fromEnvironment([
            "PLUGBOARD_PROFILE": "staging", "HOME": "/root", "plugboard__PaymentContainer__gateway__use": "stub",
            "PLUGBOARD__A__b__scope": "cached", "PLUGBOARD_ORDERS_CONTAINER_RETRIES_VALUE": "9",
        ])
        #expect(misspelt.isEmpty, "swift-configuration's names (one underscore, no double) are not overrides")
        #expect(found.map(\.origin) == ["$PLUGBOARD__A__b__scope", "$plugboard__PaymentContainer__gateway__use"])
        #expect(found[1].path.map(\.value) == ["PaymentContainer", "gateway", "use"])
        #expect(found[1].path.map(\.position.column) == [13, 31, 40], "columns of $NAME, the $ included")
        #expect(found[1].value == "stub")
        #expect(found[1].valuePosition.column == 44)
    }

    @Test func aVariableThatWouldBeIgnoredIsReportedWithTheNameMeant() {
        let (overrides, misspelt) = SettingOverride.fromEnvironment([
            "PLUGBOARD_PaymentContainer__gateway__use": "stub", "PLUGBORD__PaymentContainer__gateway__scope": "cached",
            "UNRELATED__NAME": "x",
        ])
        #expect(overrides.isEmpty)
        #expect(
            texts(misspelt) == [
                "$PLUGBOARD_PaymentContainer__gateway__use:1:2: error: PLUGBOARD_PaymentContainer__gateway__use is not read as an override: an override's variable starts with PLUGBOARD__ (two underscores); did you mean PLUGBOARD__PaymentContainer__gateway__use? [PB500]",
                "$PLUGBORD__PaymentContainer__gateway__scope:1:2: error: PLUGBORD__PaymentContainer__gateway__scope is not read as an override: an override's variable starts with PLUGBOARD__ (two underscores); did you mean PLUGBOARD__PaymentContainer__gateway__scope? [PB500]",
            ])
    }

    @Test func anEnvironmentFileReadsAsDockerAndSystemdWriteThem() {
        let text = """
            # production\r
              export PLUGBOARD__PaymentContainer__gateway__use="http"\r
            PAYMENT_API_KEY='pk-1'
            not a variable
            PLUGBOARD__PaymentContainer__gateway__with__timeoutSeconds=5
            """
        let (overrides, variables, diagnostics, _) = SettingOverride.fromEnvironmentFile(text, file: "prod.env")
        #expect(overrides.map(\.value) == ["http", "5"])
        #expect(overrides[0].path[0].position == SourcePosition(file: "prod.env", line: 2, column: 21))
        #expect(overrides[1].valuePosition == SourcePosition(file: "prod.env", line: 5, column: 60))
        #expect(variables["PAYMENT_API_KEY"] == "pk-1", "quotes are not part of the value")
        #expect(texts(diagnostics) == ["prod.env:4:1: error: expected NAME=VALUE [PB500]"])
    }

    @Test func argumentsTakeBothForms() {
        let (overrides, diagnostics) = SettingOverride.fromArguments([
            "serve", "--plugboard-set", "PaymentContainer.gateway.use=stub",
            "--plugboard-set=PaymentContainer.gateway.with.url=https://x.example/a=b", "--plugboard-set", "oops",
        ])
        #expect(
            overrides.map(\.origin) == [
                "--plugboard-set PaymentContainer.gateway.use", "--plugboard-set PaymentContainer.gateway.with.url",
            ])
        #expect(overrides[1].value == "https://x.example/a=b", "the first = ends the path")
        #expect(overrides[0].path.map(\.position.column) == [17, 34, 42])
        #expect(
            texts(diagnostics) == [
                "--plugboard-set oops:1:1: error: expected --plugboard-set Container.key.field=VALUE [PB500]"
            ])
    }

    @Test func anUpperCasedVariableFindsTheDeclaredNamesAndKeepsTheFilesOtherSettings() throws {
        let (overrides, _) = SettingOverride.fromEnvironment([
            "PLUGBOARD__PAYMENTCONTAINER__GATEWAY__WITH__RETRY__COUNT": "5",
            "PLUGBOARD__PAYMENTCONTAINER__GATEWAY__WITH__TIMEOUTSECONDS": "1.5",
        ])
        let (profile, diagnostics) = try merged(overrides)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let with = try #require(profile.containers["PaymentContainer"]?["gateway"]?.with?.value)
        let pairs = try #require(with.tree.pairs(of: with.index))
        let fields = Dictionary(uniqueKeysWithValues: pairs.map { (with.tree.scalar($0.key)!, $0) })
        #expect(fields.keys.sorted() == ["retry", "timeoutSeconds", "url"])
        // Each field where it was written: the url in the file, the timeout in its variable.
        #expect(with.tree.position(of: fields["url"]!.key) == SourcePosition(file: "base.yaml", line: 6, column: 15))
        #expect(
            with.tree.position(of: fields["timeoutSeconds"]!.key).file
                == "$PLUGBOARD__PAYMENTCONTAINER__GATEWAY__WITH__TIMEOUTSECONDS")
        let retry = try #require(with.tree.pairs(of: fields["retry"]!.value))
        let count = try #require(retry.first { with.tree.scalar($0.key) == "count" })
        let backoff = try #require(retry.first { with.tree.scalar($0.key) == "backoff" })
        #expect(with.tree.scalar(count.value) == "5")
        #expect(with.tree.position(of: backoff.value).file == "base.yaml", "the nested sibling kept from the file")
    }

    @Test func aWrongValueInAFileFieldStillPointsIntoTheFileAfterAnOverride() throws {
        let text = Self.base.replacingOccurrences(of: "count: 2", with: "count: two")
        let (_, diagnostics) = try merged(
            SettingOverride.fromEnvironment(["PLUGBOARD__PaymentContainer__gateway__with__timeoutSeconds": "3"])
                .overrides,
            over: text)
        #expect(
            texts(diagnostics).contains { $0.hasPrefix("base.yaml:6:59: error: expected a whole number") },
            "\(diagnostics)")
    }

    @Test func choosingAnImplementationNeverDropsSettingsGivenBesideIt() throws {
        let stub = Self.base.replacingOccurrences(of: "use: http", with: "use: stub")
            .replacingOccurrences(
                of: "      with: { url: \"https://pay.example\", retry: { count: 2, backoff: 0.5 } }\n", with: ""
            )
            .replacingOccurrences(
                of: "      with: { url: \"https://pay.example\", retry: { count: 2, backoff: 0.5 } }", with: "")
        let (arguments, _) = SettingOverride.fromArguments([
            "--plugboard-set", "PaymentContainer.gateway.with.url=https://other.example",
            "--plugboard-set", "PaymentContainer.gateway.use=http",
        ])
        let (profile, diagnostics) = try merged(arguments, over: stub)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let entry = try #require(profile.containers["PaymentContainer"]?["gateway"])
        #expect(entry.use?.value == "http")
        #expect(entry.with.map { $0.value.tree.pairs(of: $0.value.index)?.count } == 1)
    }

    @Test func aNameThatMatchesTwoDeclaredNamesOnceCaseIsIgnoredIsRefused() throws {
        let (_, diagnostics) = try merged(
            SettingOverride.fromEnvironment(["PLUGBOARD__PaymentContainer__ORDERSTORE__scope": "cached"]).overrides)
        #expect(
            texts(diagnostics) == [
                "$PLUGBOARD__PaymentContainer__ORDERSTORE__scope:1:31: error: 'ORDERSTORE' matches the factory keys 'orderStore' and 'order_store' once case is ignored: spell it exactly [PB500]"
            ])
    }

    @Test func malformedPathsSayWhatAnOverrideNames() throws {
        let (arguments, _) = SettingOverride.fromArguments([
            "--plugboard-set", "PaymentContainer.gateway=stub", "--plugboard-set", "PaymentContainer.gateway.with=5",
            "--plugboard-set", "PaymentContainer.gateway.use.name=stub", "--plugboard-set", "PaymentContainer..use=x",
        ])
        let (_, diagnostics) = try merged(arguments)
        #expect(
            texts(diagnostics) == [
                "--plugboard-set PaymentContainer.gateway:1:34: error: --plugboard-set PaymentContainer.gateway names no field: an override names a container, a factory key and use, scope, value or with (Container.key.use) [PB500]",
                "--plugboard-set PaymentContainer.gateway.with:1:42: error: `with` is set field by field: add the settings field to --plugboard-set PaymentContainer.gateway.with (with.FIELD) [PB500]",
                "--plugboard-set PaymentContainer.gateway.use.name:1:46: error: `use` takes a name and has no fields [PB500]",
                "--plugboard-set PaymentContainer..use:1:34: error: an empty name in --plugboard-set PaymentContainer..use [PB500]",
            ])
    }

    @Test func theSameSettingTwiceFromOneSourceIsRefused() throws {
        let (_, diagnostics) = try merged(
            SettingOverride.fromEnvironment([
                "PLUGBOARD__PaymentContainer__gateway__use": "stub",
                "PLUGBOARD__PAYMENTCONTAINER__GATEWAY__USE": "http",
            ]).overrides)
        #expect(
            texts(diagnostics) == [
                "$PLUGBOARD__PaymentContainer__gateway__use:1:13: error: PaymentContainer.gateway.use is set twice, also by $PLUGBOARD__PAYMENTCONTAINER__GATEWAY__USE [PB500]"
            ])
    }

    @Test func everyDeclaredSettingHasAPathForAConfigurationToBeAskedFor() {
        let paths = SettingOverride.settingPaths(in: Self.catalog).map { $0.components.joined(separator: ".") }
        #expect(paths.contains("PaymentContainer.gateway.use"))
        #expect(paths.contains("PaymentContainer.gateway.with.retry.count"))
        #expect(paths.contains("PaymentContainer.orderStore.scope"))
        #expect(!paths.contains("PaymentContainer.orderStore.value"), "not configurable")
        #expect(!paths.contains("PaymentContainer.gateway.with"), "with is set field by field")
        let secrets = SettingOverride.settingPaths(in: Self.catalog).filter(\.isSecret).map(\.components)
        #expect(secrets == [["PaymentContainer", "gateway", "with", "apiKey"]], "read as a secret: never logged")
    }

    /// A `PLUGBOARD_` variable nothing reads is a warning with the one meant; the variables the launch reads,
    /// overrides (checked on their own), and the catalog's settings as swift-configuration spells them are not.
    @Test func aVariableNothingReadsIsAWarningNamingTheOneMeant() {
        let names = [
            "PLUGBOARD_PROFILES", "plugboard_profile_pat", "PLUGBOARD_DEBUG", "PLUGBOARD_PROFILE",
            "PLUGBOARD_PROFILE_PATH", "PLUGBOARD_CONTEXT", "PLUGBOARD__PaymentContainer__gateway__use",
            "PLUGBOARD_PaymentContainer__gateway__use", "PLUGBOARD_PAYMENT_CONTAINER_GATEWAY_WITH_TIMEOUT_SECONDS",
            "HOME",
        ]
        let found = LaunchVariables.unknown(
            in: names, at: { SourcePosition(file: "$" + $0, line: 1, column: 2) },
            settings: { SettingOverride.settingPaths(in: Self.catalog).map(\.components) })
        #expect(
            found.map(\.description) == [
                "$PLUGBOARD_DEBUG:1:2: warning: PLUGBOARD_DEBUG is not a variable Plugboard reads; Plugboard reads PLUGBOARD_PROFILE, PLUGBOARD_PROFILE_PATH, PLUGBOARD_CONTEXT and PLUGBOARD__... overrides [PB504]",
                "$PLUGBOARD_PROFILES:1:2: warning: PLUGBOARD_PROFILES is not a variable Plugboard reads; did you mean PLUGBOARD_PROFILE? [PB504]",
                "$plugboard_profile_pat:1:2: warning: plugboard_profile_pat is not a variable Plugboard reads; did you mean PLUGBOARD_PROFILE_PATH? [PB504]",
            ])
    }
}
