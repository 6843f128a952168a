import Foundation
import Plugboard
import Testing

@testable import PlugboardProfiles

/// A program's own `register` and `pop()`, made on another thread while a reload stages a container, take effect
/// at once, and the reload's commit does not undo them: the reload's change lands over them. A `reset` waits for
/// the reload's publication instead. Each test is a process of its own, as the hook into the staging is
/// process-wide.
@Suite struct WritesDuringReloadTests {
    /// Runs `write` on a thread of its own while the first container the next reload stages is staged, and
    /// returns what `look` saw on that thread right after it, before the reload published anything.
    static func duringTheFirstStage(_ write: @escaping @Sendable () -> Void, look: @escaping @Sendable () -> String)
        -> Locked<String?>
    {
        let seen = Locked<String?>(nil)
        let runs = Locked(0)
        ContainerManager.whileStaging = {
            guard
                runs.withLock({
                    $0 += 1
                    return $0
                }) == 1
            else { return }
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                write()
                seen.withLock { $0 = look() }
                done.signal()
            }
            done.wait()
        }
        return seen
    }

    @Test func aRegisterDuringAReloadTakesEffectAtOnceAndStays() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReloadProgram(["app.yaml": appProfile()])
            let shop = program.shop
            _ = shop.catalog()  // kept, and built from the store the reload changes: the reload stages it
            let seen = Self.duringTheFirstStage(
                {
                    shop.catalog.register { Box("registered catalog") }
                    shop.notes.register { Box("registered notes") }
                }, look: { "\(shop.catalog().name) | \(shop.notes().name)" })
            try! program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
            guard program.running.reload().generation == 2 else { exit(1) }
            guard seen.withLock({ $0 }) == "registered catalog | registered notes" else { exit(2) }  // at once
            guard shop.catalog().name == "registered catalog", shop.notes().name == "registered notes" else { exit(3) }
            guard shop.store() == "sql-store db.example" else { exit(4) }
        }
    }

    /// A `register` that collides with the reload's stage makes the reload run its change again over it; the
    /// profile's entry lands last, and the program's registration comes back once the profiles stop naming the
    /// factory, as one made before the reload would.
    @Test func aCollidingRegisterComesBackWhenTheProfileStopsNamingTheFactory() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReloadProgram(["app.yaml": appProfile()])
            let shop = program.shop
            _ = Self.duringTheFirstStage({ shop.store.register { "registered-store" } }, look: { shop.store() })
            try! program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
            guard program.running.reload().generation == 2 else { exit(1) }
            ContainerManager.whileStaging = nil
            guard shop.store() == "sql-store db.example" else { exit(2) }
            // The applied line says the change was made again once.
            guard program.log.all.contains(where: { $0.hasSuffix(", made again 1 time over the program's writes") })
            else { exit(5) }
            try! program.write(
                """
                plugboard: 1
                containers:
                  ShopContainer:
                    pageSize: { value: 20 }
                  LimitsContainer:
                    limiter: { use: fixed, with: { perMinute: 60 } }
                """)
            guard program.running.reload().generation == 3 else { exit(3) }
            guard shop.store() == "registered-store" else { exit(4) }
        }
    }

    /// A write to a factory the reload rewires, on every run of the reload's change: the reload runs it four
    /// times, and on the last the write lands over it.
    @Test func aWriteThatKeepsCollidingLandsAfterTheReloadsFourthRun() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReloadProgram(["app.yaml": appProfile()])
            let shop = program.shop
            let runs = Locked(0)
            ContainerManager.whileStaging = {
                let run = runs.withLock {
                    $0 += 1
                    return $0
                }
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    shop.store.register { "registered on run \(run)" }
                    done.signal()
                }
                done.wait()
            }
            try! program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
            guard program.running.reload().generation == 2 else { exit(1) }
            ContainerManager.whileStaging = nil
            guard runs.withLock({ $0 }) == 4 else { exit(2) }
            guard shop.store() == "registered on run 4" else { exit(3) }
            guard program.log.all.contains(where: { $0.hasSuffix(", made again 3 times over the program's writes") })
            else { exit(4) }
        }
    }

    @Test func aPopDuringAReloadIsNotUndoneByItsCommit() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReloadProgram(["app.yaml": appProfile()])
            let shop = program.shop
            shop.manager.push()
            shop.summary.register { Box("pushed-over summary") }
            _ = shop.summary()  // kept, and built from the store through the catalog: staged by the reload
            let seen = Self.duringTheFirstStage({ shop.manager.pop() }, look: { shop.summary().name })
            try! program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
            guard program.running.reload().generation == 2 else { exit(1) }
            guard seen.withLock({ $0 }) == "summary of catalog over memory-store" else { exit(2) }
            guard shop.summary().name == "summary of catalog over sql-store db.example" else { exit(3) }
        }
    }

    /// A `pop()` on every run of the reload's change, the fourth included: the reload still lands, and the
    /// popped state never brings back the instance the reload dropped. Under e21c435 the fourth pop replaced
    /// the staged change, so the container served the old catalog and the code's store after an `.applied`.
    @Test func aPopOnTheReloadsFourthRunDoesNotUndoIt() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReloadProgram(["app.yaml": appProfile()])
            let shop = program.shop
            let old = shop.catalog()  // kept, built from the store the reload changes
            for _ in 0..<ContainerManager.stagingAttemptsForTests { shop.manager.push() }
            let runs = Locked(0)
            ContainerManager.whileStaging = {
                runs.withLock { $0 += 1 }
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    shop.manager.pop()
                    done.signal()
                }
                done.wait()
            }
            try! program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
            guard program.running.reload().generation == 2 else { exit(1) }
            ContainerManager.whileStaging = nil
            guard runs.withLock({ $0 }) == ContainerManager.stagingAttemptsForTests else { exit(2) }
            guard shop.store() == "sql-store db.example" else { exit(3) }
            guard shop.catalog() !== old, shop.catalog().name == "catalog over sql-store db.example" else { exit(4) }
        }
    }

    /// A reset is the one write that does not land while a reload publishes: it waits for the publication (see
    /// `ContainerManager.reset(options:)`), then takes effect, and the profile still applies over it.
    @Test func aResetDuringAReloadWaitsForItsPublicationThenTakesEffect() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReloadProgram(["app.yaml": appProfile()], installed: true)
            let shop = program.shop
            shop.notes.register { Box("registered notes") }
            _ = shop.catalog()
            let landedWhileStaged = Locked<Bool?>(nil)
            let done = DispatchSemaphore(value: 0)
            duringStagedChange(1) {
                Thread.detachNewThread {
                    shop.manager.reset(options: .registration)
                    done.signal()
                }
                landedWhileStaged.withLock { $0 = done.wait(timeout: .now() + 0.2) == .success }
            }
            try! program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
            guard program.running.reload().generation == 2 else { exit(1) }
            ContainerManager.whileStaging = nil
            guard landedWhileStaged.withLock({ $0 }) == false else { exit(2) }
            guard waitBlocking(for: done, seconds: 60) == .success else { exit(3) }
            guard shop.notes().name == "notes" else { exit(4) }
            // `autoRegister()` applies the running generation over the reset: the profile's store, not the code's.
            guard shop.store() == "sql-store db.example" else { exit(5) }
        }
    }
}
