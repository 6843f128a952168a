import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// The watcher, driven look by look with times of the test's own (quiet period 0.5 s): each way a file is
/// saved is one reload with the final content, and a file caught mid-save is never applied or refused.
@Suite struct WatcherTests {
    /// A watcher over `program` whose first looks have settled (the first look always reloads once), looking at
    /// `files` (the machine's by default).
    func settledWatcher(_ program: ReloadProgram, files: any WatchedFileSystem = LocalFileSystem()) -> (
        ProfileFileWatcher, Looks
    ) {
        let watcher = program.running.makeWatcher(files: files)
        let looks = Looks(watcher)
        #expect(looks.at(0) == nil)
        #expect(looks.at(1) == .unchanged(generation: 1))
        return (watcher, looks)
    }

    /// Looks at given times and keeps every outcome.
    final class Looks {
        let watcher: ProfileFileWatcher
        var outcomes: [ReloadOutcome] = []
        init(_ watcher: ProfileFileWatcher) { self.watcher = watcher }

        func at(_ time: Double) -> ReloadOutcome? {
            let outcome = watcher.look(at: time)
            if let outcome { outcomes.append(outcome) }
            return outcome
        }

        var generations: [Int] { outcomes.compactMap { if case .applied(let g, _) = $0 { g } else { nil } } }
        var refusals: Int { outcomes.filter { if case .refused = $0 { true } else { false } }.count }
    }

    /// Darwin's `dev_t` is a signed `Int32`, and a device number there may be negative: the signature keeps
    /// its bits instead of trapping, and two numbers stay two.
    @Test func aNegativeDeviceNumberIsKeptNotATrap() {
        #expect(FileSignature.word(Int32(-1)) == UInt64.max)
        #expect(FileSignature.word(Int32(-2)) != FileSignature.word(Int32(-1)))
        #expect(FileSignature.word(Int32(16_777_220)) == 16_777_220)
        #expect(FileSignature.word(UInt64.max) == UInt64.max)
    }

