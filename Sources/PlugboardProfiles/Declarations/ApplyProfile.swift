import Plugboard
@_spi(Tools) import PlugboardProfileFormat

extension ManagedContainer {
    /// Declares what profiles may choose for this container, then applies the program's profiles to it.
    /// Call it in `autoRegister()`:
    ///
    /// ```swift
    /// extension Container: @retroactive AutoRegistering {
    ///     public func autoRegister() {
    ///         applyProfile(
    ///             analytics.choices(["console": { ConsoleAnalytics() }, "null": { NullAnalytics() }]),
    ///             apiBaseURL.configurable()
    ///         )
    ///     }
    /// }
    /// ```
    ///
    /// After ``ProfileSystem/bootstrap(_:options:)-(ManagedContainer...,_)``, this applies what the launch checked for
    /// this container's type (the bootstrap's options count, not `options`), without reading the files again. Without a
    /// bootstrap, the first call from this container type's `autoRegister()` is the program's launch for this one
    /// container: every active file is read, merged and checked against these declarations before anything changes, a
    /// section for another container is an error, and `options`' ``FailurePolicy`` decides what a refused profile does.
    /// Later calls from its `autoRegister()` (after a `reset()`, in a new instance) apply that launch's running
    /// generation without reading anything again, and ``ProfileSystem/reload()`` reloads it. A call outside
    /// `autoRegister()` reads the files each time.
    ///
    /// - Parameters:
    ///   - declarations: What profiles may choose for this container's factories (`choices`, `configurable`,
    ///     `scope`).
    ///   - options: Where profiles are found and what a refused one does, for a launch this call makes; after
    ///     a bootstrap, the bootstrap's count.
    /// - Returns: The generation as this container applied it: its changed factories are this container's, and
    ///   it is refused, with the findings, when the profiles could not be applied here.
    @discardableResult
    public func applyProfile(_ declarations: ProfileDeclaration..., options: ProfileOptions = ProfileOptions())
        -> ProfileGeneration
    {
        applyProfile(declarations, options: options)
    }

    /// Declares a list the program computes (a generated container's thousand factories, a loop over a
    /// plugin's names), then applies the program's profiles, as the variadic form does: Swift cannot pass an
    /// array to a variadic parameter.
    ///
    /// - Parameters:
    ///   - declarations: What profiles may choose for this container's factories.
    ///   - options: Where profiles are found and what a refused one does, for a launch this call makes; after
    ///     a bootstrap, the bootstrap's count.
    /// - Returns: The generation as this container applied it, as the variadic form returns it.
    @discardableResult
    public func applyProfile(
        _ declarations: [ProfileDeclaration], options: ProfileOptions = ProfileOptions()
    )
        -> ProfileGeneration
    {
        let name = containerName  // the type's name, reflected once per call
        let live = LiveDeclarations(declarations)
        ProfileCatalog.record(name, live)
        if let collector = DeclarationCollector.current {
            // The program's launch is collecting every container's declarations: it applies them all at once.
            collector.add(name, live, container: self)
            return .nothingApplied
        }
        let overridden = ProfileOverride.current != nil
        var (launch, revision) = ProfileSystem.currentRevision
        if !overridden && launch == nil && TestIsolation.isolatesProfiles {
            // A test that named no profile: the code's own registrations, whatever the shell says.
            return .nothingApplied
        }
        guard !overridden, var running = launch else {
            if !overridden && isRunningAutoRegister {
                if let lazy = ProfileSystem.lazyLaunch(of: name) { return applyRunning(lazy, name, live, options) }
                return applyAloneAsTheLaunch(name, live, options: options)
            }
            return applyAlone(name, live, options: options, overridden: overridden)
        }
        // A reload that lands while this applies the generation it read makes its own change to this container,
        // unless this overwrites it afterwards: apply again until the generation applied is still the running one.
        var rewiring = ContainerRewiring(self, live, scopes: [:])
        var wired: Set<String> = []
        while true {
            let report = applyRunningGeneration(
                running, recordedIn: ProfileSystem.reloader?.epochGenerations, name, live, options: options,
                rewiring: &rewiring, wired: &wired)
            let now = ProfileSystem.currentRevision
            guard now.revision != revision, let newer = now.launch else { return report }
            (running, revision) = (newer, now.revision)
        }
    }

    /// Applies the running generation of a one-container launch made earlier (by this type's first
    /// `autoRegister()`), as a container made after a bootstrap applies the bootstrap's: nothing is read again.
    private func applyRunning(
        _ lazy: RunningProfiles, _ name: String, _ live: LiveDeclarations, _ options: ProfileOptions
    ) -> ProfileGeneration {
        var rewiring = ContainerRewiring(self, live, scopes: [:])
        var wired: Set<String> = []
        return applyRunningGeneration(
            lazy.current, recordedIn: lazy.epochGenerations, name, live, options: lazy.options,
            rewiring: &rewiring, wired: &wired)
    }

