import Foundation
import Logging
import Plugboard
import Testing

@testable import PlugboardProfiles

/// The launch and every reload apply a checked profile through one path: the same profile gives the same
/// wiring whether a launch or a reload applied it.
@Suite struct OneApplyPathTests {
    /// Both containers launched over `profile`, with what they resolve.
    static func launched(_ profile: String, in directory: String) throws -> (ShopContainer, LimitsContainer) {
        try profile.write(toFile: directory + "/app.yaml", atomically: false, encoding: .utf8)
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .stop)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
        let (shop, limits) = (ShopContainer(), LimitsContainer())
        _ = ProfileSystem.start([shop, limits], options: options)
        return (shop, limits)
    }

    static func resolved(_ shop: ShopContainer, _ limits: LimitsContainer) -> String {
        "\(shop.store()) | \(shop.pageSize()) | \(shop.catalog().name) | \(limits.limiter()) | \(limits.quota(8))"
    }

    /// Each factory's wiring as its slot holds it (registration, scope, contexts), for both containers: two
    /// paths that resolve alike may still differ there (one that dropped the profile's scope).
    static func wiring(_ shop: ShopContainer, _ limits: LimitsContainer) -> [String] {
        let shopIDs = [shop.store.registration.slotID, shop.pageSize.registration.slotID]
        let limitsIDs = [limits.limiter.registration.slotID, limits.quota.registration.slotID]
        _ = resolved(shop, limits)
        return shopIDs.map { "shop \(shop.manager.wiring(of: $0).shape)" }
            + limitsIDs.map { "limits \(limits.manager.wiring(of: $0).shape)" }
    }

    @Test func aProfileAppliedByTheLaunchOrByAReloadWiresTheSame() throws {
        let target = """
            plugboard: 1
            containers:
              ShopContainer:
                store: { use: sql, with: { url: db.example }, scope: cached }
                pageSize: { value: 50 }
              LimitsContainer:
                limiter: { use: fixed, with: { perMinute: 5 }, scope: unique }
                quota: { use: half, contexts: { test: double } }
            """
        let (launchedShop, launchedLimits) = try Self.launched(target, in: Fixtures.temporaryDirectory())

        let program = try ReloadProgram(["app.yaml": appProfile()])
        try program.write(target)
        #expect(program.running.reload().generation == 2)

        let byLaunch = Self.resolved(launchedShop, launchedLimits)
        #expect(byLaunch == "sql-store db.example | 50 | catalog over sql-store db.example | fixed 5/min | quota 16")
        #expect(Self.resolved(program.shop, program.limits) == byLaunch)
        let wiredByLaunch = Self.wiring(launchedShop, launchedLimits)
        #expect(wiredByLaunch[0].hasPrefix("shop registered, scope cached"), "the profile's scope")
        #expect(wiredByLaunch[3].hasSuffix("1 contexts"), "the profile's context choice")
        #expect(Self.wiring(program.shop, program.limits) == wiredByLaunch)
    }
}