    /// A second file of the running profile's name appears beside it: the same lookup would now find two.
    @Test func aSecondFileOfTheProfilesNameIsSeen() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program)
        try program.write(#"{ "plugboard": 1 }"#, to: "app.json")
        #expect(looks.at(2) == nil)
        guard case .refused(1, let diagnostics) = looks.at(2.6) else {
            Issue.record("expected a refusal, got \(looks.outcomes)")
            return
        }
        #expect(diagnostics.map(\.code) == [.duplicateProfile])
    }

    /// A profile created in an earlier folder of the search path wins from then on.
    @Test func aProfileInAnEarlierFolderIsSeen() throws {
        let earlier = Fixtures.temporaryDirectory()
        let program = try ReloadProgram(["app.yaml": appProfile()]) { $0.directories.insert(earlier, at: 0) }
        let (_, looks) = settledWatcher(program)
        try appProfile(pageSize: 44).write(toFile: earlier + "/app.yaml", atomically: true, encoding: .utf8)
        #expect(looks.at(2) == nil)
        #expect(looks.at(2.6) == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(program.shop.pageSize() == 44)
    }

    /// A launch that kept its defaults because its profile was missing applies it once it appears.
    @Test func aProfileThatAppearsAfterAKeepDefaultsLaunchIsApplied() throws {
        let program = try ReloadProgram([:])
        #expect(program.launch.outcome == .refused)
        let watcher = program.running.makeWatcher()
        let looks = Looks(watcher)
        #expect(looks.at(0) == nil)
        guard case .refused(1, _) = looks.at(1) else {
            Issue.record("the first look reloads once: still missing, refused")
            return
        }
        try program.write(appProfile(pageSize: 45))
        #expect(looks.at(2) == nil)
        #expect(looks.at(2.6)?.generation == 2)
        #expect(program.shop.pageSize() == 45)
    }

    /// A parent that a refused reload named, created afterwards, is read and applied.
    @Test func anExtendsParentCreatedAfterTheRefusalIsSeen() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program)
        try program.write("plugboard: 1\nextends: base\n")
        #expect(looks.at(2) == nil)
        guard case .refused = looks.at(2.6) else {
            Issue.record("expected a refusal: base does not exist yet")
            return
        }
        try program.write(appProfile(pageSize: 46), to: "base.yaml")
        #expect(looks.at(3) == nil)
        #expect(looks.at(3.6)?.generation == 2)
        #expect(program.shop.pageSize() == 46)
    }

    /// A parent created while the reload that refuses for want of it runs is a change for the next look:
    /// the reload found nothing there. Under e21c435 the look recorded the parent as it was after the reload,
    /// present, and the program stayed degraded on correct files.
    @Test func anExtendsParentCreatedWhileTheRefusingReloadRunsIsSeen() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program)
        let created = Locked(false)
        program.log.whenAppended { line in
            guard line.hasPrefix("error:"), !created.withLock({ $0 }) else { return }
            created.withLock { $0 = true }
            try? program.write(appProfile(pageSize: 47), to: "base.yaml")
        }
        try program.write("plugboard: 1\nextends: base\n")
        #expect(looks.at(2) == nil)
        guard case .refused = looks.at(2.6) else {
            Issue.record("expected a refusal: base does not exist when the reload reads")
            return
        }
        #expect(created.withLock { $0 })
        #expect(looks.at(3) == nil)
        #expect(looks.at(3.6)?.generation == 2)
        #expect(program.shop.pageSize() == 47)
    }

    /// Git's "racy clean" case: the file is edited again, to the same size, in the same tick as the read, so
    /// its signature is the one the watcher saw. While its time is that close to now, its bytes are compared;
    /// once the clock moves past, its times tell again, and the file is no longer hashed.
    @Test func aSameSizeEditInTheTickOfTheReadIsReloaded() throws {
        let program = try ReloadProgram(["app.yaml": appProfile(pageSize: 20)])
        let files = ScriptedFileSystem()
        let (_, looks) = settledWatcher(program, files: files)
        try program.write(appProfile(pageSize: 21))  // same size, same (frozen) times
        #expect(looks.at(2) == nil)
        #expect(looks.at(2.6) == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(program.shop.pageSize() == 21)

        files.advanceClock(by: 60)  // the file's time is old now: the signature can be trusted
        try program.write(appProfile(pageSize: 22))
        files.touch(program.path("app.yaml"))
        #expect(looks.at(4) == nil)
        #expect(looks.at(4.6) == .applied(generation: 3, changedFactories: ["ShopContainer.pageSize"]))
        #expect(files.hashes(of: program.path("app.yaml")) > 0)
        let hashedBefore = files.hashes(of: program.path("app.yaml"))
        files.advanceClock(by: 60)
        #expect(looks.at(70) == nil)
        #expect(files.hashes(of: program.path("app.yaml")) == hashedBefore, "an old file is not hashed")
    }

    /// A writer that rewrites the file between the look that found it settled and the reload's read: the read
    /// is of another file than the one waited on (here, half written), so it is set aside, neither applied nor
    /// refused, and the change is waited out again.
    @Test func aReadThatCaughtAWriteIsSetAsideAndWaitedOut() throws {
        let program = try ReloadProgram(["app.yaml": appProfile(pageSize: 20)])
        let files = ScriptedFileSystem()
        let (_, looks) = settledWatcher(program, files: files)
        files.advanceClock(by: 60)  // the file's times are old: no look hashes it, its signature is trusted
        let full = appProfile(pageSize: 4444)
        try program.write(full)
        #expect(looks.at(2) == nil)
        files.whenLookedAt(program.path("app.yaml")) {
            try? program.write(String(full.prefix(full.count / 2)))  // the writer is half way
        }
        #expect(looks.at(2.6) == nil, "the read caught the write: nothing applied, nothing refused")
        #expect(looks.refusals == 0)
        #expect(program.running.status.attempts == 1, "the settling look's only")
        try program.write(full)  // the writer is done
        #expect(looks.at(3) == nil)
        #expect(looks.at(3.6) == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(program.shop.pageSize() == 4444)
        #expect(program.errors.isEmpty)
    }

    @Test func kubernetesSymbolicLinkSwapIsOneReload() throws {
        // The layout the kubelet makes for a ConfigMap volume.
        let volume = Fixtures.temporaryDirectory()
        let manager = FileManager.default
        try manager.createDirectory(atPath: volume + "/..2026_11_25", withIntermediateDirectories: false)
        try appProfile().write(toFile: volume + "/..2026_11_25/app.yaml", atomically: false, encoding: .utf8)
        try manager.createSymbolicLink(atPath: volume + "/..data", withDestinationPath: "..2026_11_25")
        try manager.createSymbolicLink(atPath: volume + "/app.yaml", withDestinationPath: "..data/app.yaml")
        let program = try ReloadProgram([:]) { $0.directories = [volume] }
        #expect(program.wiring == "memory-store | 20 | fixed 60/min")
        let (_, looks) = settledWatcher(program)

        // The kubelet's update: a new timestamped folder, a new link renamed over `..data`, the old folder deleted.
        try manager.createDirectory(atPath: volume + "/..2026_11_26", withIntermediateDirectories: false)
        try appProfile(pageSize: 50).write(
            toFile: volume + "/..2026_11_26/app.yaml", atomically: false, encoding: .utf8)
        try manager.createSymbolicLink(atPath: volume + "/..data_tmp", withDestinationPath: "..2026_11_26")
        #expect(rename(volume + "/..data_tmp", volume + "/..data") == 0)
        try manager.removeItem(atPath: volume + "/..2026_11_25")

        #expect(looks.at(2) == nil)
        #expect(looks.at(2.6) == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(looks.at(3) == nil)
        #expect(looks.at(10) == nil)
        #expect(program.wiring == "memory-store | 50 | fixed 60/min")
        #expect(looks.generations == [2] && looks.refusals == 0)
    }

    @Test func renameOverSaveIsOneReload() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program)

        try program.write(appProfile(pageSize: 31), to: ".app.yaml.swp")
        #expect(rename(program.path(".app.yaml.swp"), program.path("app.yaml")) == 0)

        #expect(looks.at(2) == nil)
        #expect(looks.at(2.5)?.generation == 2)
        #expect(looks.at(3) == nil)
        #expect(program.shop.pageSize() == 31)
    }

    @Test func truncateThenWriteIsOneReloadOfTheWholeFile() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program)

        try program.write("")  // truncated: a look catches the file empty
        #expect(looks.at(2) == nil)
        try program.write(appProfile(pageSize: 32))
        #expect(looks.at(2.3) == nil)
        #expect(looks.at(2.9) == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(looks.refusals == 0)
        #expect(program.errors.isEmpty)
    }

    @Test func aFileMissingForAMomentIsWaitedFor() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program)

        // Vim's default save: the old file renamed away, the new one written, the backup deleted.
        #expect(rename(program.path("app.yaml"), program.path("app.yaml~")) == 0)
        #expect(looks.at(2) == nil)
        #expect(looks.at(2.7) == nil)  // quiet, but missing: not read
        try program.write(appProfile(pageSize: 33))
        try FileManager.default.removeItem(atPath: program.path("app.yaml~"))
        #expect(looks.at(3) == nil)
        #expect(looks.at(3.5)?.generation == 2)
        #expect(looks.refusals == 0)
        #expect(program.shop.pageSize() == 33)
    }

    @Test func aFileThatStaysMissingIsRefusedNotReadAsEmpty() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program)

        try FileManager.default.removeItem(atPath: program.path("app.yaml"))
        #expect(looks.at(2) == nil)
        #expect(looks.at(6) == nil)
        let outcome = looks.at(7.1)
        guard case .refused(1, let diagnostics) = outcome else {
            Issue.record("expected a refusal, got \(String(describing: outcome))")
            return
        }
        #expect(diagnostics.map(\.code) == [.profileNotFound])
        #expect(program.wiring == "memory-store | 20 | fixed 60/min")
    }

    /// On a file system whose times never move (every edit within one tick), as on any other: same-size edits
    /// are seen through their bytes.
    @Test func fiftyEditsInsideTheQuietPeriodAreOneGenerationWithTheLastContent() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program, files: ScriptedFileSystem())

        for edit in 0..<50 {
            try program.write(appProfile(pageSize: 100 + edit))
            #expect(looks.at(2 + Double(edit) * 0.01) == nil)
        }
        #expect(looks.at(3) == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(looks.at(4) == nil)
        #expect(program.shop.pageSize() == 149)
        #expect(looks.generations == [2])
    }

    @Test func touchingAFileWithoutChangingItIsNotAGeneration() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let files = ScriptedFileSystem()
        let (_, looks) = settledWatcher(program, files: files)

        try program.write(appProfile())
        files.touch(program.path("app.yaml"))
        #expect(looks.at(2) == nil)
        #expect(looks.at(3) == .unchanged(generation: 1))
        #expect(program.log.all.filter { $0.contains("reload") }.isEmpty)
    }

    @Test func aRotatedSecretFileIsWatchedWithTheProfileUnchanged() throws {
        let directory = Fixtures.temporaryDirectory()
        let password = directory + "/password"
        try "first-secret-value".write(toFile: password, atomically: false, encoding: .utf8)
        let program = try ReloadProgram(
            ["app.yaml": appProfile(store: "{ use: sql, with: { url: db, password: \"file:\(password)\" } }")])
        let (_, looks) = settledWatcher(program)

        try "second-secret-value".write(toFile: password, atomically: true, encoding: .utf8)
        #expect(looks.at(2) == nil)
        #expect(looks.at(3) == .applied(generation: 2, changedFactories: ["ShopContainer.store"]))
        #expect(program.shop.store() == "sql-store db password=second-secret-value")
    }

    @Test func aBrokenEditIsRefusedOnceAndItsFixApplied() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program)

        try program.write(appProfile(limiter: "{ use: slow }"))
        #expect(looks.at(2) == nil)
        #expect(looks.at(3)?.generation == 1)
        for second in 4..<20 { #expect(looks.at(Double(second)) == nil) }  // no change: no new attempt
        #expect(looks.refusals == 1)
        #expect(program.running.status.isDegraded)

        try program.write(appProfile(limiter: "{ use: off }"))
        #expect(looks.at(21) == nil)
        #expect(looks.at(22) == .applied(generation: 2, changedFactories: ["LimitsContainer.limiter"]))
        #expect(!program.running.status.isDegraded)
    }

    /// The second edit is the same size and, on this file system, within the same tick as the first: only its
    /// bytes show it.
    @Test func anEditThatArrivesDuringAReloadIsReloadedOnceMoreAfterIt() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program, files: ScriptedFileSystem())
        // The program's logger writes the next edit while the reload that applies the first one logs it.
        program.log.whenAppended { line in
            if line.contains("generation 2") { try? program.write(appProfile(pageSize: 42)) }
        }

        try program.write(appProfile(pageSize: 41))
        #expect(looks.at(2) == nil)
        #expect(looks.at(3) == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
        #expect(looks.at(3.1) == nil)
        #expect(looks.at(4) == .applied(generation: 3, changedFactories: ["ShopContainer.pageSize"]))
        #expect(looks.at(5) == nil)
        #expect(program.shop.pageSize() == 42)
    }

    @Test func aParentGainedByAnEditIsWatchedFromThen() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (_, looks) = settledWatcher(program)
        try program.write(
            """
            plugboard: 1
            containers:
              LimitsContainer:
                limiter: { use: off }
            """, to: "base.yaml")
        #expect(looks.at(2) == nil)  // not a watched file yet
        try program.write("plugboard: 1\nextends: base\n")
        #expect(looks.at(3) == nil)
        #expect(looks.at(4)?.generation == 2)
        #expect(program.wiring == "code-store | 10 | no-limit")

        try program.write(
            """
            plugboard: 1
            containers:
              LimitsContainer:
                limiter: { use: fixed, with: { perMinute: 7 } }
            """, to: "base.yaml")
        #expect(looks.at(5) == nil)
        #expect(looks.at(6) == .applied(generation: 3, changedFactories: ["LimitsContainer.limiter"]))
        #expect(program.wiring == "code-store | 10 | fixed 7/min")
    }
}

