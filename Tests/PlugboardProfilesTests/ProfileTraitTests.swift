import Plugboard
import PlugboardProfiles
import PlugboardProfilesTesting
import Testing

/// A container that applies the active profile when it auto-registers, as programs do.
final class TraitContainer: SharedContainer, AutoRegistering {
    @TaskLocal static var shared = TraitContainer()
    let manager = ContainerManager()

    var retries: Factory<Int> { self { 0 } }
    var analytics: Factory<any Analytics> { self { CodeAnalytics() } }

    func autoRegister() {
        var options = ProfileOptions(failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        applyProfile(
            retries.configurable(),
            analytics.choices(["console": .make { ConsoleAnalytics() }, "null": .make { NullAnalytics() }]),
            options: options)
    }
}

extension Trait where Self == ProfileTrait {
    /// `TraitContainer.$shared` is made by a macro in this module, which an attribute here cannot name.
    static func traitProfile(_ name: String) -> Self {
        .profile(name, directories: [Fixtures.root + "/trait"], container: TraitContainer.$shared, TraitContainer.init)
    }
}

let traitRendezvous = TraitRendezvous()

actor TraitRendezvous {
    private var arrived = 0
    func arrive(expecting count: Int) async {
        arrived += 1
        for _ in 0..<200 where arrived < count { try? await Task.sleep(for: .milliseconds(10)) }
    }
}

@Suite struct ProfileTraitTests {
    @Test(.traitProfile("fast"))
    func aTestRunsWithItsProfile() {
        #expect(TraitContainer.shared.retries() == 1)
        #expect(TraitContainer.shared.analytics().name == "console")
    }

    @Test(.traitProfile("slow"))
    func anotherTestRunsWithAnother() {
        #expect(TraitContainer.shared.retries() == 9)
        #expect(TraitContainer.shared.analytics().name == "null")
    }

    /// Both profiles at once, in parallel: each test case sees only its own.
    @Test(arguments: ["fast", "slow", "fast", "slow"])
    func profilesInParallel(profile: String) async throws {
        try await ProfileTrait.traitProfile(profile).provideScope(for: Test.current!, testCase: Test.Case.current) {
            let expected = profile == "fast" ? 1 : 9
            #expect(TraitContainer.shared.retries() == expected)
            await traitRendezvous.arrive(expecting: 4)
            #expect(TraitContainer.shared.retries() == expected)
        }
    }
}
