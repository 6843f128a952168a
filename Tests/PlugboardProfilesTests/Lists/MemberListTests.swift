import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat
import Testing

@testable import PlugboardProfiles

/// A sink a list holds: a class, so that a test can tell one instance from another.
final class Sink: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// The prefix a `tagged` sink writes.
struct SinkTag: Decodable, Sendable {
    var tag: String
}

/// A program's analytics sinks: a list whose members profiles choose, and a cached report built from it.
final class SinkContainer: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()

    var sinks: Factory<[Sink]> { self { [Sink("code")] } }
    /// Built from the list: a reload that changes the list must not leave it holding the old one.
    var report: Factory<Box> { self { Box("report to " + self.sinks().map(\.name).joined(separator: ",")) }.cached }

    /// The list's members, as `autoRegister()` declares them.
    var sinkMembers: ProfileDeclaration {
        sinks.members([
            "console": .make { Sink("console") },
            "file": .make { Sink("file") },
            "tagged": .settings(SinkTag.self) { Sink("tagged:\($0.tag)") },
        ])
    }

    func autoRegister() {
        applyProfile(sinkMembers)
    }
}

/// Profiles that choose a list: `use: [a, b]` builds every member, in the profile's order, with each one's
/// settings; extends, several profiles, contexts, overrides and reloads treat the list as one setting.
@Suite struct MemberListTests {
    /// A program of one `SinkContainer`, launched over `files` with `profiles` active.
    final class Program: @unchecked Sendable {
        let directory = Fixtures.temporaryDirectory()
        let container = SinkContainer()
        let launch: ProfileGeneration
        let running: RunningProfiles?

        init(
            _ files: [String: String], profiles: [String] = ["app"], environment: [String: String] = [:]
        ) throws {
            for (name, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
            }
            (launch, running) = ProfileSystem.start(
                [container], options: Fixtures.launchOptions(profiles, in: directory, environment: environment))
        }

        func write(_ text: String, to name: String = "app.yaml") throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }

