import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// `reload()` through the launch's pipeline, on a program of two containers: applied to both or to none,
/// refusals logged once per content, the status a health endpoint reads, and what new resolutions see.
@Suite struct ReloadTests {
    @Test func validEditIsAppliedToBothContainersTogether() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        #expect(program.launch.isApplied)
        #expect(program.wiring == "memory-store | 20 | fixed 60/min")

        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }", limiter: "{ use: off }"))
        let outcome = program.running.reload()

        #expect(
            outcome == .applied(generation: 2, changedFactories: ["LimitsContainer.limiter", "ShopContainer.store"]))
        #expect(program.wiring == "sql-store db.example | 20 | no-limit")
        #expect(program.running.status.generation == 2)
        #expect(program.running.status.applied == 1)
        #expect(
            program.log.all.last
                == "info: reloaded profile app (code) for LimitsContainer, ShopContainer from app.yaml: generation 2, 2 factories changed (LimitsContainer.limiter, ShopContainer.store), content hash \(program.running.current.contentHash)"
        )
    }

    @Test func wrongEditIsRefusedWholeWithTheLaunchsDiagnostics() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        // Right for ShopContainer, wrong for LimitsContainer.
        let broken = appProfile(store: "{ use: sql, with: { url: db.example } }", limiter: "{ use: slow }")
        try program.write(broken)

        let outcome = program.running.reload()

        // A fresh launch of the same files finds exactly what the reload found.
        let fresh = try ReloadProgram(["app.yaml": broken])
        guard case .refused(let generation, let diagnostics) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(generation == 1)
        #expect(diagnostics.map(\.code) == [.unknownImplementation])
        #expect(
            diagnostics.map { "\($0.code) \($0.position.line):\($0.position.column) \($0.message)" }
                == fresh.launch.diagnostics.map { "\($0.code) \($0.position.line):\($0.position.column) \($0.message)" }
        )
        #expect(program.wiring == "memory-store | 20 | fixed 60/min")
        let status = program.running.status
        #expect(status.isDegraded && status.consecutiveFailures == 1 && status.generation == 1 && status.refused == 1)
        #expect(
            program.errors.last
                == "error: reload of profile app (code) refused (1 error): LimitsContainer, ShopContainer keep generation 1"
        )
    }

    @Test func revertingToTheRunningContentClearsTheDegradedState() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        try program.write(appProfile(limiter: "{ use: slow }"))
        #expect(program.running.reload().generation == 1)
        #expect(program.running.status.isDegraded)

        try program.write(appProfile())
        #expect(program.running.reload() == .unchanged(generation: 1))
        let status = program.running.status
        #expect(!status.isDegraded && status.consecutiveFailures == 0)
        #expect(status.lastOutcome == .unchanged(generation: 1))
    }

    @Test func theSameBrokenContentIsLoggedOnce() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        try program.write(appProfile(limiter: "{ use: slow }"))
        for _ in 0..<100 { _ = program.running.reload() }

        #expect(program.errors.count == 2)  // the diagnostic, then the refusal's line
        #expect(program.running.status.consecutiveFailures == 100)

        // Other broken content is news.
        try program.write(appProfile(limiter: "{ use: slower }"))
        _ = program.running.reload()
        #expect(program.errors.count == 4)
    }

    @Test func unchangedInputsMakeNoGenerationAndNoLogLine() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let before = program.log.all.count
        #expect(program.running.reload() == .unchanged(generation: 1))
        // A comment changes the file but no factory's wiring.
        try program.write(appProfile() + "\n# reviewed\n")
        #expect(program.running.reload() == .unchanged(generation: 1))
        #expect(program.log.all.count == before)
    }

    @Test func theLaunchsOverridesApplyOverEveryReloadsFiles() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()]) { options in
            options.environment = ["PLUGBOARD__ShopContainer__pageSize__value": "77"]
            options.arguments = ["--plugboard-set", "LimitsContainer.limiter.use=off"]
        }
        #expect(program.wiring == "memory-store | 77 | no-limit")

        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }", pageSize: 30))
        #expect(program.running.reload() == .applied(generation: 2, changedFactories: ["ShopContainer.store"]))
        #expect(program.wiring == "sql-store db.example | 77 | no-limit")
    }

    @Test func aLogHandlerMayReadTheStatusOfTheReloadItLogs() throws {
        let reloader = Locked<RunningProfiles?>(nil)
        let seen = Lines()
        let program = try ReloadProgram(["app.yaml": appProfile()]) { options in
            options.logger = Logger(label: "plugboard") { _ in
                StatusReadingLogHandler(lines: seen) { reloader.withLock { $0 }?.status.generation }
            }
        }
        reloader.withLock { $0 = program.running }
        try program.write(appProfile(pageSize: 21))
        #expect(program.running.reload().generation == 2)
        #expect(seen.all.last?.hasPrefix("generation 2: reloaded profile app") == true, "\(seen.all)")
    }

    @Test func aFactoryTheProfileNoLongerNamesGoesBackToTheCode() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        try program.write(
            """
            plugboard: 1
            containers:
              ShopContainer:
                store: { use: memory }
            """)
        #expect(
            program.running.reload()
                == .applied(generation: 2, changedFactories: ["LimitsContainer.limiter", "ShopContainer.pageSize"]))
        #expect(program.wiring == "memory-store | 10 | code-limiter")
    }

    /// A `register` the program makes after the launch is the code's wiring from then on: the profile's entry
    /// wins while the profiles name the factory, and the program's registration comes back once they do not.
    @Test func aFactoryTheProfileNoLongerNamesGoesBackToWhatTheProgramLastWrote() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        program.shop.store.register { "registered-store" }
        program.limits.limiter.register { "registered-limiter" }
        #expect(program.wiring == "registered-store | 20 | registered-limiter")
        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2)
        #expect(program.wiring == "sql-store db.example | 20 | registered-limiter")
        try program.write(
            """
            plugboard: 1
            containers:
              ShopContainer:
                pageSize: { value: 20 }
            """)
        #expect(program.running.reload().generation == 3)
        #expect(program.wiring == "registered-store | 20 | registered-limiter")
    }

    /// Context choices change on a reload as the implementation does: a chosen implementation (with settings,
    /// or a parameter factory's), `default` for the definition, and none once the profile drops them.
    @Test func aReloadRewiresContextChoicesInBothContainers() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        func resolved() -> String { "\(program.wiring) | \(program.limits.quota(3))" }
        #expect(resolved() == "memory-store | 20 | fixed 60/min | quota 3")

        // Under `swift test` the test context is on, so its choices win over `use`.
        try program.write(
            appProfile(
                store: "{ use: memory, contexts: { test: { use: sql, with: { url: ctx.example } } } }",
                limiter: "{ use: off, contexts: { test: default } }")
                + "\n    quota: { use: half, contexts: { test: double } }")
        let withContexts = ["LimitsContainer.limiter", "LimitsContainer.quota", "ShopContainer.store"]
        #expect(program.running.reload() == .applied(generation: 2, changedFactories: withContexts))
        #expect(resolved() == "sql-store ctx.example | 20 | code-limiter | quota 6")

        try program.write(appProfile() + "\n    quota: { use: half, contexts: { test: default } }")
        #expect(program.running.reload() == .applied(generation: 3, changedFactories: withContexts))
        #expect(resolved() == "memory-store | 20 | fixed 60/min | quota 3")

        try program.write(appProfile() + "\n    quota: { use: half }")
        #expect(program.running.reload() == .applied(generation: 4, changedFactories: ["LimitsContainer.quota"]))
        #expect(resolved() == "memory-store | 20 | fixed 60/min | quota 1")
    }

    /// Entries are compared by position while the profiles name the same factories in the same order, and by
    /// key once they do not: a reordered file changes nothing, and an edit among reordered entries changes
    /// only its factory.
    @Test func reorderedEntriesChangeNothingAndAnEditAmongThemOnlyItsFactory() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        func reordered(pageSize: Int) -> String {
            """
            plugboard: 1
            containers:
              LimitsContainer:
                limiter: { use: fixed, with: { perMinute: 60 } }
              ShopContainer:
                pageSize: { value: \(pageSize) }
                store: { use: memory }
            """
        }
        try program.write(reordered(pageSize: 20))
        #expect(program.running.reload() == .unchanged(generation: 1))
        try program.write(reordered(pageSize: 25))
        #expect(program.running.reload() == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(program.wiring == "memory-store | 25 | fixed 60/min")
    }

    /// A reload that changes many factories names the first ten in its log line and counts the rest; the
    /// outcome lists every one.
    @Test func aLargeReloadsLogLineNamesTenFactoriesAndCountsTheRest() throws {
        let container = TwelveSizes()
        let directory = Fixtures.temporaryDirectory()
        func write(_ size: Int) throws {
            let entries = (0..<12).map { "    s\($0): { value: \(size) }\n" }.joined()
            try Data("plugboard: 1\ncontainers:\n  TwelveSizes:\n\(entries)".utf8).write(
                to: URL(fileURLWithPath: directory + "/app.yaml"))
        }
        try write(1)
        let log = Lines()
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        options.workingDirectory = directory
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: log) }
        // As `ProfileSystem.launch` does, without making this test's containers the process's.
        let (launch, started) = ProfileSystem.start([container], options: options)
        ProgramEdge.act(on: launch, options: options)
        #expect(launch.isApplied)
        let running = try #require(started)
        let names = (0..<12).map { "TwelveSizes.s\($0)" }
        let listed =
            "TwelveSizes.s0, TwelveSizes.s1, TwelveSizes.s2, TwelveSizes.s3, TwelveSizes.s4, "
            + "TwelveSizes.s5, TwelveSizes.s6, TwelveSizes.s7, TwelveSizes.s8, TwelveSizes.s9"
        #expect(log.all.last?.contains(": 12 factories changed (\(listed) and 2 more), content hash") == true)

        try write(2)
        guard case .applied(_, let changed) = running.reload() else {
            Issue.record("the reload was not applied: \(log.all)")
            return
        }
        #expect(changed == names.sorted())  // s0, s1, s10, s11, s2, ...
        #expect(log.all.last?.contains(": generation 2, 12 factories changed (") == true)
        #expect(log.all.last?.contains(" and 2 more), content hash") == true)
        #expect(container.s11() == 2)
    }

    @Test(arguments: ["cached", "shared", "custom"])
    func keptObjectsBuiltFromAChangedFactoryAreDroppedAndHandedOutOnesKept(scope: String) throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let catalog = {
            switch scope {
            case "cached": program.shop.catalog()
            case "shared": program.shop.sharedCatalog()
            default: program.shop.sessionCatalog()
            }
        }
        let before = catalog()
        #expect(before.name == "catalog over memory-store")
        #expect(catalog() === before)

        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2)

        #expect(catalog().name == "catalog over sql-store db.example")
        #expect(before.name == "catalog over memory-store")
    }

    /// A reload drops only the kept instances its change reaches: the changed factory's, and those built from
    /// it at any depth, in either container. The rest (an in-memory list, a pool) is kept.
    @Test func aReloadKeepsTheInstancesItsChangeDoesNotReach() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let catalog = program.shop.catalog()
        let summary = program.shop.summary()  // built from catalog, a hit by then
        let notes = program.shop.notes()
        let throttle = program.shop.throttle()
        #expect(throttle.name == "throttle with fixed 60/min")

        try program.write(appProfile(limiter: "{ use: fixed, with: { perMinute: 90 } }"))
        #expect(program.running.reload().generation == 2)
        #expect(program.shop.notes() === notes, "built from nothing that changed")
        #expect(program.shop.catalog() === catalog)
        #expect(program.shop.summary() === summary)
        #expect(program.shop.throttle() !== throttle, "built from the other container's changed limiter")
        #expect(program.shop.throttle().name == "throttle with fixed 90/min")

        try program.write(
            appProfile(
                store: "{ use: sql, with: { url: db.example } }", limiter: "{ use: fixed, with: { perMinute: 90 } }"))
        #expect(program.running.reload().generation == 3)
        #expect(program.shop.notes() === notes)
        #expect(program.shop.catalog() !== catalog)
        #expect(program.shop.summary() !== summary, "built from catalog, which was built from the store")
        #expect(program.shop.summary().name == "summary of catalog over sql-store db.example")
    }

    @Test func aBuildThatStraddlesAReloadIsReturnedButNotKept() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let shop = program.shop
        let straddling = PausedResolution(pausingAt: shop.pause) { shop.report() }  // the build has the old store
        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2)

        #expect(straddling.finish().name == "report over memory-store")
        #expect(program.shop.report().name == "report over sql-store db.example")
    }

    @Test func aRotatedFileSecretIsReadAgainAndNeverShown() throws {
        let directory = Fixtures.temporaryDirectory()
        let password = directory + "/password"
        try "first-secret-value\n".write(toFile: password, atomically: false, encoding: .utf8)
        let program = try ReloadProgram(
            ["app.yaml": appProfile(store: "{ use: sql, with: { url: db, password: \"file:\(password)\" } }")])
        #expect(program.shop.store() == "sql-store db password=first-secret-value")
        #expect(program.running.watchedFiles.contains(password))

        // The profile is unchanged; only the mounted secret is.
        try "second-secret-value\n".write(toFile: password, atomically: false, encoding: .utf8)
        let outcome = program.running.reload()

        #expect(outcome == .applied(generation: 2, changedFactories: ["ShopContainer.store"]))
        #expect(program.shop.store() == "sql-store db password=second-secret-value")
        let shown = program.log.all.joined() + "\(program.running.status)" + "\(outcome)"
        #expect(!shown.contains("secret-value"))
    }

    /// A `config:` secret is asked of the program's configuration again on every reload, as a `file:` secret is
    /// read again: a reload after the configuration changed applies the new value, and no log shows it.
    @Test func aChangedConfigurationSecretIsReadAgainAndNeverShown() throws {
        let configuration = SecretsOnlyConfiguration(["shop.password": "first-config-value"])
        let program = try ReloadProgram(
            ["app.yaml": appProfile(store: "{ use: sql, with: { url: db, password: \"config:shop.password\" } }")]
        ) { $0.valueSource = configuration }
        #expect(program.shop.store() == "sql-store db password=first-config-value")
        #expect(program.running.reload() == .unchanged(generation: 1))

        configuration.values.withLock { $0["shop.password"] = "second-config-value" }
        let outcome = program.running.reload()

        #expect(outcome == .applied(generation: 2, changedFactories: ["ShopContainer.store"]))
        #expect(program.wiring == "sql-store db password=second-config-value | 20 | fixed 60/min")
        let shown = program.log.all.joined() + "\(program.running.status)" + "\(outcome)"
        #expect(!shown.contains("config-value"))
    }

    @Test func anExtendsParentGainedByAnEditIsReadAndWatched() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        try program.write(
            """
            plugboard: 1
            containers:
              LimitsContainer:
                limiter: { use: off }
            """, to: "base.yaml")
        try program.write(
            """
            plugboard: 1
            extends: base
            containers:
              ShopContainer:
                store: { use: memory }
                pageSize: { value: 20 }
            """)
        #expect(program.running.reload() == .applied(generation: 2, changedFactories: ["LimitsContainer.limiter"]))
        #expect(program.wiring == "memory-store | 20 | no-limit")
        #expect(program.running.watchedFiles.contains(program.path("base.yaml")))

        try program.write(
            """
            plugboard: 1
            containers:
              LimitsContainer:
                limiter: { use: fixed, with: { perMinute: 5 } }
            """, to: "base.yaml")
        #expect(program.running.reload() == .applied(generation: 3, changedFactories: ["LimitsContainer.limiter"]))
        #expect(program.wiring == "memory-store | 20 | fixed 5/min")
    }

    /// A reload merges an edited active profile over the parents' merge kept from the run before: whichever
    /// file of the chain changes (a parent with bytes of the same length, or the parent itself), both
    /// containers get what a fresh launch of the same files gets.
    @Test func aReloadMergesLikeAFreshLaunchWhicheverFileOfTheChainChanges() throws {
        func parent(_ name: String, extends: String? = nil, perMinute: Int) -> String {
            "plugboard: 1\n" + (extends.map { "extends: \($0)\n" } ?? "")
                + "containers:\n  LimitsContainer:\n    limiter: { use: fixed, with: { perMinute: \(perMinute) } }\n"
        }
        func app(extends: String, pageSize: Int) -> String {
            "plugboard: 1\nextends: \(extends)\ncontainers:\n  ShopContainer:\n    pageSize: { value: \(pageSize) }\n"
        }
        var files = [
            "base.yaml": parent("base", perMinute: 10), "mid.yaml": parent("mid", extends: "base", perMinute: 11),
            "other.yaml": parent("other", perMinute: 70), "app.yaml": app(extends: "mid", pageSize: 30),
        ]
        let program = try ReloadProgram(files)
        #expect(program.wiring == "code-store | 30 | fixed 11/min")
        let edits: [(file: String, text: String, wiring: String)] = [
            ("app.yaml", app(extends: "mid", pageSize: 40), "code-store | 40 | fixed 11/min"),
            ("mid.yaml", parent("mid", extends: "base", perMinute: 22), "code-store | 40 | fixed 22/min"),
            ("app.yaml", app(extends: "mid", pageSize: 50), "code-store | 50 | fixed 22/min"),
            ("app.yaml", app(extends: "other", pageSize: 50), "code-store | 50 | fixed 70/min"),
            ("app.yaml", app(extends: "other", pageSize: 60), "code-store | 60 | fixed 70/min"),
        ]
        var contentHashes = [program.running.current.contentHash]
        for edit in edits {
            files[edit.file] = edit.text
            try program.write(edit.text, to: edit.file)
            #expect(program.running.reload().generation > 1, "\(edit.file)")
            let fresh = try ReloadProgram(files)
            #expect(program.wiring == edit.wiring, "\(edit.file)")
            #expect(fresh.wiring == edit.wiring, "\(edit.file)")
            // The logged content hash is the fresh launch's, and new for new content.
            #expect(program.running.current.contentHash == fresh.launch.contentHash, "\(edit.file)")
            contentHashes.append(program.running.current.contentHash)
        }
        #expect(Set(contentHashes).count == contentHashes.count)
    }

    @Test func generationsGiveTheRunningOneFirstThenTheNewestToASlowReader() async throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        var updates = program.running.generationUpdates().makeAsyncIterator()
        #expect(await updates.next()?.number == 1)

        for pageSize in [21, 22, 23] {
            try program.write(appProfile(pageSize: pageSize))
            _ = program.running.reload()
        }
        let newest = await updates.next()
        #expect(newest?.number == 4)
        // The newest is the running generation, whose changed factories are all that the profiles change.
        #expect(newest?.contentHash == program.running.current.contentHash)
        #expect(
            newest?.profiledFactories == ["LimitsContainer.limiter", "ShopContainer.store", "ShopContainer.pageSize"])
    }

    @Test func aLaunchRefusedUnderKeepDefaultsIsFixedByAReload() throws {
        let program = try ReloadProgram(["app.yaml": appProfile(limiter: "{ use: slow }")])
        #expect(!program.launch.isApplied)
        #expect(program.wiring == "code-store | 10 | code-limiter")
        #expect(program.running.status.isDegraded)

        try program.write(appProfile())
        #expect(
            program.running.reload()
                == .applied(
                    generation: 2,
                    changedFactories: ["LimitsContainer.limiter", "ShopContainer.pageSize", "ShopContainer.store"]))
        #expect(program.wiring == "memory-store | 20 | fixed 60/min")
        #expect(!program.running.status.isDegraded)
    }
}

