import ArgumentParser

/// `plugboard`: validates, explains, compares and draws profiles, and prints their JSON Schema.
@main
struct PlugboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugboard",
        abstract: "Check Plugboard profiles before a program reads them.",
        discussion: """
            Exit status: 0 no errors (warnings allowed unless --strict); 1 findings; 2 usage or I/O error.
            Results go to standard output, the tool's own problems to standard error.
            """,
        subcommands: [Validate.self, Explain.self, Diff.self, Graph.self, Schema.self, BuildProfiles.self]
    )
}
