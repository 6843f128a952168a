import Foundation
import PackagePlugin

/// Checks a target's profiles at every build and ships them as JSON resources, the format every platform reads.
///
/// The profiles are the `.yaml`, `.yml` and `.json` files in the target's `Profiles` folder (exclude that
/// folder from the target's sources: `exclude: ["Profiles"]`). Each build runs `plugboard build-profiles`: its
/// findings come out at the profile's `file:line:column`, where Xcode shows them in the editor, and an error
/// fails the build. Each profile becomes a JSON resource (a YAML one converted, with a source map that keeps a
/// launch's findings at the YAML lines), which `ProfileOptions.searchBundle(.module)` finds at run time, with or
/// without libyaml. The full check against the program's catalog stays the `plugboard-validate` command's.
@main
struct PlugboardProfilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL.appendingPathComponent("Profiles")
        return try Self.commands(
            for: Self.profiles(in: folder), root: context.package.directoryURL,
            work: context.pluginWorkDirectoryURL, tool: context.tool(named: "PlugboardCLI").url)
    }

    /// The extensions of profile files.
    static let extensions: Set<String> = ["yaml", "yml", "json"]

    /// The profile files under `folder`, hidden ones left out; none when there is no such folder.
    static func profiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in enumerator where !url.lastPathComponent.hasPrefix(".") {
            if extensions.contains(url.pathExtension) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The one build command that checks `files` and writes them as JSON: SwiftPM runs it again whenever one of
    /// them changes, and bundles what it writes as the target's resources.
    static func commands(for files: [URL], root: URL, work: URL, tool: URL) -> [Command] {
        guard !files.isEmpty else { return [] }
        let output = work.appendingPathComponent("Profiles")
        let names = Set(files.map { $0.deletingPathExtension().lastPathComponent }).sorted()
        return [
            .buildCommand(
                displayName: "Checking \(files.count) Plugboard profile(s) and bundling them as JSON",
                executable: tool,
                arguments: ["build-profiles"] + files.map(\.path) + [
                    "--output", output.path, "--relative-to", root.path,
                ],
                inputFiles: files,
                outputFiles: names.map { output.appendingPathComponent($0 + ".json") })
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same for an Xcode app target (Build Phases > Run Build Tool Plug-ins). Xcode copies every file of a
    /// target into its bundle, and flattens the plugin's JSON into the bundle's root, where
    /// `ProfileOptions.searchBundle(.main)` finds it: a profile that is also a member of the target would be
    /// copied beside its JSON ("Multiple commands produce" for a `.json`, PB302 at launch for a `.yaml`). So
    /// the profiles stay out of the target, in a `Profiles` folder on disk, and the plugin reads them there:
    /// `<project>/<target>/Profiles` if it exists, else `<project>/Profiles`.
    extension PlugboardProfilesPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let members = target.inputFiles.map(\.url).filter(Self.isProfileMember)
            guard members.isEmpty else {
                for member in members {
                    Diagnostics.error(
                        "\(member.path): a profile folder or file is a member of target '\(target.displayName)', so "
                            + "Xcode copies it into the app beside the JSON PlugboardProfilesPlugin makes of it; "
                            + "remove its target membership (the plugin reads the Profiles folder from disk)")
                }
                return []
            }
            let project = context.xcodeProject.directoryURL
            let folder = [
                project.appendingPathComponent(target.displayName).appendingPathComponent("Profiles"),
                project.appendingPathComponent("Profiles"),
            ].first { FileManager.default.fileExists(atPath: $0.path) }
            guard let folder else { return [] }
            return try Self.commands(
                for: Self.profiles(in: folder), root: project, work: context.pluginWorkDirectoryURL,
                tool: context.tool(named: "PlugboardCLI").url)
        }

        /// A target member that is a profile (a file in a `Profiles` folder) or the folder itself, added as a
        /// folder reference.
        static func isProfileMember(_ url: URL) -> Bool {
            if url.lastPathComponent == "Profiles" { return true }
            return url.pathComponents.contains("Profiles") && extensions.contains(url.pathExtension)
        }
    }
#endif
