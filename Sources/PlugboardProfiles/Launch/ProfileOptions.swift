import Foundation
import Logging

/// How `applyProfile` finds, checks and applies profiles. The defaults read the launch arguments and
/// environment of this process and search `PLUGBOARD_PROFILE_PATH`, then ``directories``, then `Profiles/`.
public struct ProfileOptions: Sendable {
    /// Profiles chosen by the program itself; they win over the launch argument and the environment.
    public var profiles: [String]?
    /// Folders to search after `PLUGBOARD_PROFILE_PATH` and before `Profiles/`.
    public var directories: [String] = []
    /// What happens when an active profile has errors.
    public var failurePolicy: FailurePolicy = .stop
    /// Parser limits.
    public var limits: ParseLimits = .default
    /// The launch arguments (`--plugboard-profile`, `--plugboard-set`, `--plugboard-export-catalog`).
    public var arguments: [String] = ProcessInfo.processInfo.arguments
    /// The environment (`PLUGBOARD_PROFILE`, `PLUGBOARD_PROFILE_PATH`, `PLUGBOARD__...` overrides), which
    /// `env:` secret references read too.
    public var environment: [String: String] = ProcessInfo.processInfo.environment
    /// The program's own configuration, for settings and `config:` secrets (see `PlugboardConfiguration`).
    public var valueSource: (any ProfileValueSource)?
    /// Where `Profiles/` is looked for.
    public var workingDirectory: String = FileManager.default.currentDirectoryPath
    /// Receives the "applied" line and, with ``FailurePolicy/keepDefaults``, the diagnostics; and each
    /// reload's outcome (see ``ProfileSystem/reload()``).
    public var logger = Logger(label: "plugboard")
    /// How reloads behave.
    public var reload = ReloadOptions()

    /// Options with the defaults.
    public init() {}

    /// Options with profiles chosen in code and extra folders to search.
    public init(profiles: [String]? = nil, directories: [String] = [], failurePolicy: FailurePolicy = .stop) {
        self.profiles = profiles
        self.directories = directories
        self.failurePolicy = failurePolicy
    }

    /// The search path: `PLUGBOARD_PROFILE_PATH`, then ``directories``, then `Profiles/` in the working directory.
    package var searchPath: [String] {
        let fromEnvironment = (environment[ProfileSelection.pathVariable] ?? "").split(separator: ":").map(String.init)
        return fromEnvironment + directories + [(workingDirectory as NSString).appendingPathComponent("Profiles")]
    }

    /// The launch argument that asks the program to write its catalog to a path and exit.
    package static let exportCatalogArgument = "--plugboard-export-catalog"

    /// `arguments` without Plugboard's launch flags (`--plugboard-profile NAME`, `--plugboard-set PATH=VALUE`,
    /// `--plugboard-export-catalog PATH`, and their `--flag=VALUE` forms), for a program that parses its
    /// arguments itself: it hands the full list to ``arguments`` (the default) and parses what this returns.
    public static func removingLaunchFlags(from arguments: [String]) -> [String] {
        let flags = [ProfileSelection.argument, SettingOverride.argument, exportCatalogArgument]
        var kept: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let item = arguments[index]
            if flags.contains(item) {
                index += 2  // the flag and its value
                continue
            }
            if !flags.contains(where: { item.hasPrefix($0 + "=") }) { kept.append(item) }
            index += 1
        }
        return kept
    }
}

/// What happens when an active profile cannot be applied.
public enum FailurePolicy: Sendable, Equatable {
    /// Print every diagnostic to standard error and stop the program with ``ProfileFailure/exitCode``,
    /// as a server that refuses a bad configuration at start-up. The default.
    case stop
    /// Keep the code's own registrations, log the diagnostics as errors, and go on.
    case keepDefaults
}

/// The exit status of a program stopped by a profile that could not be applied.
public enum ProfileFailure {
    /// 78, `EX_CONFIG`: a configuration error.
    public static let exitCode: Int32 = 78
}

/// Profiles and folders set for one task tree (a test), winning over everything else.
package struct ProfileOverride: Sendable {
    /// The profiles to apply.
    package var profiles: [String]
    /// Folders to search first.
    package var directories: [String]

    /// An override.
    package init(profiles: [String], directories: [String]) {
        self.profiles = profiles
        self.directories = directories
    }

    /// The override active for the current task, if any.
    @TaskLocal package static var current: ProfileOverride?
}
