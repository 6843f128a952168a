import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import PlugboardProfilesTesting
import PlugboardTesting
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

/// Waits until `count` tests have arrived (true), or gives up after 30 seconds (false).
actor TraitRendezvous {
    private var arrived = 0
    func arrive(expecting count: Int) async -> Bool {
        arrived += 1
        for _ in 0..<3_000 where arrived < count { try? await Task.sleep(for: .milliseconds(10)) }
        return arrived >= count
    }
}

@Suite struct ProfileTraitTests {
    /// The profile a developer's shell names in ``ShellContainer``: one that does not exist.
    static let shellProfile = "nope"

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
            #expect(await traitRendezvous.arrive(expecting: 4), "the four cases were in flight together")
            #expect(TraitContainer.shared.retries() == expected)
        }
    }
}

/// A container whose launch settings say what a developer's shell might: a profile that does not exist, and a
/// `Profiles/default.yaml` in the working directory. It stops the process if it ever applies them.
final class ShellContainer: SharedContainer, AutoRegistering {
    @TaskLocal static var shared = ShellContainer()
    let manager = ContainerManager()
    var retries: Factory<Int> { self { 0 } }

    static let workingDirectory: String = {
        let directory = Fixtures.temporaryDirectory()
        try? FileManager.default.createDirectory(atPath: directory + "/Profiles", withIntermediateDirectories: true)
        try? "plugboard: 1\ncontainers:\n  ShellContainer:\n    retries: { value: 9 }\n"
            .write(toFile: directory + "/Profiles/default.yaml", atomically: true, encoding: .utf8)
        return directory
    }()

    func autoRegister() {
        var options = ProfileOptions()  // FailurePolicy.stop: a bad profile would end the test run
        options.arguments = ["tests"]
        options.environment = ["PLUGBOARD_PROFILE": ProfileTraitTests.shellProfile]
        options.workingDirectory = Self.workingDirectory
        applyProfile(retries.configurable(), options: options)
    }
}

extension Trait where Self == ContainerTrait<ShellContainer> {
    static var shellContainer: Self { .container(ShellContainer.$shared, ShellContainer.init) }
}

@Suite struct ShellIsolationTests {
    @Test(.shellContainer) func aTestThatNamesNoProfileGetsNoneWhateverTheShellSays() {
        #expect(ShellContainer.shared.retries() == 0, "no PLUGBOARD_PROFILE, no Profiles/default.yaml")
    }
}
