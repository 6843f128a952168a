import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// Threads resolve from both containers while 100 reloads change every factory: no crash, no deadlock, no
/// resolution that starts after a reload returned gets an object of an older generation, and no resolution
/// reads two generations. Every generation's store can be dated, and the run must have resolutions that
/// straddled a reload (a slow build makes them), or it showed nothing. Run by CI under ThreadSanitizer and in a
/// release build.
@Suite struct ReloadStressTests {
    /// Generation `number`'s profile: every factory says which generation it comes from, and the store's
    /// implementation changes with every generation.
    static func profile(_ number: Int) -> String {
        appProfile(
            store: number.isMultiple(of: 2)
                ? "{ use: sql, with: { url: g\(number) } }" : "{ use: tagged-memory, with: { tag: g\(number) } }",
            pageSize: number,
            limiter: "{ use: fixed, with: { perMinute: \(number) } }")
    }

    @Test func resolutionsNeverSeeAnOlderGenerationThanTheLastAppliedReload() throws {
        let program = try ReloadProgram(["app.yaml": Self.profile(1)])
        // The generation whose reload has returned: a resolution that starts after reading it must see it, or a newer one.
        let applied = Locked(1)
        let stop = Locked(false)
        let violations = Locked<[String]>([])
        let resolved = Locked(0)
        let straddled = Locked(0)
        let group = DispatchGroup()
        let shop = program.shop
        let limits = program.limits
        // The report's build takes a moment after it resolved the store: reloads land in the middle of some.
        shop.pause.withLock { $0 = { usleep(200) } }
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                while !stop.withLock({ $0 }) {
                    let floor = applied.withLock { $0 }
                    let pageSize = shop.pageSize()
                    let limiter = limits.limiter()
                    let catalog = shop.catalog().name
                    let limit = Self.perMinute(limiter)
                    if pageSize < floor || limit < floor || !Self.catalog(catalog, isAtLeast: floor) {
                        violations.withLock {
                            $0.append("after generation \(floor): pageSize \(pageSize), \(limiter), \(catalog)")
                        }
                    }
                    // One resolution across both containers reads one generation.
                    let pair = shop.pair().split(separator: " ", maxSplits: 1).map(String.init)
                    if pair.count != 2 || Int(pair[0]) != Self.perMinute(pair[1]) {
                        violations.withLock { $0.append("one resolution read two generations: \(pair)") }
                    }
                    // A build that straddles a reload is handed out with the wiring it started with. It is counted
                    // as straddling when a reload returned while this one resolution ran.
                    let started = applied.withLock { $0 }
                    let report = shop.report().name
                    if applied.withLock({ $0 }) != started { straddled.withLock { $0 += 1 } }
                    if !Self.catalog(report, isAtLeast: floor) {
                        violations.withLock { $0.append("after generation \(floor): \(report)") }
                    }
                    resolved.withLock { $0 += 1 }
                }
            }
        }
        for number in 2...101 {
            try program.write(Self.profile(number))
            let outcome = program.running.reload()
            #expect(outcome.generation == number, "\(outcome)")
            applied.withLock { $0 = number }
        }
        stop.withLock { $0 = true }
        #expect(group.wait(timeout: .now() + 60) == .success, "a resolving thread did not finish")
        #expect(violations.withLock { $0 }.isEmpty, "\(violations.withLock { $0.prefix(5) })")
        #expect(resolved.withLock { $0 } > 0)
        #expect(straddled.withLock { $0 } > 0, "no resolution spanned a reload: the run showed nothing")
        #expect(program.wiring == "memory-store g101 | 101 | fixed 101/min")
    }

    /// The limit of a `fixed N/min` limiter, or -1.
    static func perMinute(_ limiter: String) -> Int {
        Int(limiter.dropFirst("fixed ".count).prefix { $0.isNumber }) ?? -1
    }

    /// Whether a catalog or report was built over generation `floor`'s store or a later one: every
    /// generation's store says its generation (`sql-store gN`, `memory-store gN`).
    static func catalog(_ name: String, isAtLeast floor: Int) -> Bool {
        guard let range = name.range(of: "-store g") else { return false }
        return (Int(name[range.upperBound...]) ?? -1) >= floor
    }
}
