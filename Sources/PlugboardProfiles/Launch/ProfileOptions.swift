import Foundation
import Logging
@_spi(Tools) import PlugboardProfileFormat

/// How `applyProfile` finds, checks and applies profiles. The defaults read the launch arguments and
/// environment of this process and search the folders listed below, the first match winning.
///
/// ## Where profiles are found
///
/// A profile named `staging` is `staging.json`, `staging.yaml` or `staging.yml` in the first of these folders
/// that has one (two in one folder are an error):
///
/// 1. each folder of `PLUGBOARD_PROFILE_PATH` (separated by `:`), so that a deployment can mount its own;
/// 2. ``directories``, in order;
/// 3. the resource folders added with ``searchBundle(_:folder:)``, in order (`Bundle.module` for a package
///    target that ships `resources: [.copy("Profiles")]`);
/// 4. `Profiles/` in ``workingDirectory``;
/// 5. the `Profiles` folder of `Bundle.main`, when the app ships one (an app's folder resource) and
///    ``searchesMainBundle`` is true.
public struct ProfileOptions: Sendable {
    /// Profiles chosen by the program itself; they win over the launch argument and the environment.
    public var profiles: [String]?
    /// Folders to search after `PLUGBOARD_PROFILE_PATH` and before the bundles' folders and `Profiles/`.
    public var directories: [String] = []
    /// Resource folders of bundles, searched after ``directories``; ``searchBundle(_:folder:)`` adds one.
    package var bundleDirectories: [String] = []
    /// Whether `Bundle.main`'s `Profiles` folder is searched last, where the app ships one: an iOS or macOS
    /// app's profiles, added to its target as a folder resource named `Profiles`. True by default.
    public var searchesMainBundle = true
    /// What happens when an active profile has errors.
    public var failurePolicy: FailurePolicy = .stop
    /// Whether a launch with no active profile (none chosen in code, by `--plugboard-profile`, by
    /// `PLUGBOARD_PROFILE`, and no `default` profile) is refused (PB305) instead of running on the code's
    /// defaults. False by default; a service whose code's defaults keep data in memory sets it, so that a
    /// deployment that forgot its profile stops at once instead of losing every write at the next restart.
    public var requiresProfile = false
    /// Parser limits.
    public var limits: ParseLimits = .default
    /// The launch arguments (`--plugboard-profile`, `--plugboard-set`, `--plugboard-export-catalog`).
    public var arguments: [String] = ProcessInfo.processInfo.arguments
    /// The environment (`PLUGBOARD_PROFILE`, `PLUGBOARD_PROFILE_PATH`, `PLUGBOARD__...` overrides), which
    /// `env:` secret references read too. Until it is set, the process's environment as it is when read.
    public var environment: [String: String] {
        get { assignedEnvironment ?? ProcessInfo.processInfo.environment }
        set { assignedEnvironment = newValue }
    }
    /// The environment a program set, or nil for the process's. The process's is read only when a launch
    /// needs it: copying it costs about 400,000 instructions, and every `applyProfile` call builds options.
    private var assignedEnvironment: [String: String]?

    /// Reads the process's environment now, unless one was set: a launch and its reloads then read the same.
    mutating func fixEnvironment() {
        if assignedEnvironment == nil { assignedEnvironment = ProcessInfo.processInfo.environment }
    }
    /// The program's own configuration, for settings and `config:` secrets (see `PlugboardConfiguration`).
    public var valueSource: (any ProfileValueSource)?
    /// Where `Profiles/` is looked for.
    public var workingDirectory: String = FileManager.default.currentDirectoryPath
    /// Receives the "applied" line and, with ``FailurePolicy/keepDefaults``, the diagnostics; and each
    /// reload's outcome (see ``ProfileSystem/reload()``).
    public var logger = Logger(label: "plugboard")
    /// How reloads behave.
    public var reload = ReloadOptions()

    /// Options with the defaults, or with profiles chosen in code and extra folders to search.
    ///
    /// - Parameters:
    ///   - profiles: The profiles to apply, winning over `--plugboard-profile` and `PLUGBOARD_PROFILE`; nil
    ///     lets those (or a `default` profile) choose.
    ///   - directories: Folders to search after `PLUGBOARD_PROFILE_PATH`, in order.
    ///   - failurePolicy: What a profile with errors does: stop the program (the default) or keep the code's
    ///     wiring.
    public init(profiles: [String]? = nil, directories: [String] = [], failurePolicy: FailurePolicy = .stop) {
        self.profiles = profiles
        self.directories = directories
        self.failurePolicy = failurePolicy
    }

