import ArgumentParser
import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// `plugboard validate`: checks files and folders of profiles, with or without the program's catalog.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check profile files and folders (recursively: .yaml, .yml, .json).",
        discussion: """
            Without a catalog: syntax, structure, names and extends. With a catalog (written by the program
            with --plugboard-export-catalog PATH): also containers, factory keys, implementations, scopes,
            value and with, on each file and on each merged profile.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif, auto
    }

    @Argument(help: "Profile files and folders.")
    var paths: [String]

    @Option(help: "The program's catalog.")
    var catalog: String?

    @Option(
        help: ArgumentHelp(
            "Also check these profiles merged, as launched with --plugboard-profile NAME[,NAME].", valueName: "names"))
    var profile: [String] = []

    @OptionGroup(title: "Deployment")
    var deployment: DeploymentOptions

    @Option(help: "text, json, github (annotations), sarif, or auto (github under GitHub Actions, else text).")
    var format: Format = .auto

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "With --format sarif: the absolute URL of docs/diagnostics.md, for each rule's helpUri.", valueName: "url"))
    var docsURL: String?

    @Option(
        help:
            "At most this many findings printed per file in text and github formats (0: all); json and sarif have all.")
    var maxFindings = 100

    func run() throws {
        try reportingToolErrors {
            let (files, missing) = Validation.collect(paths)
            if let path = missing.first {
                throw ToolError(description: "cannot read \(path): no such file or folder")
            }
            if files.isEmpty {
                throw ToolError(
                    description: "no profile files (.yaml, .yml, .json) in \(paths.joined(separator: ", ")): nothing "
                        + "was checked")
            }
            if profile.contains(where: { names([$0]).isEmpty }) {
                throw ToolError(description: "--profile names no profile")
            }
            let catalog = try readCatalog(self.catalog)
            let combinations = profile.map { names([$0]) }
            let (overrides, secrets, unread) = try deployment.overrides(catalog: catalog)
            var validation = Validation.run(
                files: files, catalog: catalog, combinations: combinations, overrides: overrides, secrets: secrets)
            if !unread.isEmpty {
                validation.files += Dictionary(grouping: unread, by: \.position.file).map {
                    Validation.FileResult(file: $0.key, diagnostics: $0.value)
                }
            }
            let environment = ProcessInfo.processInfo.environment
            let chosen = format == .auto ? (environment["GITHUB_ACTIONS"] == "true" ? .github : .text) : format
            switch chosen {
            case .text, .auto:
                write(TextReport.render(validation, color: TextReport.wantsColor(environment), perFile: maxFindings))
            case .json: write(JSONReport.render(validation))
            case .github: write(GitHubReport.render(validation, perFile: maxFindings))
            case .sarif: write(SARIFReport.render(validation, docs: try docs()))
            }
            if validation.errorCount > 0 || (strict && validation.warningCount > 0) {
                throw ExitCode(1)
            }
        }
    }

    /// `--docs-url`, which must be absolute (SARIF's URIs are).
    func docs() throws -> URL? {
        guard let docsURL else { return nil }
        guard let url = URL(string: docsURL), url.scheme != nil, url.host != nil else {
            throw ToolError(description: "--docs-url must be an absolute URL (https://...), not \(docsURL)")
        }
        return url
    }
}
