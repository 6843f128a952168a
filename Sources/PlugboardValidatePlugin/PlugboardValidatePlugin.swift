import Foundation
import PackagePlugin

/// `swift package plugboard-validate --product APP [PATH...] [--catalog-build release|debug|both] [validate options]`:
/// builds the program, has it write its catalog (`--plugboard-export-catalog`), and checks the profiles against it
/// with `plugboard validate`, in the CLI's formats and with its exit statuses (0 valid, 1 findings, 2 usage or
/// I/O). PATH defaults to `Profiles`; every other argument (`--format sarif`, `--strict`, `--profile a,b`) goes
/// to `plugboard validate`.
///
/// The catalog is the release build's by default: the build that ships decides, so a profile that names an
/// implementation declared only under `#if DEBUG` fails here as it fails the release build's launch.
/// `--catalog-build debug` checks the debug build's; `--catalog-build both` checks each in turn, each preceded
/// by a line naming its configuration, and fails when either does (text and GitHub formats only, whose output
/// can be read one after the other).
@main
struct PlugboardValidatePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        guard let product = extractor.extractOption(named: "product").last else {
            Diagnostics.error("plugboard-validate: name the program that declares the profiles: --product NAME")
            exit(2)
        }
        let configurations: [PackageManager.BuildConfiguration]
        switch extractor.extractOption(named: "catalog-build").last ?? "release" {
        case "release": configurations = [.release]
        case "debug": configurations = [.debug]
        case "both": configurations = [.release, .debug]
        case let other:
            Diagnostics.error("plugboard-validate: --catalog-build is release, debug or both, not '\(other)'")
            exit(2)
        }
        var rest = extractor.remainingArguments
        let paths = Self.leadingPaths(&rest)
        if configurations.count > 1, let format = Self.format(in: rest), !["text", "github"].contains(format) {
            Diagnostics.error(
                "plugboard-validate: --catalog-build both prints one report per build; --format \(format) is one "
                    + "document: validate each configuration on its own")
            exit(2)
        }

        var worst: Int32 = 0
        for configuration in configurations {
            let name = configuration == .release ? "release" : "debug"
            let build = try packageManager.build(
                .product(product), parameters: .init(configuration: configuration, logging: .concise))
            guard build.succeeded, let program = build.builtArtifacts.first(where: { $0.kind == .executable }) else {
                Diagnostics.error("plugboard-validate: building \(product) (\(name)) failed\n\(build.logText)")
                exit(2)
            }
            let catalog = context.pluginWorkDirectoryURL.appendingPathComponent("\(product).\(name).catalog.json").path
            let export = try Self.run(program.url.path, [ProfileExport.flag, catalog])
            guard export == 0 else {
                Diagnostics.error(
                    "plugboard-validate: \(product) (\(name)) --plugboard-export-catalog exited with \(export)")
                exit(2)
            }
            if configurations.count > 1 {
                // Written at once: the validator's output, from another process, follows on the same stream.
                FileHandle.standardOutput.write(Data("plugboard-validate: against the \(name) build's catalog\n".utf8))
            }
            let validator = try context.tool(named: "PlugboardCLI").url.path  // the `plugboard` product's target
            let status = try Self.run(
                validator, ["validate"] + (paths.isEmpty ? ["Profiles"] : paths) + ["--catalog", catalog] + rest)
            worst = max(worst, status)
        }
        exit(worst)
    }

    /// The value of `--format` among the validator's arguments, if given.
    static func format(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument.hasPrefix("--format=") { return String(argument.dropFirst("--format=".count)) }
            if argument == "--format", index + 1 < arguments.count { return arguments[index + 1] }
        }
        return nil
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