/// Each test builds singletons in a store of its own (`Scope.withIsolatedSingletons`), so that no other test
/// running beside it sees them built or dropped.
@Suite struct ReloadSingletonTests {
    @Test func aSingletonBuiltFromAChangedFactoryRefusesTheReload() throws {
        try Scope.withIsolatedSingletons {
            let program = try ReloadProgram(["app.yaml": appProfile()])
            #expect(program.shop.pager().name == "pager of 20")

            try program.write(appProfile(pageSize: 30))
            let outcome = program.running.reload()

            guard case .refused(_, let diagnostics) = outcome else {
                Issue.record("expected a refusal, got \(outcome)")
                return
            }
            #expect(
                diagnostics.map(\.description) == [
                    "\(program.path("app.yaml")):5:5: error: ShopContainer.pageSize changes, and the singleton ShopContainer.pager was built from it; a reload does not replace singletons already built (ReloadOptions.builtSingletons) [PB600]"
                ])
            #expect(program.shop.pageSize() == 20)
            #expect(program.shop.pager().name == "pager of 20")
            // The refused reload leaves the scopes keeping what resolutions build, as before it.
            let catalog = program.shop.catalog()
            #expect(program.shop.catalog() === catalog)
        }
    }

    /// A singleton built from a cached instance that a change reaches is refused like one built from the changed
    /// factory itself, whichever was resolved first: when the catalog was kept before, the singleton's build
    /// only hit it and resolved nothing of the store's, and the reload went through (e21c435).
    @Test(arguments: [true, false])
    func aSingletonBuiltFromAReachedCachedInstanceRefusesTheReload(catalogFirst: Bool) throws {
        try Scope.withIsolatedSingletons {
            let program = try ReloadProgram(["app.yaml": appProfile()])
            if catalogFirst { _ = program.shop.catalog() }
            #expect(program.shop.storefront().name == "storefront on catalog over memory-store")

            try program.write(appProfile(store: "{ use: sql, with: { url: db2 } }"))
            let outcome = program.running.reload()

            guard case .refused(_, let diagnostics) = outcome else {
                Issue.record("expected a refusal, got \(outcome)")
                return
            }
            let direct = catalogFirst ? "an instance built from it" : "it"
            #expect(
                diagnostics.map(\.description) == [
                    "\(program.path("app.yaml")):4:5: error: ShopContainer.store changes, and the singleton ShopContainer.storefront was built from \(direct); a reload does not replace singletons already built (ReloadOptions.builtSingletons) [PB600]"
                ])
            #expect(program.shop.store() == "memory-store")
            #expect(program.shop.storefront().name == "storefront on catalog over memory-store")
        }
    }

    /// Replacing singletons replaces one built from a reached cached instance: it never keeps the old instance
    /// the same reload dropped.
    @Test(arguments: [true, false])
    func replacingASingletonBuiltFromAReachedCachedInstanceRebuildsIt(catalogFirst: Bool) throws {
        try Scope.withIsolatedSingletons {
            let program = try ReloadProgram(["app.yaml": appProfile()]) { $0.reload.builtSingletons = .replace }
            if catalogFirst { _ = program.shop.catalog() }
            _ = program.shop.storefront()
            try program.write(appProfile(store: "{ use: sql, with: { url: db2 } }"))
            #expect(program.running.reload().generation == 2)
            #expect(program.shop.storefront().name == "storefront on catalog over sql-store db2")
            #expect(program.shop.catalog().name == "catalog over sql-store db2")
        }
    }

    @Test func aSingletonNotYetBuiltTakesTheNewWiring() throws {
        try Scope.withIsolatedSingletons {
            let program = try ReloadProgram(["app.yaml": appProfile()])
            try program.write(appProfile(pageSize: 30))
            #expect(program.running.reload().generation == 2)
            #expect(program.shop.pager().name == "pager of 30")
        }
    }

    @Test func replacingSingletonsRebuildsThemForNewResolutions() throws {
        try Scope.withIsolatedSingletons {
            let program = try ReloadProgram(["app.yaml": appProfile()]) { $0.reload.builtSingletons = .replace }
            let held = program.shop.pager()
            try program.write(appProfile(pageSize: 30))
            #expect(program.running.reload().generation == 2)
            #expect(program.shop.pager().name == "pager of 30")
            #expect(held.name == "pager of 20")
        }
    }

    @Test func aSingletonUnrelatedToTheChangeDoesNotStopIt() throws {
        try Scope.withIsolatedSingletons {
            let program = try ReloadProgram(["app.yaml": appProfile()])
            _ = program.shop.pager()
            try program.write(appProfile(limiter: "{ use: off }"))
            #expect(program.running.reload().generation == 2)
        }
    }
}

