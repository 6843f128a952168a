/// The environment variables a launch reads by name, and the warning for a `PLUGBOARD_` variable that is none of
/// them: `PLUGBOARD_PROFILES=production` would otherwise start the program on the code's defaults, silently.
package enum LaunchVariables {
    /// The variables read by name: the active profiles, the extra folders, and the forced context (read by
    /// `Plugboard`'s `FactoryContext`, which this module does not import).
    package static let named = [
        ProfileSelection.environmentVariable, ProfileSelection.pathVariable, "PLUGBOARD_CONTEXT",
    ]

    /// A PB504 warning for each variable of `names` that starts with `PLUGBOARD_` (in any case) and that
    /// nothing reads: not one of ``named``, not an override (`PLUGBOARD__...`, which
    /// ``SettingOverride/fromEnvironment(_:)`` reads and checks), and not the name swift-configuration's
    /// environment provider gives one of `settings` (`PLUGBOARD_ORDERS_CONTAINER_RETRIES_VALUE`). Each names
    /// the closest known variable when one is close, at `position(name)`.
    package static func unknown(
        in names: some Sequence<String>, at position: (String) -> SourcePosition, settings: () -> [[String]]
    ) -> [Diagnostic] {
        let candidates = names.filter { name in
            let upper = name.uppercased()
            return upper.hasPrefix("PLUGBOARD_") && !upper.hasPrefix(SettingOverride.environmentPrefix)
                && !name.contains(SettingOverride.environmentSeparator) && !named.contains(name)
        }
        guard !candidates.isEmpty else { return [] }
        let configured = Set(settings().map(configurationName))
        return candidates.sorted().compactMap { name in
            guard !configured.contains(name) else { return nil }
            let meant = suggestion(for: name, among: named).map { "did you mean \($0)?" }
            let reads = "Plugboard reads \(named.joined(separator: ", ")) and PLUGBOARD__... overrides"
            return Diagnostic(
                .unknownVariable, "\(name) is not a variable Plugboard reads; \(meant ?? reads)",
                at: position(name))
        }
    }

    /// `PLUGBOARD_ORDERS_CONTAINER_RETRIES_VALUE` for `[OrdersContainer, retries, value]`: the key
    /// `plugboard.OrdersContainer.retries.value` as swift-configuration's environment provider spells it
    /// (camel case split at each capital after a lowercase letter or digit, upper case, `_` between parts).
    static func configurationName(of path: [String]) -> String {
        (["plugboard"] + path).map { component in
            var spelled = ""
            var previous: Character?
            for character in component {
                if character.isUppercase, let before = previous, before.isLowercase || before.isNumber {
                    spelled.append("_")
                }
                spelled.append(character)
                previous = character
            }
            return spelled.uppercased()
        }.joined(separator: "_")
    }
}
