import Foundation
import Plugboard
import PlugboardProfiles
import PlugboardTesting
import Testing

/// `ProfileSystem.preview`: each SwiftUI preview names the profile it shows, for every container its views
/// resolve from; one preview's profile or mocks never leak into the next one shown in the same process. The
/// `.container` trait keeps its singleton resets to these tests.
@Suite(.container) struct PreviewProfileTests {
    /// Profiles for both containers of the reload tests' program: an empty state and an error state.
    static func writeProfiles() throws -> ProfileOptions {
        let directory = Fixtures.temporaryDirectory()
        let empty = appProfile(store: "{ use: memory }", pageSize: 0, limiter: "{ use: off }")
        let error =
            "plugboard: 1\ncontainers:\n  ShopContainer:\n    store: { use: tagged-memory, with: { tag: failing } }\n"
        try empty.write(toFile: directory + "/empty.yaml", atomically: true, encoding: .utf8)
        try error.write(toFile: directory + "/error.yaml", atomically: true, encoding: .utf8)
        try "plugboard: 1\ncontainers:\n  LimitsContainer:\n    limiter: { use: slow }\n".write(
            toFile: directory + "/wrong.yaml", atomically: true, encoding: .utf8)
        var options = ProfileOptions(directories: [directory])
        options.arguments = []
        options.environment = [:]
        options.workingDirectory = directory
        return options
    }

    @Test func eachPreviewShowsItsProfileInEveryContainerAndNothingLeaks() throws {
        let options = try Self.writeProfiles()
        let shop = ShopContainer(), limits = LimitsContainer()

        ProfileSystem.preview("empty", in: shop, limits, options: options)
        #expect("\(shop.store()) | \(shop.pageSize()) | \(limits.limiter())" == "memory-store | 0 | no-limit")
        shop.notes.register { Box("mock notes") }  // a Factory-style mock, for this preview only
        #expect(shop.notes().name == "mock notes")

        ProfileSystem.preview("error", in: shop, limits, options: options)
        #expect(
            "\(shop.store()) | \(shop.pageSize()) | \(limits.limiter())" == "memory-store failing | 10 | code-limiter",
            "the empty preview's page size, limiter and mock are gone")
        #expect(shop.notes().name == "notes")
        #expect(ProfileSystem.current?.selection.names != ["error"], "a preview is not the program's launch")
    }

    @Test func factorysPreviewHelpersWrittenAfterItWin() throws {
        let options = try Self.writeProfiles()
        let shop = ShopContainer(), limits = LimitsContainer()
        ProfileSystem.preview("empty", in: shop, limits, options: options)
        shop.store.preview { "preview-store" }
        limits.limiter { "preview-limiter" }
        #expect("\(shop.store()) | \(shop.pageSize()) | \(limits.limiter())" == "preview-store | 0 | preview-limiter")
    }

    /// A profile that cannot apply to one of the containers stops the preview, with its finding.
    @Test func aProfileThatCannotApplyStopsThePreview() async throws {
        await #expect(processExitsWith: .failure) {
            let options = try! Self.writeProfiles()
            ProfileSystem.preview("wrong", in: ShopContainer(), LimitsContainer(), options: options)
        }
    }
}
