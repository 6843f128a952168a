import Foundation

/// Validates profile files the way a program would read them, without running the program: syntax and
/// structure of each file, `extends` chains, and, given a catalog, everything checked against it.
/// The `plugboard` command is one front end to it; `applyProfile` runs the same checks at launch.
@_spi(Tools) public struct Validation: Sendable {
    /// One file's findings.
    package struct FileResult: Sendable, Codable {
        /// The file as given (or found under a folder given).
        package var file: String
        /// Every finding, in position order.
        package var diagnostics: [Diagnostic]
        /// True when there is no error.
        package var valid: Bool { !diagnostics.contains { $0.severity == .error } }

        /// The findings of `file`.
        package init(file: String, diagnostics: [Diagnostic]) {
            self.file = file
            self.diagnostics = diagnostics
        }
    }

    /// The findings for a combination of profiles (`--profile a,b`).
    package struct CombinationResult: Sendable, Codable {
        /// The profiles, in merge order.
        package var profiles: [String]
        /// Findings of the merged result (those in files that the files' own results report are not repeated).
        package var diagnostics: [Diagnostic]
        /// False when the combination could not launch: an error here, or in any file it reads.
        package var valid: Bool
    }

    /// Per file, sorted by path.
    package var files: [FileResult] = []
    /// Per `--profile` combination.
    package var combinations: [CombinationResult] = []

    /// Every finding once: a combination's findings that a file already reported are not repeated.
    @_spi(Tools) public var allDiagnostics: [Diagnostic] {
        var all = files.flatMap(\.diagnostics)
        var seen = Set(all)
        for diagnostic in combinations.flatMap(\.diagnostics) where seen.insert(diagnostic).inserted {
            all.append(diagnostic)
        }
        return all
    }
    /// How many errors.
    @_spi(Tools) public var errorCount: Int { allDiagnostics.filter { $0.severity == .error }.count }
    /// How many warnings.
    package var warningCount: Int { allDiagnostics.filter { $0.severity == .warning }.count }

