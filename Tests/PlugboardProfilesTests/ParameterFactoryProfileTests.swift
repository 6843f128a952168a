import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// A container with a parameter factory that profiles may rewire.
final class AvatarContainer: ManagedContainer {
    let manager = ContainerManager()
    var avatar: ParameterFactory<Int, String> { self { "photo \($0)" } }

    func apply(_ profile: String) -> ProfileGeneration {
        var options = ProfileOptions(
            profiles: [profile], directories: [ParameterFactoryProfileTests.directory], failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        return applyProfile(
            avatar.choices(["placeholder": { "placeholder \($0)" }, "initials": { "initials \($0)" }]), options: options
        )
    }
}

@Suite struct ParameterFactoryProfileTests {
    static let directory: String = {
        let directory = Fixtures.temporaryDirectory()
        let profiles = [
            "placeholder": "avatar: { use: placeholder, scope: cached }",
            "typo": "avatar: { use: placeholdr }",
            "test-default": "avatar: { use: initials, contexts: { test: default } }",
        ]
        for (name, entry) in profiles {
            try? "plugboard: 1\ncontainers:\n  AvatarContainer:\n    \(entry)\n".write(
                toFile: "\(directory)/\(name).yaml", atomically: true, encoding: .utf8)
        }
        return directory
    }()

    @Test func aProfileChoosesAParameterFactorysImplementation() {
        let container = AvatarContainer()
        let report = container.apply("placeholder")
        #expect(report.isApplied, "\(report.diagnostics)")
        #expect(container.avatar(7) == "placeholder 7", "the implementation gets the parameter")
    }

    @Test func anUnknownImplementationIsRefused() {
        let container = AvatarContainer()
        let report = container.apply("typo")
        #expect(!report.isApplied)
        #expect(report.diagnostics.first?.message.contains("did you mean 'placeholder'?") == true)
        #expect(container.avatar(1) == "photo 1")
    }

    @Test func defaultInAContextIsTheDefinitionWithItsParameter() {
        let container = AvatarContainer()
        #expect(container.apply("test-default").isApplied)
        #expect(container.avatar(3) == "photo 3", "under swift test, the test context uses the definition")
    }
}