/// A file system whose files have the machine's identity, size and bytes, and times the test sets: frozen at
/// zero until ``touch(_:)`` moves one a second, and a wall clock at zero until ``advanceClock(by:)``, so
/// that what a test shows does not depend on the machine's timestamp granularity. Counts the hashes it makes.
final class ScriptedFileSystem: WatchedFileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var times: [String: Int64] = [:]
    private var clock: Int64 = 0
    private var hashCounts: [String: Int] = [:]
    private var actions: [String: @Sendable () -> Void] = [:]

    /// Runs `action` once, right after the next look took `path`'s signature: a writer racing the reload.
    func whenLookedAt(_ path: String, _ action: @escaping @Sendable () -> Void) {
        lock.withLock { actions[path] = action }
    }

    func signature(of path: String) -> FileSignature? {
        let real = LocalFileSystem().signature(of: path)
        if let action = lock.withLock({ actions.removeValue(forKey: path) }) { action() }
        guard let real else { return nil }
        let time = lock.withLock { times[real.resolved] ?? 0 }
        return FileSignature(
            resolved: real.resolved, device: real.device, inode: real.inode, size: real.size, modified: time,
            changed: time)
    }

    func contentHash(of path: String) -> UInt64? {
        lock.withLock { hashCounts[path, default: 0] += 1 }
        return LocalFileSystem().contentHash(of: path)
    }

    func wallClock() -> Int64 { lock.withLock { clock } }

    /// Moves `path`'s times to the clock's now, plus a second: as a touch, or an edit in a later tick.
    func touch(_ path: String) {
        let resolved = LocalFileSystem().signature(of: path)?.resolved ?? path
        lock.withLock { times[resolved] = clock + 1_000_000_000 }
    }

    func advanceClock(by seconds: Int64) {
        lock.withLock { clock += seconds * 1_000_000_000 }
    }

    /// How many times `path` was hashed.
    func hashes(of path: String) -> Int { lock.withLock { hashCounts[path, default: 0] } }
}
