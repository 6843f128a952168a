import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// The pipeline that makes a generation: read, parse, merge, override and check the active profiles against
/// what the program declared, before anything changes. The launch and every reload run it.
enum ProfilePipeline {
    /// Reads, merges and checks the active profiles against `program`, once for every container: the
    /// launch's whole pipeline before anything changes. Returns the checked entries to apply when it passes.
    /// `parsed` holds what the running program's last launch or reload parsed: only files whose bytes changed
    /// are parsed again.
    static func prepare(
        against program: ProgramDeclarations, options: ProfileOptions, onlySectionsOf sections: [String]? = nil,
        selection chosen: ProfileSelection? = nil, parsed: ParsedFiles? = nil
    ) -> (ProfileGeneration, entries: [String: [CheckedEntry<PreparedClosure>]]) {
        let override = ProfileOverride.current
        let environment = options.environment  // the process's is copied at each read: once per launch
        let directories = (override?.directories ?? []) + options.searchPathBeforeMainBundle
        let mainBundle = { @Sendable in options.mainBundleFolder() }
        // What this run reads and tries: the watcher watches it, and a reload compares it with the running inputs.
        let log = FileReadLog()
        let library = ProfileLibrary(
            directories: directories, lastResort: mainBundle, limits: options.limits, log: log, parsed: parsed)
        // Looking for a `default` profile chooses the profiles; it is not one of their reads.
        let finder = { ProfileLibrary(directories: directories, lastResort: mainBundle, limits: options.limits) }
        let selection =
            chosen ?? override.map { ProfileSelection(names: $0.profiles, source: .code) }
            ?? ProfileSelection.choose(
                code: options.profiles, arguments: options.arguments, environment: environment,
                defaultExists: { if case .success = finder().locate("default") { true } else { false } })
        var launch = ProfileGeneration(
            outcome: .applied, selection: selection, containers: program.containerNames.sorted())
        launch.customScopes = program.scopes
        var configuration: (@Sendable (String) -> String?)?
        if let source = options.valueSource {
            configuration = { key in source.secret(forKey: key) }
        }
        launch.secrets = SecretResolver(environment: environment, configuration: configuration)
        let reads = SecretReads()
        launch.secrets?.reads = reads
        launch.secrets?.fileLog = log
        launch.secretReads = reads
        // A test's profiles (``ProfileOverride``) are not changed by the shell's variables or the runner's arguments.
        let (arguments, overrideArgumentDiagnostics) =
            override == nil ? SettingOverride.fromArguments(options.arguments) : ([], [])
        let argumentDiagnostics =
            (override == nil ? LaunchFlags.check(options.arguments) : []) + overrideArgumentDiagnostics
        var (variables, variableDiagnostics) =
            override == nil ? SettingOverride.fromEnvironment(environment) : ([], [])
        if override == nil {
            variableDiagnostics += LaunchVariables.unknown(
                in: environment.keys, at: { SourcePosition(file: "$" + $0, line: 1, column: 2) },
                settings: { SettingOverride.settingPaths(in: program.catalog).map(\.components) })
            if options.requiresProfile, selection.names.isEmpty {
                variableDiagnostics.append(noProfile(in: library))
            }
        }
        var overrides = variables + arguments
        guard
            !selection.names.isEmpty || !overrides.isEmpty || !argumentDiagnostics.isEmpty
                || !variableDiagnostics.isEmpty || options.valueSource != nil
        else { return (launch, [:]) }

        let origin = SourcePosition(file: "<\(selection.source.label)>", line: 1, column: 1)
        let (documents, loadDiagnostics) = library.resolve(selection.names.map { Located($0, at: origin) })
        launch.files = documents.map(\.file)
        launch.contentHash = contentHash(of: launch.files, reads: log.all)
        var merged =
            parsed?.merged(names: selection.names, documents: documents)
            ?? MergedProfile(names: selection.names, documents: documents)
        var overrideDiagnostics = argumentDiagnostics + variableDiagnostics
        if !overrides.isEmpty || options.valueSource != nil {
            // Names in overrides are matched to the program's declarations, which its catalog lists.
            let catalog = program.catalog
            if let source = options.valueSource {
                overrides = configurationOverrides(from: source, catalog: catalog) + overrides
            }
            overrideDiagnostics += OverrideMerger(catalog: catalog).merge(overrides, into: &merged)
            launch.overrides = merged.overrides
        }
        var (entries, checkDiagnostics) = ProfileChecker.check(
            merged, against: program, containers: sections, secrets: launch.secrets)
        let promises = program.promises.filter { sections?.contains($0.container) ?? true }
        checkDiagnostics += PromiseCheck.unprovided(in: merged, promises: promises)
        launch.inputFiles = log.all
        launch.lookups = log.lookups
        launch.readIdentities = log.readIdentities
        launch.inputsHash = inputsHash(files: launch.inputFiles, secrets: reads, overrides: overrides)
        launch.diagnostics = (loadDiagnostics + overrideDiagnostics + checkDiagnostics).sorted {
            $0.position < $1.position
        }
        if launch.diagnostics.contains(where: { $0.severity == .error }) {
            launch.outcome = .refused
            return (launch, [:])
        }
        launch.merged = merged
        for (container, checked) in entries {
            launch.changedKeys[container] = checked.map(\.key)
        }
        return (launch, entries)
    }

