/// What printing a generation shows: its public fields, never the process environment, the merged settings
/// or a secret's value (a `file:` or `config:` reference the launch resolved is kept inside it, for containers
/// made later). `print`, `String(reflecting:)` and `dump` all go through these.
extension ProfileGeneration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The number, the outcome, the active profiles, the files applied, the containers and the content hash.
    public var description: String {
        let profiles = selection.names.isEmpty ? "none" : selection.names.joined(separator: ", ")
        return
            "ProfileGeneration(\(number), \(outcome), profiles: \(profiles), files: \(files), containers: \(containers), "
            + "overrides: \(overrides), content hash: \(contentHash), diagnostics: \(diagnostics.count))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// Its fields, without the merged settings or a secret.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "number": number, "outcome": outcome, "selection": selection, "files": files,
                "contentHash": contentHash,
                "diagnostics": diagnostics, "containers": containers, "overrides": overrides,
            ], displayStyle: .struct)
    }
}
