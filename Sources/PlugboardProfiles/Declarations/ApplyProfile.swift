import Foundation
import Logging
import Plugboard

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What applying a profile did.
public struct ProfileReport: Sendable, Error {
    /// The active profiles and what chose them.
    public var selection: ProfileSelection
    /// The files applied, parents first.
    public var files: [String] = []
    /// The keys of the factories the profile changed, in the order the profiles first name them (parents first).
    public var changedFactories: [String] = []
    /// A hash of the applied files' contents (FNV-1a, 64 bits, hex), to tell versions apart in logs.
    public var contentHash: String = ""
    /// Every finding (warnings, and errors when the profile was not applied).
    public var diagnostics: [Diagnostic] = []
    /// Whether the profile changed the container.
    public var applied = false
}

extension ManagedContainer {
    /// Declares what profiles may choose for this container, then applies the active profile to it.
    /// Call it in `autoRegister()`:
    ///
    /// ```swift
    /// extension Container: AutoRegistering {
    ///     public func autoRegister() {
    ///         applyProfile(
    ///             analytics.choices(["console": { ConsoleAnalytics() }, "null": { NullAnalytics() }]),
    ///             apiBaseURL.configurable()
    ///         )
    ///     }
    /// }
    /// ```
    ///
    /// All or nothing: every active file is read, merged and checked against these declarations before the
    /// first registration changes. On failure the container is left as the code made it and the
    /// options' ``FailurePolicy`` decides what happens next.
    @discardableResult
    public func applyProfile(_ declarations: ProfileDeclaration..., options: ProfileOptions = ProfileOptions()) -> ProfileReport {
        applyProfile(declarations, options: options)
    }

    /// The array form of ``applyProfile(_:options:)-(ProfileDeclaration...,_)``.
    @discardableResult
    public func applyProfile(_ declarations: [ProfileDeclaration], options: ProfileOptions = ProfileOptions()) -> ProfileReport {
        let containerName = containerName  // the type's name, reflected once per call
        let live = LiveDeclarations(declarations)
        ProfileCatalog.record(containerName, live)
        if let path = ProfileSelection.value(of: ProfileOptions.exportCatalogArgument, in: options.arguments) {
            ProfileCatalog.export(to: path)
        }
        let report = ProfileApplier.prepare(for: containerName, live: live, options: options)
        switch report {
        case .failure(let report):
            ProfileApplier.fail(report, options: options, container: containerName)
            return report
        case .success(let (report, plan)):
            for entry in plan {
                live.factories[entry.key].unsafelyUnwrapped.apply(
                    entry.registration, entry.scope.flatMap { live.scopes[$0] }, entry.contexts.map { ($0.context, $0.closure) })
            }
            if report.selection.source != .none {
                ProfileApplier.log(report, options: options, container: containerName)
            }
            return report
        }
    }
}

/// The program's own declarations for one container, checked by decoding into the real types.
struct LiveDeclarations: DeclarationSource {
    var factories: [String: FactoryDeclaration] = [:]
    var scopes: [String: Scope] = [
        "unique": Scope.unique, "cached": Scope.cached, "shared": Scope.shared, "singleton": Scope.singleton, "graph": Scope.graph,
    ]
    var customScopes: [String] = []

    init(_ declarations: [ProfileDeclaration]) {
        factories.reserveCapacity(declarations.count)
        for declaration in declarations {
            switch declaration.content {
            case .factory(let factory):
                // One lookup for a key declared once (nearly all); a second declaration adds to the first.
                if let earlier = factories.updateValue(factory, forKey: factory.key) {
                    factories[factory.key] = earlier.merged(with: factory)
                }
            case .scope(let name, let scope):
                scopes[name] = scope
                customScopes.append(name)
            }
        }
    }

    func declares(container: String) -> Bool { true }
    func factory(_ key: String, in container: String) -> FactoryDeclaration? { factories[key] }
    func factoryKeys(in container: String) -> [String] { Array(factories.keys) }
    func declares(implementation: String, of factory: FactoryDeclaration) -> Bool { factory.implementations.value(named: implementation) != nil }
    func implementations(of factory: FactoryDeclaration) -> [String] { Array(factory.implementations.keys) }
    func takesSettings(_ implementation: String, of factory: FactoryDeclaration) -> Bool {
        factory.implementations.value(named: implementation)?.settingsType != nil
    }
    func prepare(_ implementation: String, of factory: FactoryDeclaration, with settings: ValueNode?) -> Result<PreparedClosure, ProfileError> {
        factory.implementations.value(named: implementation)!.prepare(settings)
    }
    func check(implementation name: String, of factory: FactoryDeclaration, with settings: ValueNode?) -> ImplementationCheck<PreparedClosure> {
        guard let implementation = factory.implementations.value(named: name) else { return .undeclared }
        if settings != nil && implementation.settingsType == nil { return .takesNoSettings }
        return .checked(implementation.prepare(settings))
    }
    func isConfigurable(_ factory: FactoryDeclaration) -> Bool { factory.value != nil }
    func prepare(value: ValueNode, of factory: FactoryDeclaration) -> Result<PreparedClosure, ProfileError> {
        factory.value!.prepare(value)
    }
    var scopeNames: [String] { Array(scopes.keys) }
    var containerNames: [String] { [] }

