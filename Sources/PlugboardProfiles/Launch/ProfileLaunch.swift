import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// What a program's profile launch found and did: the active profiles, the files read, every finding, and
/// whether the profiles apply to every container or to none.
///
/// Made once per program by ``ProfileSystem/launch(_:options:)`` (or ``ProfileSystem/bootstrap(_:options:)-(ManagedContainer...,_)``,
/// which also acts on it); every container made later applies the same checked result for its type. The
/// launch is generation 1: a reload runs the same pipeline and makes the same value, which, once applied, is
/// what ``ProfileSystem/current`` returns and what ``ProfileGeneration`` numbers.
public struct ProfileLaunch: Sendable {
    /// How the launch ended.
    public enum Outcome: Sendable, Equatable {
        /// Every check passed: the profiles apply to every container (also when no profile is active).
        case applied
        /// At least one error: no container is rewired; ``FailurePolicy`` decides what the program does.
        case refused
        /// `--plugboard-export-catalog PATH` asked for the catalog, which was written there; nothing applied.
        case catalogExported(path: String)
        /// The catalog was asked for but could not be written; nothing applied.
        case catalogNotWritten(path: String, reason: String)
    }

    /// How the launch ended.
    public internal(set) var outcome: Outcome
    /// The active profiles and what chose them.
    public internal(set) var selection: ProfileSelection
    /// The files read, parents first.
    public internal(set) var files: [String] = []
    /// A hash of the files' contents (FNV-1a, 64 bits, hex), to tell versions apart in logs.
    public internal(set) var contentHash: String = ""
    /// Every finding, in file order: errors when refused, warnings either way.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// The containers the profiles were checked against, sorted.
    public internal(set) var containers: [String] = []
    /// The single-setting overrides applied over the files, by origin (`$PLUGBOARD__Container__store__use`,
    /// `--plugboard-set Container.store.use`), in the order they apply. Their values are not kept here.
    public internal(set) var overrides: [String] = []
    /// The factories the profiles change, as `Container.key`, container by container.
    public var changedFactories: [String] {
        changedKeys.keys.sorted().flatMap { container in changedKeys[container]!.map { "\(container).\($0)" } }
    }
    /// The keys the profiles change, per container (what ``changedFactories`` spells out).
    var changedKeys: [String: [String]] = [:]
    /// The merged profiles, kept so that containers made later apply them without reading the files again.
    var merged: MergedProfile?
    /// The custom scopes of every container checked, which profiles may name in any container's section.
    var customScopes: [String: Scope] = [:]
    /// What resolved the secrets at launch, for containers made later, which decode their settings again.
    var secrets: SecretResolver?
    /// Every file read (profiles, parents, `file:` secrets), with a hash of what was read: what a watcher
    /// watches and a reload compares.
    var inputFiles: [(path: String, hash: UInt64)] = []
    /// Every path a profile's lookup tried, there or not (`app.yaml`, `app.yml`, `app.json` in each folder
    /// searched until one had it): a file appearing there changes what the same lookup finds.
    var lookups: [String] = []
    /// Which file each read read (device, inode, bytes), for a watcher to tell a read of the file it waited on.
    var readIdentities: [String: FileIdentity] = [:]
    /// One hash of every input: the files read, the secrets' values and the overrides' values.
    var inputsHash: UInt64 = 0
    /// The secret references resolved, with hashes of their values.
    var secretReads: SecretReads?

    /// Whether the profiles apply.
    public var isApplied: Bool { outcome == .applied }