    /// PB305: no profile is active where ``ProfileOptions/requiresProfile`` asks for one, with the profiles
    /// `library` can find.
    static func noProfile(in library: ProfileLibrary) -> Diagnostic {
        let found = library.profileNames()
        let there =
            found.isEmpty ? "no profile is on the search path" : "profiles found: \(found.joined(separator: ", "))"
        return Diagnostic(
            .noProfile,
            "no profile is active, and this program requires one rather than run on the code's defaults: name it with \(ProfileSelection.argument) NAME or \(ProfileSelection.environmentVariable)=NAME (\(there))",
            at: SourcePosition(file: "<launch>", line: 1, column: 1))
    }

    /// The settings `source` sets, asked for every setting the catalog's program declares.
    static func configurationOverrides(from source: any ProfileValueSource, catalog: Catalog) -> [SettingOverride] {
        SettingOverride.settingPaths(in: catalog).compactMap { path in
            source.setting(at: path.components, isSecret: path.isSecret).map {
                SettingOverride(
                    configurationPath: path.components, origin: source.origin(of: path.components), value: $0)
            }
        }
    }

    /// One hash over every input of a launch: what changes it is worth a reload.
    static func inputsHash(files: [(path: String, hash: UInt64)], secrets: SecretReads, overrides: [SettingOverride])
        -> UInt64
    {
        var hash = FNV1a.seed
        for file in files {
            hash = FNV1a.hash(file.path.utf8, into: hash)
            hash = FNV1a.hash(withUnsafeBytes(of: file.hash.littleEndian) { Array($0) }, into: hash)
        }
        for secret in secrets.fingerprints {
            hash = FNV1a.hash(secret.reference.description.utf8, into: hash)
            hash = FNV1a.hash(withUnsafeBytes(of: secret.hash.littleEndian) { Array($0) }, into: hash)
        }
        for override in overrides {
            hash = FNV1a.hash((override.origin + "=" + override.value).utf8, into: hash)
        }
        return hash
    }

    /// FNV-1a over the hashes of the files' bytes as `reads` noted them (every file this launch read), in the
    /// files' order: the bytes that were parsed, with no second read that a save in between could change.
    static func contentHash(of files: [String], reads: [(path: String, hash: UInt64)]) -> String {
        var hashes: [String: UInt64] = [:]
        for read in reads { hashes[read.path] = read.hash }
        var hash = FNV1a.seed
        for file in files {
            hash = withUnsafeBytes(of: (hashes[file] ?? 0).littleEndian) { FNV1a.hash($0, into: hash) }
        }
        return FNV1a.hex(hash)
    }
}

extension ProfileSelection.Source {
    /// How logs and diagnostics name the source.
    var label: String {
        switch self {
        case .code: "code"
        case .argument: ProfileSelection.argument
        case .environment: ProfileSelection.environmentVariable
        case .default: "default profile"
        case .none: "none"
        }
    }
}