    /// Searches `folder` among `bundle`'s resources after ``directories``: `Bundle.module` for profiles a
    /// package target ships with `resources: [.copy("Profiles")]` or through `PlugboardProfilesPlugin`, or
    /// `Bundle.main` for an app's.
    ///
    /// Without that folder, the bundle's resource root is searched when profiles sit there (the build plugin
    /// puts them there, as SwiftPM and Xcode bundle generated resources); otherwise the bundle adds nothing,
    /// and a missing profile is the launch's "profile not found", which lists the folders searched.
    ///
    /// - Parameters:
    ///   - bundle: The bundle whose resources hold the profiles.
    ///   - folder: The resource folder's name; `Profiles` by default.
    public mutating func searchBundle(_ bundle: Bundle, folder: String = "Profiles") {
        if let url = bundle.url(forResource: folder, withExtension: nil) {
            bundleDirectories.append(url.path)
        } else if let root = bundle.resourceURL, Self.holdsProfiles(root) {
            bundleDirectories.append(root.path)
        }
    }

    /// Whether `folder` holds a profile file.
    private static func holdsProfiles(_ folder: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { ProfileLibrary.extensions.contains(($0 as NSString).pathExtension) }
    }

    /// The folders searched, first match wins: `PLUGBOARD_PROFILE_PATH`, ``directories``, the bundles' folders
    /// (``searchBundle(_:folder:)``), `Profiles/` in ``workingDirectory``, then `Bundle.main`'s `Profiles` folder.
    public var searchPath: [String] {
        let path = searchPathBeforeMainBundle
        guard let main = mainBundleFolder() else { return path }
        return path + [main]
    }

    /// ``searchPath`` without `Bundle.main`'s folder, which a launch searches only for a profile none of these
    /// has (see ``mainBundleFolder()``).
    var searchPathBeforeMainBundle: [String] {
        let fromEnvironment = (environment[ProfileSelection.pathVariable] ?? "").split(separator: ":").map(String.init)
        return fromEnvironment + directories + bundleDirectories + [workingProfiles]
    }

    /// `Profiles/` in ``workingDirectory``.
    private var workingProfiles: String { (workingDirectory as NSString).appendingPathComponent("Profiles") }

    /// `Bundle.main`'s `Profiles` folder, when it is searched and is not ``workingDirectory``'s. Finding it is
    /// left until a profile is not found elsewhere: on Linux, Foundation lists the executable's folder to find
    /// it, 1.7 M instructions beside a test binary and more beside a server's in `/usr/local/bin`.
    func mainBundleFolder() -> String? {
        guard searchesMainBundle, let main = Self.mainBundleProfiles, main != workingProfiles else { return nil }
        return main
    }

    /// `Bundle.main`'s `Profiles` resource folder, when there is one: looked up once per process.
    private static let mainBundleProfiles: String? = Bundle.main.url(forResource: "Profiles", withExtension: nil)?
        .standardizedFileURL.path

    /// The launch argument that asks the program to write its catalog to a path and exit.
    package static let exportCatalogArgument = "--plugboard-export-catalog"

    /// `arguments` without Plugboard's launch flags (`--plugboard-profile NAME`, `--plugboard-set PATH=VALUE`,
    /// `--plugboard-export-catalog PATH`, and their `--flag=VALUE` forms), for a program that parses its
    /// arguments itself: it hands the full list to ``arguments`` (the default) and parses what this returns.
    ///
    /// - Parameter arguments: The arguments as the process got them, program name first.
    /// - Returns: The same arguments in order, without Plugboard's flags and their values.
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
    /// Print every diagnostic to standard error and stop the program with status 78 (`EX_CONFIG`),
    /// as a server that refuses a bad configuration at start-up. The default.
    case stop
    /// Keep the code's own registrations, log the diagnostics as errors, and go on.
    case keepDefaults
}

/// The exit status of a program stopped by a profile that could not be applied: 78, `EX_CONFIG`, a
/// configuration error (what the documentation promises; the tests compare against it).
package enum ProfileFailure {
    /// 78, `EX_CONFIG`.
    package static let exitCode: Int32 = 78
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

    /// The override active for the current task, if any. A task-local by design: it isolates one test's
    /// profiles from the parallel tests beside it, whatever code the test runs.
    @TaskLocal package static var current: ProfileOverride?
}