    /// These declarations with `later`'s added: its factories and scopes replace ones of the same name.
    func adding(_ later: LiveDeclarations) -> LiveDeclarations {
        // A container that declares again usually declares the same things (a new instance of the same
        // container type): then `later` replaces these whole, and nothing is copied.
        if later.covers(self) { return later }
        var combined = self
        combined.factories.merge(later.factories) { _, new in new }
        combined.scopes.merge(later.scopes) { _, new in new }
        combined.customScopes = Array(Set(customScopes + later.customScopes))
        return combined
    }

    /// Whether every factory and custom scope of `earlier` is declared here too.
    func covers(_ earlier: LiveDeclarations) -> Bool {
        factories.count >= earlier.factories.count
            && earlier.factories.keys.allSatisfy { factories[$0] != nil }
            && earlier.customScopes.allSatisfy { scopes[$0] != nil }
    }

    /// This container's part of a catalog.
    func catalog(named name: String) -> Catalog {
        var catalog = Catalog()
        var container = Catalog.CatalogContainer()
        for (key, factory) in factories { container.factories[key] = factory.catalogEntry }
        catalog.containers[name] = container
        catalog.scopes = customScopes.sorted()
        return catalog
    }
}

/// Everything declared in this process so far, for `--plugboard-export-catalog` and ``current``.
public enum ProfileCatalog {
    private static let lock = NSLock()
    /// The declarations per container; the catalog is made from them only when asked for.
    nonisolated(unsafe) private static var declared: [String: LiveDeclarations] = [:]

    /// The catalog of every container that has called `applyProfile` in this process.
    public static var current: Catalog {
        let parts = lock.withLock { declared }
        var catalog = Catalog()
        for (name, live) in parts { catalog.merge(live.catalog(named: name)) }
        return catalog
    }

    /// Keeps `live` for `container`; a container that declares again adds to (and replaces) what it declared.
    static func record(_ container: String, _ live: LiveDeclarations) {
        lock.withLock {
            if let earlier = declared[container] {
                declared[container] = earlier.adding(live)
            } else {
                declared[container] = live
            }
        }
    }

    /// Writes ``current`` to `path` and exits with status 0 (or 2 when it cannot be written).
    static func export(to path: String) -> Never {
        do {
            try current.jsonData().write(to: URL(fileURLWithPath: path))
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("plugboard: cannot write the catalog to \(path): \(error)\n".utf8))
            exit(2)
        }
    }
}

/// Reads, merges and checks the active profile for one container.
enum ProfileApplier {
    /// The checked entries of the container's declared factories (the checker looked each one up).
    typealias Plan = [CheckedEntry<PreparedClosure>]

    static func prepare(for container: String, live: LiveDeclarations, options: ProfileOptions) -> Result<(ProfileReport, Plan), ProfileReport> {
        let override = ProfileOverride.current
        let library = ProfileLibrary(directories: (override?.directories ?? []) + options.searchPath, limits: options.limits)
        let selection = override.map { ProfileSelection(names: $0.profiles, source: .code) }
            ?? ProfileSelection.choose(
                code: options.profiles, arguments: options.arguments, environment: options.environment,
                defaultExists: { if case .success = library.locate("default") { true } else { false } })
        var report = ProfileReport(selection: selection)
        guard !selection.names.isEmpty else { return .success((report, [])) }

        let origin = SourcePosition(file: "<\(selection.source.label)>", line: 1, column: 1)
        let (documents, loadDiagnostics) = library.resolve(selection.names.map { Located($0, at: origin) })
        report.files = documents.map(\.file)
        report.contentHash = contentHash(of: report.files)
        let merged = MergedProfile(names: selection.names, documents: documents)
        let (entries, checkDiagnostics) = ProfileChecker.check(merged, against: live, containers: [container])
        report.diagnostics = (loadDiagnostics + checkDiagnostics).sorted { $0.position < $1.position }
        if report.diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(report)
        }
        let plan = entries[container] ?? []
        report.changedFactories = plan.map(\.key)
        report.applied = true
        return .success((report, plan))
    }

    static func fail(_ report: ProfileReport, options: ProfileOptions, container: String) {
        let names = report.selection.names.joined(separator: ", ")
        switch options.failurePolicy {
        case .stop:
            var text = report.diagnostics.map { "\($0)\n" }.joined()
            text += "plugboard: profile \(names) was not applied to \(container); stopping (FailurePolicy.keepDefaults would start with the code's defaults)\n"
            FileHandle.standardError.write(Data(text.utf8))
            exit(ProfileFailure.exitCode)
        case .keepDefaults:
            for diagnostic in report.diagnostics {
                options.logger.log(level: diagnostic.severity == .error ? .error : .warning, "\(diagnostic)")
            }
            options.logger.error("profile \(names) was not applied to \(container); keeping the code's defaults")
        }
    }

    static func log(_ report: ProfileReport, options: ProfileOptions, container: String) {
        for diagnostic in report.diagnostics {
            options.logger.warning("\(diagnostic)")
        }
        let files = report.files.map { relative($0, to: options.workingDirectory) }.joined(separator: ", ")
        options.logger.info(
            "applied profile \(report.selection.names.joined(separator: ",")) (\(report.selection.source.label)) to \(container) from \(files): \(report.changedFactories.count) factories changed (\(report.changedFactories.joined(separator: ", "))), content hash \(report.contentHash)")
    }

    static func relative(_ path: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// FNV-1a over the files' bytes in order.
    static func contentHash(of files: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in files {
            (FileManager.default.contents(atPath: file) ?? Data()).withUnsafeBytes { bytes in
                for byte in bytes {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                }
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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
