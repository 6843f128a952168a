/// Checks Plugboard's own launch flags before anything reads them: a flag without its value, a
/// `--plugboard-profile` that names no profile, or a misspelt `--plugboard-...` flag. Each would otherwise be
/// ignored, and the program would start on the code's defaults or without the override a deploy script meant
/// to pass (an empty variable in `--plugboard-profile "$PROFILE"`, a typo in `--plugboard-sett`).
package enum LaunchFlags {
    /// The flags the launch reads, each followed by a value (`--flag VALUE` or `--flag=VALUE`).
    package static let all = [ProfileSelection.argument, SettingOverride.argument, "--plugboard-export-catalog"]

    /// A finding for each flag that is missing its value, names no profile, or is not one of ``all``.
    package static func check(_ arguments: [String]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let item = arguments[index]
            let flag = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? item
            guard flag.hasPrefix("--plugboard-") || flag.hasPrefix("--plugboard_") else {
                index += 1
                continue
            }
            let position = SourcePosition(file: flag, line: 1, column: 1)
            guard all.contains(flag) else {
                diagnostics.append(
                    Diagnostic(
                        .invalidLaunchFlag, withSuggestion("unknown launch flag \(flag)", for: flag, among: all),
                        at: position))
                index += 1
                continue
            }
            let value: String?
            if item.count > flag.count {
                value = String(item.dropFirst(flag.count + 1))
            } else if index + 1 < arguments.endIndex {
                value = arguments[index + 1]
                index += 1
            } else {
                value = nil
            }
            if let value {
                let isProfile = flag == ProfileSelection.argument
                if value.isEmpty || (isProfile && ProfileSelection.split(value).isEmpty) {
                    let what = isProfile ? "names no profile" : "has an empty value"
                    diagnostics.append(Diagnostic(.invalidLaunchFlag, "\(flag) \(what)", at: position))
                }
            } else {
                diagnostics.append(
                    Diagnostic(.invalidLaunchFlag, "\(flag) is missing its value, the last argument", at: position))
            }
            index += 1
        }
        return diagnostics
    }
}