    /// The profile files under `paths` (folders are searched recursively), sorted; or the paths that are missing.
    @_spi(Tools) public static func collect(_ paths: [String]) -> (files: [String], missing: [String]) {
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
            // A folder given as a symbolic link (a ConfigMap's mount, a `Profiles` link) is read where it points,
            // as the launch reads it; its files keep the path given. Hidden entries are skipped: Kubernetes keeps
            // each version of a ConfigMap in `..<timestamp>/` beside the `..data` link the visible files go through.
            let root = (path as NSString).resolvingSymlinksInPath
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = enumerator.nextObject() as? String {
                if (relative as NSString).lastPathComponent.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                if ProfileLibrary.extensions.contains((relative as NSString).pathExtension) {
                    files.append((path as NSString).appendingPathComponent(relative))
                }
            }
        }
        return (Array(Set(files)).sorted(), missing)
    }

    /// Validates `files`; a catalog adds the checks against the program's declarations; each of
    /// `combinations` is merged and checked as if launched with `--plugboard-profile a,b`, with `overrides`
    /// over it as a deployment's environment and arguments would set them (with overrides and no combination,
    /// they are checked over no profile). With `secrets`, every secret reference must resolve through it: with
    /// combinations, only the references of each combination's merged result (a parent's reference that the
    /// deployment replaces is never resolved, as at launch); without, each file's own. A `config:` reference,
    /// which only the program's configuration resolves, is reported as not checked (a warning).
    ///
    /// Linear in the files and the findings: each file is read and parsed once for the whole run (however many
    /// chains extend it), chains are bounded by ``ParseLimits/maxExtendsDepth``, and findings are kept once each.
    package static func run(
        files: [String], catalog: Catalog?, combinations: [[String]] = [], overrides: [SettingOverride] = [],
        secrets: SecretResolver? = nil, limits: ParseLimits = .default
    ) -> Validation {
        validate(
            files: files, catalog: catalog, combinations: combinations, overrides: overrides, secrets: secrets,
            limits: limits)
    }

    /// Validates `files` (see ``run(files:catalog:combinations:overrides:secrets:limits:)``).
    @_spi(Tools) public static func run(
        files: [String], catalog: Catalog?, combinations: [[String]] = [], limits: ParseLimits = .default
    ) -> Validation {
        validate(
            files: files, catalog: catalog, combinations: combinations, overrides: [], secrets: nil, limits: limits)
    }

    private static func validate(
        files: [String], catalog: Catalog?, combinations: [[String]], overrides: [SettingOverride],
        secrets: SecretResolver?, limits: ParseLimits
    ) -> Validation {
        // A deployment named with --profile resolves its merged references only; files alone, their own.
        let fileSecrets = combinations.isEmpty ? secrets : nil
        var findings: [String: Findings] = [:]
        func add(_ diagnostic: Diagnostic, from file: String) {
            // A finding belongs to the file it points into when that file is being validated, else to `file`.
            let owner = findings[diagnostic.position.file] != nil ? diagnostic.position.file : file
            findings[owner]!.add(diagnostic)
        }
        let byFolder = Dictionary(grouping: files) { ($0 as NSString).deletingLastPathComponent }
        let library = ProfileLibrary(directories: byFolder.keys.sorted(), limits: limits)

        // Each file alone: syntax and structure.
        var documents: [String: ProfileDocument] = [:]
        for file in files {
            let (document, found) = library.loaded.load(file)
            findings[file] = Findings(found)
            documents[file] = document
        }
        // The same profile name twice in one folder.
        for (folder, inFolder) in byFolder {
            let byName = Dictionary(grouping: inFolder) {
                (($0 as NSString).lastPathComponent as NSString).deletingPathExtension
            }
            for (name, group) in byName where group.count > 1 {
                let duplicate = ProfileLibrary.definedTwice(name, in: folder, group)
                for file in group.sorted().dropFirst() {
                    var here = duplicate
                    here.position = SourcePosition(file: file, line: 1, column: 1)
                    findings[file]!.add(here)
                }
            }
        }
        // Each profile as launched alone: its extends chain (its own folder searched first), merged, checked.
        var parents: [String: [ProfileDocument]] = [:]
        for file in files {
            guard let document = documents[file] else { continue }
            let own = library.searching(first: (file as NSString).deletingLastPathComponent)
            let (chain, chainDiagnostics) = own.resolve([
                Located(document.name, at: SourcePosition(file: file, line: 1, column: 1))
            ])
            for diagnostic in chainDiagnostics { add(diagnostic, from: file) }
            guard chain.last?.file == file else { continue }
            parents[file] = chain.dropLast()
            let merged = MergedProfile(names: [document.name], documents: chain)
            let found = check(merged, catalog: catalog, secrets: fileSecrets)
            for diagnostic in found { add(diagnostic, from: file) }
        }
        // A profile whose parent has errors cannot launch either: say so in its own result, pointing at the parent.
        for file in files {
            guard let document = documents[file], let first = document.extends.first else { continue }
            let broken = (parents[file] ?? []).filter { parent in findings[parent.file]?.hasErrors == true }
            guard !broken.isEmpty else { continue }
            let names = broken.map { "'\($0.name)' (\(($0.file as NSString).lastPathComponent))" }.joined(
                separator: ", ")
            findings[file]!.add(
                Diagnostic(
                    .brokenParent,
                    "\(document.name) extends \(names), which has errors: it cannot be applied until they are fixed",
                    at: first.position))
        }
        var validation = Validation()
        validation.files = files.map { FileResult(file: $0, diagnostics: findings[$0]!.sorted) }

        let deployments = combinations.isEmpty && !overrides.isEmpty ? [[]] : combinations
        for names in deployments {
            let origin = SourcePosition(file: "<--profile \(names.joined(separator: ","))>", line: 1, column: 1)
            let (documents, found) = library.resolve(names.map { Located($0, at: origin) })
            var merged = MergedProfile(names: names, documents: documents)
            let overridden = OverrideMerger(catalog: catalog).merge(overrides, into: &merged)
            var combination = Findings(found.filter { $0.position.file == origin.file } + overridden)
            let checked = check(merged, catalog: catalog, secrets: secrets)
            for diagnostic in checked { combination.add(diagnostic) }
            let diagnostics = combination.sorted
            let valid = !(found + diagnostics).contains { $0.severity == .error }
            validation.combinations.append(CombinationResult(profiles: names, diagnostics: diagnostics, valid: valid))
        }
        return validation
    }

    /// One file's findings, each once, in the order found.
    struct Findings {
        private var list: [Diagnostic] = []
        private var seen: Set<Diagnostic> = []

        init(_ found: [Diagnostic] = []) {
            for diagnostic in found { add(diagnostic) }
        }

        mutating func add(_ diagnostic: Diagnostic) {
            if seen.insert(diagnostic).inserted { list.append(diagnostic) }
        }

        /// In position order.
        var sorted: [Diagnostic] { list.sorted { $0.position < $1.position } }

        /// Whether any finding is an error.
        var hasErrors: Bool { list.contains { $0.severity == .error } }
    }

    /// Checks a merged profile against the catalog, or (without one) what needs no catalog: that `with` has a `use`.
    @_spi(Tools) public static func check(_ merged: MergedProfile, catalog: Catalog?) -> [Diagnostic] {
        check(merged, catalog: catalog, secrets: nil)
    }

    /// ``check(_:catalog:)``, with the values of secrets looked up through `secrets` when given.
    package static func check(_ merged: MergedProfile, catalog: Catalog?, secrets: SecretResolver?) -> [Diagnostic] {
        if let catalog {
            return ProfileChecker.checkInParts(merged, against: CatalogSource(catalog, secrets: secrets))
                + PromiseCheck.unprovided(in: merged, promises: PromiseCheck.promises(in: catalog))
        }
        var found: [Diagnostic] = []
        for (_, section) in merged.containers {
            for entry in section.entries {
                if let with = entry.with, entry.use == nil, entry.members == nil {
                    found.append(ProfileChecker.withWithoutUse(at: with.origin))
                }
            }
        }
        return found
    }
}
