/// The lines a reload logs: one per applied reload, and one per distinct refused content after its
/// diagnostics. Like the launch's, they name files, factories and overrides' origins, never a value.
enum ReloadLog {
    /// `reloaded profile staging (--plugboard-profile) for OrdersContainer, PaymentContainer from
    /// Profiles/staging.yaml: generation 2, 1 factories changed (OrdersContainer.store), content hash ...`
    static func appliedLine(_ launch: ProfileLaunch, generation: Int, changed: [String], options: ProfileOptions)
        -> String
    {
        let files = launch.files.map { ProgramEdge.relative($0, to: options.workingDirectory) }
        var line = "reloaded \(ProgramEdge.subject(launch)) for \(launch.containers.joined(separator: ", "))"
        if !files.isEmpty { line += " from \(files.joined(separator: ", "))" }
        return line
            + ": generation \(generation), \(ProgramEdge.changedFactories(changed)), content hash \(launch.contentHash)"
    }

    /// `reload of profile staging (--plugboard-profile) refused (2 errors): OrdersContainer, PaymentContainer
    /// keep generation 1`
    static func refusedLine(_ launch: ProfileLaunch, generation: Int, errors: Int) -> String {
        "reload of \(ProgramEdge.subject(launch)) refused (\(errors) error\(errors == 1 ? "" : "s")): "
            + "\(launch.containers.joined(separator: ", ")) keep generation \(generation)"
    }
}
