/// Which profiles are active, and what chose them. Highest precedence first: the program's code, the
/// launch argument `--plugboard-profile NAME[,NAME...]`, the environment variable `PLUGBOARD_PROFILE`,
/// then a profile named `default` where one exists.
public struct ProfileSelection: Sendable, Equatable {
    /// What chose the active profiles.
    public enum Source: String, Sendable {
        /// The program's own code (or a test's profile trait).
        case code
        /// The `--plugboard-profile` launch argument.
        case argument
        /// The `PLUGBOARD_PROFILE` environment variable.
        case environment
        /// A profile named `default` on the search path.
        case `default`
        /// Nothing: no profile applies.
        case none
    }

    /// The profile names, in the order they merge.
    public var names: [String]
    /// What chose them.
    public var source: Source

    /// A selection of `names` made by `source`.
    package init(names: [String], source: Source) {
        self.names = names
        self.source = source
    }

    /// No profile, chosen by nothing.
    package static let nothing = ProfileSelection(names: [], source: .none)

    /// The launch argument that names profiles.
    package static let argument = "--plugboard-profile"
    /// The environment variable that names profiles.
    package static let environmentVariable = "PLUGBOARD_PROFILE"
    /// The environment variable with extra folders to search (colon-separated).
    package static let pathVariable = "PLUGBOARD_PROFILE_PATH"

    /// Chooses by precedence. `defaultExists` says whether a profile named `default` can be found.
    package static func choose(
        code: [String]?, arguments: [String], environment: [String: String], defaultExists: () -> Bool
    ) -> ProfileSelection {
        if let code, !code.isEmpty { return ProfileSelection(names: code, source: .code) }
        if let value = argumentValue(arguments) { return ProfileSelection(names: split(value), source: .argument) }
        if let value = environment[environmentVariable], !split(value).isEmpty {
            return ProfileSelection(names: split(value), source: .environment)
        }
        return defaultExists() ? ProfileSelection(names: ["default"], source: .default) : .nothing
    }

    /// The value of `--plugboard-profile NAME` or `--plugboard-profile=NAME` (the last one given).
    static func argumentValue(_ arguments: [String]) -> String? {
        value(of: argument, in: arguments)
    }

    /// The value of a `--flag VALUE` or `--flag=VALUE` launch argument (the last one given).
    package static func value(of flag: String, in arguments: [String]) -> String? {
        var found: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let item = arguments[index]
            if item == flag, index + 1 < arguments.endIndex {
                found = arguments[index + 1]
                index += 1
            } else if item.hasPrefix(flag + "=") {
                found = String(item.dropFirst(flag.count + 1))
            }
            index += 1
        }
        return found
    }

    static func split(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

extension Set where Element == Character {
    fileprivate static let whitespaces: Set<Character> = [" ", "\t"]
}