    /// Reads, merges and checks the active profiles against `program`, once for every container: the
    /// launch's whole pipeline before anything changes. Returns the checked entries to apply when it passes.
    static func prepare(
        against program: ProgramDeclarations, options: ProfileOptions, onlySectionsOf sections: [String]? = nil,
        selection chosen: ProfileSelection? = nil
    ) -> (ProfileLaunch, entries: [String: [CheckedEntry<PreparedClosure>]]) {
        let override = ProfileOverride.current
        let library = ProfileLibrary(
            directories: (override?.directories ?? []) + options.searchPath, limits: options.limits)
        let selection =
            chosen ?? override.map { ProfileSelection(names: $0.profiles, source: .code) }
            ?? ProfileSelection.choose(
                code: options.profiles, arguments: options.arguments, environment: options.environment,
                defaultExists: { if case .success = library.locate("default") { true } else { false } })
        var launch = ProfileLaunch(outcome: .applied, selection: selection, containers: program.containerNames.sorted())
        launch.customScopes = program.scopes
        var configuration: (@Sendable (String) -> String?)?
        if let source = options.valueSource {
            configuration = { key in source.secret(forKey: key) }
        }
        launch.secrets = SecretResolver(environment: options.environment, configuration: configuration)
        let reads = SecretReads()
        launch.secrets?.reads = reads
        launch.secretReads = reads
        let log = FileReadLog()
        // A test's profiles (``ProfileOverride``) are not changed by the shell's variables or the runner's arguments.
        let (arguments, overrideArgumentDiagnostics) =
            override == nil ? SettingOverride.fromArguments(options.arguments) : ([], [])
        let argumentDiagnostics =
            (override == nil ? LaunchFlags.check(options.arguments) : []) + overrideArgumentDiagnostics
        var (variables, variableDiagnostics) =
            override == nil ? SettingOverride.fromEnvironment(options.environment) : ([], [])
        if override == nil {
            variableDiagnostics += LaunchVariables.unknown(
                in: options.environment.keys, at: { SourcePosition(file: "$" + $0, line: 1, column: 2) },
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
        let (documents, loadDiagnostics) = log.noting {
            library.resolve(selection.names.map { Located($0, at: origin) })
        }
        launch.files = documents.map(\.file)
        launch.contentHash = contentHash(of: launch.files, reads: log.all)
        var merged = ParsedFiles.merged(names: selection.names, documents: documents)
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
        var (entries, checkDiagnostics) = SecretResolver.$current.withValue(launch.secrets) {
            log.noting { ProfileChecker.check(merged, against: program, containers: sections) }
        }
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

    /// The checked entries of `container` for one of its instances: this generation's merged profiles checked
    /// again against that instance's declarations (its closures are its own), reading nothing: no file, and each
    /// secret as this generation read it. Errors when the instance declares other choices than the one this
    /// generation was checked against (the program's doing): then nothing of it is safe to apply.
    func entries(for container: String, declaring live: LiveDeclarations) -> Result<
        [CheckedEntry<PreparedClosure>], ProfileError
    > {
        guard isApplied, let merged, merged.containers[container] != nil else { return .success([]) }
        let (entries, diagnostics) = SecretResolver.$current.withValue(secrets?.pinned()) {
            ProfileChecker.check(
                merged, against: ProgramDeclarations([container: live], launch: self), containers: [container])
        }
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { return .failure(ProfileError(errors)) }
        return .success(entries[container] ?? [])
    }

    /// The plan of each of `declared`, in order: the first instance of each container gets the entries this
    /// generation `checked` against the program; another instance of the same type (declared by an
    /// `autoRegister()`, or made for the program by its own code) is checked on its own, as a container made
    /// later is. Fails with every mismatch when one instance declares other choices than its type's first.
    func plans(for declared: [DeclarationCollector.Declared], checked: [String: [CheckedEntry<PreparedClosure>]])
        -> Result<[[CheckedEntry<PreparedClosure>]], ProfileError>
    {
        var seen: Set<String> = []
        var plans: [[CheckedEntry<PreparedClosure>]] = []
        var mismatches: [Diagnostic] = []
        plans.reserveCapacity(declared.count)
        for instance in declared {
            if seen.insert(instance.name).inserted {
                plans.append(checked[instance.name] ?? [])
                continue
            }
            switch entries(for: instance.name, declaring: instance.live) {
            case .success(let plan): plans.append(plan)
            case .failure(let mismatch):
                plans.append([])
                mismatches += mismatch.diagnostics
            }
        }
        return mismatches.isEmpty ? .success(plans) : .failure(ProfileError(mismatches))
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
