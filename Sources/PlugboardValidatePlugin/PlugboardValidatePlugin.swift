import Foundation
import PackagePlugin

/// `swift package plugboard-validate --product APP [PATH...] [validate options]`: builds the program, has it write
/// its catalog (`--plugboard-export-catalog`), and checks the profiles against it with `plugboard validate`, in
/// the CLI's formats and with its exit statuses (0 valid, 1 findings, 2 usage or I/O). PATH defaults to
/// `Profiles`; every other argument (`--format sarif`, `--strict`, `--profile a,b`) goes to `plugboard validate`.
@main
struct PlugboardValidatePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        guard let product = extractor.extractOption(named: "product").last else {
            Diagnostics.error("plugboard-validate: name the program that declares the profiles: --product NAME")
            exit(2)
        }
        var rest = extractor.remainingArguments
        let paths = Self.leadingPaths(&rest)

        let build = try packageManager.build(
            .product(product), parameters: .init(configuration: .debug, logging: .concise))
        guard build.succeeded, let program = build.builtArtifacts.first(where: { $0.kind == .executable }) else {
            Diagnostics.error("plugboard-validate: building \(product) failed\n\(build.logText)")
            exit(2)
        }
        let catalog = context.pluginWorkDirectoryURL.appendingPathComponent("\(product).catalog.json").path
        let export = try Self.run(program.url.path, [ProfileExport.flag, catalog])
        guard export == 0 else {
            Diagnostics.error("plugboard-validate: \(product) --plugboard-export-catalog exited with \(export)")
            exit(2)
        }
        let validator = try context.tool(named: "PlugboardCLI").url.path  // the `plugboard` product's target
        exit(
            try Self.run(
                validator, ["validate"] + (paths.isEmpty ? ["Profiles"] : paths) + ["--catalog", catalog] + rest))
    }

    /// The arguments before the first option: the files and folders to check.
    static func leadingPaths(_ arguments: inout [String]) -> [String] {
        let paths = Array(arguments.prefix { !$0.hasPrefix("-") })
        arguments.removeFirst(paths.count)
        return paths
    }

    /// Runs `executable` with the plugin's standard output and error; returns its exit status.
    static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// The launch argument the program's profile launch answers by writing its catalog.
enum ProfileExport {
    static let flag = "--plugboard-export-catalog"
}
