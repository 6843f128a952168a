import Foundation

/// Validates profile files the way a program would read them, without running the program: syntax and
/// structure of each file, `extends` chains, and, given a catalog, everything checked against it.
/// The `plugboard` command is one front end to it; `applyProfile` runs the same checks at launch.
public struct Validation: Sendable {
    /// One file's findings.
    public struct FileResult: Sendable, Codable {
        /// The file as given (or found under a folder given).
        public var file: String
        /// Every finding, in position order.
        public var diagnostics: [Diagnostic]
        /// True when there is no error.
        public var valid: Bool { !diagnostics.contains { $0.severity == .error } }
    }

    /// The findings for a combination of profiles (`--profile a,b`).
    public struct CombinationResult: Sendable, Codable {
        /// The profiles, in merge order.
        public var profiles: [String]
        /// Findings of the merged result.
        public var diagnostics: [Diagnostic]
    }

    /// Per file, sorted by path.
    public var files: [FileResult] = []
    /// Per `--profile` combination.
    public var combinations: [CombinationResult] = []

    /// Every finding once: a combination's findings that a file already reported are not repeated.
    public var allDiagnostics: [Diagnostic] {
        let perFile = files.flatMap(\.diagnostics)
        let seen = Set(perFile)
        var extra: [Diagnostic] = []
        for diagnostic in combinations.flatMap(\.diagnostics) where !seen.contains(diagnostic) && !extra.contains(diagnostic) {
            extra.append(diagnostic)
        }
        return perFile + extra
    }
    /// How many errors.
    public var errorCount: Int { allDiagnostics.filter { $0.severity == .error }.count }
    /// How many warnings.
    public var warningCount: Int { allDiagnostics.filter { $0.severity == .warning }.count }

    /// The profile files under `paths` (folders are searched recursively), sorted; or the paths that are missing.
    public static func collect(_ paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: path)
            while let relative = enumerator?.nextObject() as? String {
                if ProfileLibrary.extensions.contains((relative as NSString).pathExtension) {
                    files.append((path as NSString).appendingPathComponent(relative))
                }
            }
        }
        return (Array(Set(files)).sorted(), missing)
    }

    /// Validates `files`; a catalog adds the checks against the program's declarations; each of
    /// `combinations` is merged and checked as if launched with `--plugboard-profile a,b`.
    public static func run(files: [String], catalog: Catalog?, combinations: [[String]] = [], limits: ParseLimits = .default) -> Validation {
        var validation = Validation()
        let folders = Array(Set(files.map { ($0 as NSString).deletingLastPathComponent })).sorted()
        var perFile: [String: [Diagnostic]] = [:]
        func add(_ diagnostic: Diagnostic, to file: String) {
            if !(perFile[file] ?? []).contains(diagnostic) { perFile[file, default: []].append(diagnostic) }
        }

        // Each file alone: syntax and structure.
        var documents: [String: ProfileDocument] = [:]
        for file in files {
            let (document, found) = ProfileLibrary.load(file: file, limits: limits)
            perFile[file] = found
            documents[file] = document
        }
        // The same profile name twice in one folder.
        for folder in folders {
            let inFolder = files.filter { ($0 as NSString).deletingLastPathComponent == folder }
            let byName = Dictionary(grouping: inFolder) { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
            for (name, group) in byName where group.count > 1 {
                for file in group.sorted().dropFirst() {
                    add(Diagnostic(.duplicateProfile, "profile '\(name)' is defined twice in \(folder): \(group.map { ($0 as NSString).lastPathComponent }.sorted().joined(separator: " and "))",
                        at: SourcePosition(file: file, line: 1, column: 1)), to: file)
                }
            }
        }
        // Each profile as launched alone: its extends chain, merged, checked.
        for file in files {
            guard let document = documents[file] else { continue }
            let folder = (file as NSString).deletingLastPathComponent
            let library = ProfileLibrary(directories: [folder] + folders.filter { $0 != folder }, limits: limits)
            let (chain, chainDiagnostics) = library.resolve([Located(document.name, at: SourcePosition(file: file, line: 1, column: 1))])
            // A finding belongs to the file it points into when that file is being validated, else to this one.
            for diagnostic in chainDiagnostics {
                add(diagnostic, to: perFile[diagnostic.position.file] != nil ? diagnostic.position.file : file)
            }
            guard chain.last?.file == file else { continue }
            let merged = MergedProfile(names: [document.name], documents: chain)
            for diagnostic in check(merged, catalog: catalog) {
                add(diagnostic, to: perFile[diagnostic.position.file] != nil ? diagnostic.position.file : file)
            }
        }
        validation.files = files.map { FileResult(file: $0, diagnostics: (perFile[$0] ?? []).sorted { $0.position < $1.position }) }

        for names in combinations {
            let library = ProfileLibrary(directories: folders, limits: limits)
            let origin = SourcePosition(file: "<--profile \(names.joined(separator: ","))>", line: 1, column: 1)
            let (documents, found) = library.resolve(names.map { Located($0, at: origin) })
            let merged = MergedProfile(names: names, documents: documents)
            let diagnostics = (found.filter { $0.position.file == origin.file } + check(merged, catalog: catalog))
            validation.combinations.append(CombinationResult(profiles: names, diagnostics: Array(Set(diagnostics)).sorted { $0.position < $1.position }))
        }
        return validation
    }

    /// Checks a merged profile against the catalog, or (without one) what needs no catalog: that `with` has a `use`.
    public static func check(_ merged: MergedProfile, catalog: Catalog?) -> [Diagnostic] {
        if let catalog {
            return ProfileChecker.checkInParts(merged, against: CatalogSource(catalog))
        }
        var found: [Diagnostic] = []
        for (_, section) in merged.containers {
            for entry in section.entries {
                if let with = entry.with, entry.use == nil {
                    found.append(ProfileChecker.withWithoutUse(at: with.origin))
                }
            }
        }
        return found
    }
}
