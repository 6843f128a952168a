/// What printing a generation shows: its public fields, never the process environment, the merged settings
/// or a secret's value (a `file:` or `config:` reference the launch resolved is kept inside it, for containers
/// made later). `print`, `String(reflecting:)` and `dump` all go through these.
extension ProfileLaunch: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The outcome, the active profiles, the files applied, the containers and the content hash.
    public var description: String {
        let profiles = selection.names.isEmpty ? "none" : selection.names.joined(separator: ", ")
        return "ProfileLaunch(\(outcome), profiles: \(profiles), files: \(files), containers: \(containers), "
            + "overrides: \(overrides), content hash: \(contentHash), diagnostics: \(diagnostics.count))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The public fields only.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "outcome": outcome, "selection": selection, "files": files, "contentHash": contentHash,
                "diagnostics": diagnostics, "containers": containers, "overrides": overrides,
            ], displayStyle: .struct)
    }
}
