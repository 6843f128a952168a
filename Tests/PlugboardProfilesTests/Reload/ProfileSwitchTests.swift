import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// Switching the active profiles while the program runs (a demo mode, an environment menu), on a program of
/// two containers: checked against both and applied to both or to none, as a reload is.
@Suite struct ProfileSwitchTests {
    static let demo = appProfile(
        store: "{ use: tagged-memory, with: { tag: demo } }", pageSize: 3, limiter: "{ use: off }")

    @Test func aSwitchRewiresBothContainersAndTheSwitchedProfilesStayActive() throws {
        let program = try ReloadProgram(["app.yaml": appProfile(), "demo.yaml": Self.demo])
        let catalog = program.shop.catalog()
        #expect(program.wiring == "memory-store | 20 | fixed 60/min")

        let outcome = program.running.reload(selecting: ProfileSelection(names: ["demo"], source: .code))

        #expect(
            outcome
                == .applied(
                    generation: 2,
                    changedFactories: ["LimitsContainer.limiter", "ShopContainer.pageSize", "ShopContainer.store"]))
        #expect(program.wiring == "memory-store demo | 3 | no-limit")
        #expect(program.running.activeProfiles == ["demo"])
        #expect(program.shop.catalog() !== catalog, "the cached catalog was built from the old store")
        #expect(
            program.log.all.last
                == "info: switched to profile demo (code) for LimitsContainer, ShopContainer from demo.yaml: generation 2, 3 factories changed (LimitsContainer.limiter, ShopContainer.pageSize, ShopContainer.store), content hash \(program.running.current.contentHash)"
        )
        // A later reload reads the switched profile, not the launch's.
        try program.write(
            Self.demo.replacingOccurrences(of: "pageSize: { value: 3 }", with: "pageSize: { value: 4 }"),
            to: "demo.yaml")
        #expect(program.running.reload() == .applied(generation: 3, changedFactories: ["ShopContainer.pageSize"]))
        #expect(program.log.all.last?.hasPrefix("info: reloaded profile demo (code)") == true)

        // And back.
        #expect(program.running.reload(selecting: ProfileSelection(names: ["app"], source: .code)).isApplied)
        #expect(program.wiring == "memory-store | 20 | fixed 60/min")
        #expect(program.running.activeProfiles == ["app"])
    }

    @Test func aSwitchToAProfileThatDoesNotExistChangesNothing() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let outcome = program.running.reload(selecting: ProfileSelection(names: ["demo"], source: .code))
        guard case .refused(let generation, let diagnostics) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(generation == 1)
        #expect(!diagnostics.isEmpty)
        #expect(program.wiring == "memory-store | 20 | fixed 60/min")
        #expect(program.running.activeProfiles == ["app"])
        #expect(!program.running.status.isDegraded, "the running profiles are not what is wrong")
        #expect(program.errors.last?.hasPrefix("error: switch to profile demo (code) refused") == true)
        // The running profiles still reload.
        try program.write(appProfile(pageSize: 30))
        #expect(program.running.reload() == .applied(generation: 2, changedFactories: ["ShopContainer.pageSize"]))
    }

    @Test func aSwitchThatIsWrongForOneContainerIsRefusedForBoth() throws {
        let broken = appProfile(store: "{ use: sql, with: { url: db.example } }", limiter: "{ use: slow }")
        let program = try ReloadProgram(["app.yaml": appProfile(), "broken.yaml": broken])
        let outcome = program.running.reload(selecting: ProfileSelection(names: ["broken"], source: .code))
        guard case .refused(_, let diagnostics) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(diagnostics.map(\.code) == [.unknownImplementation])
        #expect(program.wiring == "memory-store | 20 | fixed 60/min", "neither container changed")
        #expect(program.running.activeProfiles == ["app"])
    }

    @Test func aSwitchToNoProfileGivesTheCodesWiring() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        #expect(program.running.reload(selecting: .nothing).isApplied)
        #expect(program.wiring == "code-store | 10 | code-limiter")
        #expect(program.running.activeProfiles.isEmpty)
    }
}
