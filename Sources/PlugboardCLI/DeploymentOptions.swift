import ArgumentParser
import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// A deployment's single-setting overrides and secrets, for `validate`, `explain` and `graph`: the same
/// `PLUGBOARD__...` variables and `Container.key.field=VALUE` settings the launch reads, so that a deployment's
/// full set is checked before it ships.
struct DeploymentOptions: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Override one setting, as a launch with --plugboard-set does (Container.key.use=NAME, Container.key.with.FIELD=VALUE).",
            valueName: "path=value"))
    var settings: [String] = []

    @Option(
        name: .customLong("env-file"),
        help: ArgumentHelp(
            "Read PLUGBOARD__... overrides (and, with --resolve-secrets, the variables env: secrets name) from a NAME=VALUE file.",
            valueName: "path"))
    var environmentFiles: [String] = []

    @Flag(
        name: .customLong("environment"),
        help: "Read PLUGBOARD__... overrides from this command's own environment, as the launch would.")
    var readsEnvironment = false

    @Flag(help: "Check that every secret reference resolves here (env: in this environment and --env-file, file:).")
    var resolveSecrets = false

    /// The overrides, by source, with the findings of files that are not NAME=VALUE and the warnings for
    /// `PLUGBOARD_` variables the launch would not read (the settings of `catalog` spelled as
    /// swift-configuration's environment provider reads them are known).
    func overrides(catalog: Catalog?) throws -> (
        overrides: [SettingOverride], secrets: SecretResolver?, diagnostics: [Diagnostic]
    ) {
        var environment = ProcessInfo.processInfo.environment
        var overrides: [SettingOverride] = []
        var diagnostics: [Diagnostic] = []
        let catalogSettings = { catalog.map { SettingOverride.settingPaths(in: $0).map(\.components) } ?? [] }
        if readsEnvironment {
            (overrides, diagnostics) = SettingOverride.fromEnvironment(environment)
            diagnostics += LaunchVariables.unknown(
                in: environment.keys, at: { SourcePosition(file: "$" + $0, line: 1, column: 2) },
                settings: catalogSettings)
        }
        for file in environmentFiles {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ToolError(description: "cannot read the environment file \(file)")
            }
            let read = SettingOverride.fromEnvironmentFile(String(decoding: data, as: UTF8.self), file: file)
            overrides += read.overrides
            environment.merge(read.variables) { _, fromFile in fromFile }
            diagnostics += read.diagnostics
            diagnostics += LaunchVariables.unknown(
                in: read.variables.keys, at: { read.positions[$0]! }, settings: catalogSettings)
        }
        let arguments = SettingOverride.fromArguments(settings.flatMap { ["--set", $0] }, flag: "--set")
        return (
            overrides + arguments.overrides, resolveSecrets ? SecretResolver(environment: environment) : nil,
            diagnostics + arguments.diagnostics
        )
    }
}