        /// The names of the list resolved now.
        var names: [String] { container.sinks().map(\.name) }
    }

    static func profile(_ entry: String, extends: String? = nil) -> String {
        "plugboard: 1\n" + (extends.map { "extends: \($0)\n" } ?? "")
            + "containers:\n  SinkContainer:\n    sinks: \(entry)\n"
    }

    @Test func aProfileChoosesTheMembersInItsOrderEachWithItsSettings() throws {
        let program = try Program([
            "app.yaml": Self.profile("{ use: [tagged, console], with: { tagged: { tag: eu } } }")
        ])
        #expect(program.launch.isApplied, "\(program.launch.diagnostics)")
        #expect(program.names == ["tagged:eu", "console"])
    }

    @Test func theSameMembersInAnotherOrderMakeAnotherList() throws {
        let program = try Program(["app.yaml": Self.profile("{ use: [file, console] }")])
        #expect(program.names == ["file", "console"])
    }

    @Test func anEmptyListHasNoMembersAndDefaultKeepsTheCodesList() throws {
        #expect(try Program(["app.yaml": Self.profile("{ use: [] }")]).names == [])
        #expect(try Program(["app.yaml": Self.profile("{ use: default }")]).names == ["code"])
        #expect(try Program(["app.yaml": Self.profile("{ scope: cached }")]).names == ["code"])
    }

    @Test func oneNameIsAListOfOne() throws {
        let program = try Program(["app.yaml": Self.profile("{ use: tagged, with: { tagged: { tag: one } } }")])
        #expect(program.launch.isApplied, "\(program.launch.diagnostics)")
        #expect(program.names == ["tagged:one"])
    }

    @Test func theFactorysScopeKeepsTheWholeList() throws {
        let kept = try Program(["app.yaml": Self.profile("{ use: [console, file], scope: singleton }")])
        let first = kept.container.sinks(), second = kept.container.sinks()
        #expect(zip(first, second).allSatisfy { $0 === $1 }, "a singleton list is built once, members and all")

        let unique = try Program(["app.yaml": Self.profile("{ use: [console, file], scope: unique }")])
        #expect(!zip(unique.container.sinks(), unique.container.sinks()).contains { $0 === $1 })
    }

    @Test func aChildsListReplacesItsParentsAndItsSettingsGoWithIt() throws {
        let parent = Self.profile("{ use: [console, tagged], with: { tagged: { tag: parent } } }")
        // Only the settings changed: the parent's list stays.
        let retagged = try Program([
            "base.yaml": parent, "app.yaml": Self.profile("{ with: { tagged: { tag: child } } }", extends: "base"),
        ])
        #expect(retagged.names == ["console", "tagged:child"])
        // A new list replaces the parent's whole.
        let replaced = try Program([
            "base.yaml": parent, "app.yaml": Self.profile("{ use: [file] }", extends: "base"),
        ])
        #expect(replaced.names == ["file"])
        // The parent's settings were given for its list: a new list that names `tagged` gives its own.
        let unsettled = try Program([
            "base.yaml": parent, "app.yaml": Self.profile("{ use: [tagged] }", extends: "base"),
        ])
        #expect(!unsettled.launch.isApplied)
        #expect(unsettled.launch.diagnostics.map(\.code) == [.invalidSettings])
        #expect(unsettled.names == ["code"], "nothing applied")
    }

    @Test func ofSeveralActiveProfilesTheLastOnesListWins() throws {
        let program = try Program(
            ["left.yaml": Self.profile("{ use: [console, file] }"), "right.yaml": Self.profile("{ use: [file] }")],
            profiles: ["left", "right"])
        #expect(program.names == ["file"])
    }

    @Test func aContextChoosesAListOfItsOwn() throws {
        // Under `swift test`, the `test` context is active.
        let program = try Program(["app.yaml": Self.profile("{ use: [console], contexts: { test: [file, console] } }")])
        #expect(program.launch.isApplied, "\(program.launch.diagnostics)")
        #expect(program.names == ["file", "console"])
    }

    @Test func anEnvironmentVariableSetsAListCommaSeparated() throws {
        let program = try Program(
            ["app.yaml": Self.profile("{ use: [console] }")],
            environment: [
                "PLUGBOARD__SinkContainer__sinks__use": "file, tagged",
                "PLUGBOARD__SinkContainer__sinks__with__tagged__tag": "env",
            ])
        #expect(program.launch.isApplied, "\(program.launch.diagnostics)")
        #expect(program.names == ["file", "tagged:env"])
    }

    @Test func aWrongMemberRefusesTheWholeProfile() throws {
        let program = try Program(["app.yaml": Self.profile("{ use: [console, fil] }")])
        #expect(!program.launch.isApplied)
        let diagnostic = try #require(program.launch.diagnostics.first)
        #expect(diagnostic.code == .unknownImplementation)
        #expect(diagnostic.message.contains("did you mean 'file'?"))
        #expect((diagnostic.position.line, diagnostic.position.column) == (4, 29))
        #expect(program.names == ["code"])
    }

    @Test func aMemberNamedTwiceIsRefusedWhereItIsRepeated() throws {
        let program = try Program(["app.yaml": Self.profile("{ use: [console, file, console] }")])
        #expect(program.launch.diagnostics.map(\.code) == [.duplicateMember])
        #expect(program.launch.diagnostics.first?.position.column == 35)
        #expect(program.names == ["code"])
    }

    @Test func aListForASingleChoiceIsRefused() throws {
        let directory = Fixtures.temporaryDirectory()
        try "plugboard: 1\ncontainers:\n  AvatarContainer:\n    avatar: { use: [placeholder, initials] }\n".write(
            toFile: directory + "/list.yaml", atomically: true, encoding: .utf8)
        let container = AvatarContainer()
        let report = container.applyProfile(
            container.avatar.choices(["placeholder": { "p \($0)" }, "initials": { "i \($0)" }]),
            options: Fixtures.launchOptions(["list"], in: directory))
        #expect(report.diagnostics.map(\.code) == [.notAList])
        #expect(container.avatar(1) == "photo 1")
    }

    @Test func aReloadThatChangesTheListDropsWhatWasBuiltFromIt() throws {
        let program = try Program(["app.yaml": Self.profile("{ use: [console, file] }")])
        #expect(program.container.report().name == "report to console,file")

        try program.write(Self.profile("{ use: [file, console] }"))
        #expect(program.running?.reload() == .applied(generation: 2, changedFactories: ["SinkContainer.sinks"]))
        #expect(program.container.report().name == "report to file,console", "the cached report was dropped")

        try program.write(Self.profile("{ use: [file, console] }  # the same list"))
        #expect(program.running?.reload() == .unchanged(generation: 2))
    }

    @Test func theCatalogRecordsTheListAndItsMembers() throws {
        let catalog = ProgramDeclarations(["SinkContainer": LiveDeclarations([SinkContainer().sinkMembers])]).catalog
        let factory = try #require(catalog.containers["SinkContainer"]?.factories["sinks"])
        #expect(factory.list == true)
        #expect(factory.implementations.keys.sorted() == ["console", "file", "tagged"])
        #expect(factory.implementations["tagged"]?.settingsType == "SinkTag")
        #expect(factory.type == "Array<Sink>", "the module left out of the generic argument too")
    }
}
