import Foundation
import Plugboard
import Testing

@testable import PlugboardProfiles

/// A resolution that is under way while a reload is applied reads the wiring it started with, in every
/// container, to the end of its graph; what it builds from that wiring is handed to it but never kept.
@Suite struct StraddlingResolutionTests {
    @Test func oneResolutionReadsOneGenerationAcrossBothContainers() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let (report, inside, after) = try straddle(program) {
            [program.shop.store(), "\(program.shop.pageSize())", program.limits.limiter()]
        } after: {
            [program.shop.store(), "\(program.shop.pageSize())", program.limits.limiter()]
        }
        #expect(report == "report over memory-store")
        #expect(inside == ["memory-store", "20", "fixed 60/min"])
        #expect(after == ["sql-store db.example", "30", "no-limit"])
        #expect(program.wiring == "sql-store db.example | 30 | no-limit")
    }

    @Test func scopedInstancesItBuildsFromTheOlderWiringAreReturnedButNotKept() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        // The cached catalog and the singleton pager are first built inside the straddling resolution.
        let (_, inside, after) = try straddle(program) {
            [program.shop.catalog().name, program.shop.pager().name]
        } after: {
            [program.shop.catalog().name, program.shop.pager().name]
        }
        #expect(inside == ["catalog over memory-store", "pager of 20"])
        #expect(after == ["catalog over sql-store db.example", "pager of 30"])
    }

    @Test func aSingletonWhoseBuildStraddlesTheReloadIsReturnedButNotKept() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let shop = program.shop
        let (pager, _, after) = try straddle(program, root: { shop.slowPager().name }) {
            []
        } after: {
            [shop.slowPager().name]
        }
        #expect(pager == "pager of 20")
        #expect(after == ["pager of 30"])
    }

    @Test func aReplacedSingletonIsStillTheOldOneForAResolutionThatStartedBefore() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()]) { $0.reload.builtSingletons = .replace }
        let shop = program.shop
        let held = Locked<Box?>(nil)
        let root: @Sendable () -> String = {
            held.withLock { $0 = shop.pager() }
            return shop.report().name
        }
        let (_, inside, after) = try straddle(program, root: root) {
            [shop.pager().name, shop.pager() === held.withLock { $0 } ? "the same" : "another"]
        } after: {
            [shop.pager().name]
        }
        #expect(inside == ["pager of 20", "the same"])
        #expect(after == ["pager of 30"])
    }

    @Test func aContainerOutsideTheLaunchKeepsNothingBuiltFromTheOlderWiring() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let outside = OutsideContainer(shop: program.shop)
        let (_, inside, after) = try straddle(program) {
            [outside.summary().name]
        } after: {
            [outside.summary().name]
        }
        #expect(inside == ["summary over memory-store"])
        #expect(after == ["summary over sql-store db.example"])
    }

    @Test func whatResolutionsBuildAfterTheReloadIsKept() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2)
        let catalog = program.shop.catalog()
        #expect(catalog.name == "catalog over sql-store db.example")
        #expect(program.shop.catalog() === catalog)
        #expect(program.shop.catalog() === catalog)
    }

    @Test func aResolutionThatStartsAfterTheReloadReadsItsWiringAtEveryDepth() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        #expect(program.shop.pair() == "20 fixed 60/min")
        try program.write(appProfile(pageSize: 30, limiter: "{ use: off }"))
        #expect(program.running.reload().generation == 2)
        #expect(program.shop.pair() == "30 no-limit")
    }

    /// Starts `root` (`ShopContainer.report` unless given) on a thread of its own, with singletons of its own.
    /// Its build resolves the store (or the page size), then waits while this applies a reload that changes the
    /// store, the page size and the limiter, then runs `inside` (within the same resolution). After `root`
    /// returns, the same thread runs `after` as new resolutions. Returns what each closure returned.
    func straddle(
        _ program: ReloadProgram, root: (@Sendable () -> String)? = nil, inside: @escaping @Sendable () -> [String],
        after: @escaping @Sendable () -> [String]
    ) throws -> (report: String, inside: [String], after: [String]) {
        let paused = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let seen = Locked<(report: String, inside: [String], after: [String])>(("", [], []))
        program.shop.pause.withLock {
            $0 = {
                paused.signal()
                proceed.wait()
                let values = inside()
                seen.withLock { $0.inside = values }
            }
        }
        let shop = program.shop
        let root = root ?? { shop.report().name }
        Thread.detachNewThread {
            Scope.withIsolatedSingletons {
                let report = root()
                shop.pause.withLock { $0 = nil }
                let values = after()
                seen.withLock {
                    $0.report = report
                    $0.after = values
                }
            }
            finished.signal()
        }
        #expect(paused.wait(timeout: .now() + 60) == .success, "the report's build did not start")
        try program.write(
            appProfile(store: "{ use: sql, with: { url: db.example } }", pageSize: 30, limiter: "{ use: off }"))
        let outcome = program.running.reload()
        #expect(outcome.generation == 2, "\(outcome)")
        proceed.signal()
        #expect(finished.wait(timeout: .now() + 60) == .success, "the straddling thread did not finish")
        return seen.withLock { $0 }
    }
}

/// A container that the launch does not list, with a cached service built from the shop's store.
final class OutsideContainer: ManagedContainer {
    let manager = ContainerManager()
    let shop: ShopContainer

    init(shop: ShopContainer) {
        self.shop = shop
    }

    var summary: Factory<Box> { self { Box("summary over \(self.shop.store())") }.cached }
}