    /// The first `autoRegister()` of this type in a program that did not bootstrap: the program's launch, for
    /// this one container, recorded as its running profiles, which reloads reload and which later calls (a
    /// `reset()`, a new instance) apply without reading the files again.
    private func applyAloneAsTheLaunch(_ name: String, _ live: LiveDeclarations, options: ProfileOptions)
        -> ProfileGeneration
    {
        var options = options
        options.fixEnvironment()  // the launch's environment, which its reloads read too
        if let path = ProfileSelection.value(of: ProfileOptions.exportCatalogArgument, in: options.arguments) {
            let outcome = ProfileCatalog.write(ProfileCatalog.current, to: path)
            ProgramEdge.act(on: ProfileGeneration(outcome: outcome, selection: .nothing), options: options)
        }
        let program = ProgramDeclarations([name: live]).withUnprovidedPromises(
            of: [DeclarationCollector.Declared(name: name, live: live, container: self)])
        let parsed = ParsedFiles()
        var (launch, entries) = parsed.reusing {
            ProfilePipeline.prepare(against: program, options: options, parsed: $0)
        }
        launch.diagnostics = launch.diagnostics.map(Self.pointingAtBootstrap)
        ProgramEdge.act(on: launch, options: options)
        let plan = entries[name] ?? []
        let baselines = ProfileSystem.apply(plan, to: self, declaring: live, scopes: program.scopes)
        let declared = [DeclarationCollector.Declared(name: name, live: live, container: self)]
        // What this `autoRegister()` resolved before this call is built again from the profiles, as at a bootstrap.
        for warning in BuiltBeforeLaunch.drop(reachedBy: [plan], of: declared, launch: launch) {
            options.logger.warning("\(ProgramEdge.shown(warning, options: options))")
            launch.diagnostics.append(warning)
        }
        let running = RunningProfiles(
            declared: declared, program: program, options: options, launch: launch,
            baselines: [ObjectIdentifier(self): baselines], parsed: parsed)
        let recorded = ProfileSystem.recordLazyLaunch(running, of: name)
        guard recorded === running else { return applyRunning(recorded, name, live, options) }
        return launch.applied(to: name, changing: launch.changedKeys[name] ?? [])
    }

    /// A container made after the launch that declares other choices than the launch checked (the program's
    /// doing, not the files'): it keeps the code's wiring, and the findings are logged where the program's
    /// launch logs. The process goes on, as it was running already.
    static func keepingDefaults(
        _ name: String, _ launch: ProfileGeneration, _ mismatch: ProfileError, options containerOptions: ProfileOptions
    ) -> ProfileGeneration {
        let options = ProfileSystem.reloader?.options ?? containerOptions
        for diagnostic in mismatch.diagnostics {
            options.logger.error("\(ProgramEdge.shown(diagnostic, options: options))")
        }
        options.logger.error(
            "profiles were not applied to this \(name): it declares other choices than the one the running profiles were checked against; keeping the code's defaults"
        )
        return launch.refused(by: mismatch.diagnostics)
    }

    /// The launch of a program that did not bootstrap: this container is all it knows. A test's profile
    /// (``ProfileOverride``) is checked against this container's section only, as a test uses one container.
    private func applyAlone(_ name: String, _ live: LiveDeclarations, options: ProfileOptions, overridden: Bool)
        -> ProfileGeneration
    {
        if !overridden,
            let path = ProfileSelection.value(of: ProfileOptions.exportCatalogArgument, in: options.arguments)
        {
            let outcome = ProfileCatalog.write(ProfileCatalog.current, to: path)
            ProgramEdge.act(on: ProfileGeneration(outcome: outcome, selection: .nothing), options: options)
        }
        let program = ProgramDeclarations([name: live]).withUnprovidedPromises(
            of: [DeclarationCollector.Declared(name: name, live: live, container: self)])
        var (launch, entries) = ProfilePipeline.prepare(
            against: program, options: options, onlySectionsOf: overridden ? [name] : nil)
        launch.diagnostics = launch.diagnostics.map(Self.pointingAtBootstrap)
        ProgramEdge.act(on: launch, options: options)
        ProfileSystem.apply(entries[name] ?? [], to: self, declaring: live, scopes: program.scopes)
        return launch.applied(to: name, changing: launch.changedKeys[name] ?? [])
    }

    /// A section for another container, in a program that did not list its containers: say how to list them.
    private static func pointingAtBootstrap(_ diagnostic: Diagnostic) -> Diagnostic {
        guard diagnostic.code == .unknownContainer, !diagnostic.message.contains("did you mean") else {
            return diagnostic
        }
        var pointed = diagnostic
        pointed.message += " (a program with several profile-aware containers lists them in ProfileSystem.bootstrap)"
        return pointed
    }
}
