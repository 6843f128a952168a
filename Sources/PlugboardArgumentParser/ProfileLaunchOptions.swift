import ArgumentParser
import PlugboardProfiles

/// Plugboard's launch options for programs built on swift-argument-parser: add them with `@OptionGroup`, and
/// they show in `--help`, parse like the program's own, and reach the profile launch.
///
/// ```swift
/// @main struct Server: ParsableCommand {
///     @OptionGroup var plugboard: ProfileLaunchOptions
///
///     func run() throws {
///         ProfileSystem.bootstrap(Container.shared, PaymentContainer.shared, options: plugboard.profileOptions())
///         ...
///     }
/// }
/// ```
///
/// `server --plugboard-profile staging` then chooses the profile as the launch argument does in any program
/// (below profiles chosen in code, above `PLUGBOARD_PROFILE`), `--plugboard-set Container.key.use=NAME` changes
/// one setting above every file, and `--plugboard-export-catalog PATH` writes the catalog for `plugboard validate`.
public struct ProfileLaunchOptions: ParsableArguments {
    /// `--plugboard-profile NAME[,NAME...]`, repeatable.
    @Option(
        name: .customLong("plugboard-profile"),
        help: ArgumentHelp(
            "The profiles to apply, merged left to right (also PLUGBOARD_PROFILE).", valueName: "name[,name...]"))
    public var profiles: [String] = []

    /// `--plugboard-set PATH=VALUE`, repeatable: one setting for this launch, above every profile file.
    @Option(
        name: .customLong("plugboard-set"),
        help: ArgumentHelp(
            "Override one setting for this launch (Container.key.use=NAME, Container.key.with.FIELD=VALUE).",
            valueName: "path=value"))
    public var settings: [String] = []

    /// `--plugboard-export-catalog PATH`.
    @Option(
        name: .customLong("plugboard-export-catalog"),
        help: ArgumentHelp(
            "Write what the program declares to profiles (a catalog for plugboard validate) and exit.",
            valueName: "path"))
    public var exportCatalog: String?

    /// No launch options given.
    public init() {}

    /// `base` with these options as its launch arguments: what the launch reads for `--plugboard-profile`,
    /// `--plugboard-set` and `--plugboard-export-catalog`, so that each is logged and ranked as the launch
    /// argument's.
    ///
    /// - Parameter base: The options to start from; the process's defaults unless given.
    /// - Returns: `base`, with these options as its launch arguments.
    public func profileOptions(_ base: ProfileOptions = ProfileOptions()) -> ProfileOptions {
        var options = base
        options.arguments = ProfileOptions.removingLaunchFlags(from: base.arguments)
        let names = profiles.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
        if !names.isEmpty {
            options.arguments += [ProfileSelection.argument, names.joined(separator: ",")]
        } else if !profiles.isEmpty {
            options.arguments += [ProfileSelection.argument, ""]  // refused at launch: it names no profile
        }
        for setting in settings {
            options.arguments += [SettingOverride.argument, setting]
        }
        if let exportCatalog {
            options.arguments += [ProfileOptions.exportCatalogArgument, exportCatalog]
        }
        return options
    }
}