/// A log handler that prefixes each line with the reload status's generation, read while logging.
struct StatusReadingLogHandler: LogHandler {
    let lines: Lines
    let generation: @Sendable () -> Int?
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("generation \(generation() ?? 0): \(event.message)")
    }
}

/// Twelve configurable sizes: more factories than a log line names.
final class TwelveSizes: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()
    var s0: Factory<Int> { self { 0 } }
    var s1: Factory<Int> { self { 0 } }
    var s2: Factory<Int> { self { 0 } }
    var s3: Factory<Int> { self { 0 } }
    var s4: Factory<Int> { self { 0 } }
    var s5: Factory<Int> { self { 0 } }
    var s6: Factory<Int> { self { 0 } }
    var s7: Factory<Int> { self { 0 } }
    var s8: Factory<Int> { self { 0 } }
    var s9: Factory<Int> { self { 0 } }
    var s10: Factory<Int> { self { 0 } }
    var s11: Factory<Int> { self { 0 } }

    func autoRegister() {
        applyProfile(
            s0.configurable(), s1.configurable(), s2.configurable(), s3.configurable(), s4.configurable(),
            s5.configurable(), s6.configurable(), s7.configurable(), s8.configurable(), s9.configurable(),
            s10.configurable(), s11.configurable())
    }
}
