import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// Threads resolve from both containers while 100 reloads change every factory: no crash, no deadlock, no
/// resolution that starts after a reload returned gets an object of an older generation, and no resolution
/// reads two generations. Run by CI under
/// ThreadSanitizer and in a release build.
@Suite struct ReloadStressTests {
    /// Generation `number`'s profile: every factory says which generation it comes from.
    static func profile(_ number: Int) -> String {
        appProfile(
            store:
                "{ use: \(number.isMultiple(of: 2) ? "sql" : "memory")\(number.isMultiple(of: 2) ? ", with: { url: g\(number) }" : "") }",
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
        let group = DispatchGroup()
        let shop = program.shop
        let limits = program.limits
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
        #expect(program.wiring == "memory-store | 101 | fixed 101/min")
    }

    /// The limit of a `fixed N/min` limiter, or -1.
    static func perMinute(_ limiter: String) -> Int {
        Int(limiter.dropFirst("fixed ".count).prefix { $0.isNumber }) ?? -1
    }

    /// Whether a catalog was built over generation `floor`'s store or a later one: an even generation's store
    /// is `sql-store gN`; an odd one's is `memory-store`, which cannot be dated and is accepted.
    static func catalog(_ name: String, isAtLeast floor: Int) -> Bool {
        guard let range = name.range(of: "sql-store g") else { return true }
        return (Int(name[range.upperBound...]) ?? -1) >= floor
    }
}
