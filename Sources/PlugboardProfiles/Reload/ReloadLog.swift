/// The lines a reload logs: one per applied reload, and one per distinct refused content after its
/// diagnostics. Like the launch's, they name files, factories and overrides' origins, never a value.
enum ReloadLog {
    /// `reloaded profile staging (--plugboard-profile) for OrdersContainer, PaymentContainer from
    /// Profiles/staging.yaml: generation 2, 1 factories changed (OrdersContainer.store), content hash ...`
    ///
    /// `reruns`: how many times a container's change was made again over the program's writes to factories it
    /// had staged (see ``ContainerManager/publishingTogether(expecting:dropping:_:)``); named when not zero.
    /// `switched`: the attempt made other profiles active (`switched to profile demo (code) for ...`).
    static func appliedLine(
        _ launch: ProfileGeneration, generation: Int, changed: [String], reruns: Int = 0, switched: Bool = false,
        options: ProfileOptions
    ) -> String {
        let files = launch.files.map { ProgramEdge.relative($0, to: options.workingDirectory) }
        var line = "\(switched ? "switched to" : "reloaded") \(ProgramEdge.subject(launch)) for "
        line += launch.containers.joined(separator: ", ")
        if !files.isEmpty { line += " from \(files.joined(separator: ", "))" }
        line += ": generation \(generation), \(ProgramEdge.changedFactories(changed))"
        line += ", content hash \(launch.contentHash)"
        if reruns > 0 { line += ", made again \(reruns) time\(reruns == 1 ? "" : "s") over the program's writes" }
        return line
    }

    /// `reload of profile staging (--plugboard-profile) refused (2 errors): OrdersContainer, PaymentContainer
    /// keep generation 1`
    static func refusedLine(_ launch: ProfileGeneration, generation: Int, errors: Int, switch: Bool = false) -> String {
        "\(`switch` ? "switch to" : "reload of") \(ProgramEdge.subject(launch)) refused (\(errors) error\(errors == 1 ? "" : "s")): "
            + "\(launch.containers.joined(separator: ", ")) keep generation \(generation)"
    }
}
