import Foundation
import Logging
import Plugboard
import Testing

@testable import PlugboardProfiles

/// What a container's `autoRegister()` builds before the launch applies its entries (a cache warmed there) is
/// built again from the profiles: kept instances and singletons, in that container and in others.
@Suite struct BuiltBeforeLaunchTests {
    @Test func whatAutoRegisterBuiltIsBuiltAgainFromTheProfilesInBothContainers() throws {
        let directory = Fixtures.temporaryDirectory()
        try Data(
            """
            plugboard: 1
            containers:
              WarmContainer:
                store: { use: memory }
            """.utf8
        ).write(to: URL(fileURLWithPath: directory + "/app.yaml"))
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .stop)
        options.arguments = []
        options.environment = [:]
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: Lines()) }
        let warm = WarmContainer()
        let peer = WarmPeerContainer(warm: warm)
        let launch = Scope.withIsolatedSingletons {
            let (launch, _) = ProfileSystem.start([warm, peer], options: options)
            #expect(warm.catalog().name == "catalog over memory-store")
            #expect(warm.banner().name == "banner over memory-store")
            #expect(peer.gauge().name == "gauge over memory-store", "built in the other container's autoRegister()")
            #expect(peer.idle().name == "idle", "built from nothing the profile sets: kept")
            #expect(peer.idle() === peer.builtInAutoRegister.withLock { $0 })
            return launch
        }
        #expect(launch.outcome == .applied)
        let warnings = launch.diagnostics.map {
            "\($0.code.rawValue) \($0.severity) \($0.position.line):\($0.position.column)"
        }
        #expect(warnings == ["PB600 warning 4:5"], "the singleton, at the store's entry")
        #expect(launch.diagnostics.first?.message.contains("WarmContainer.banner") == true)
    }
}

/// The same, in a program that never bootstraps: the container's first `applyProfile` is its launch.
@Suite struct BuiltBeforeAOneContainerLaunchTests {
    @Test func whatAutoRegisterBuiltBeforeApplyProfileIsBuiltAgainFromTheProfile() throws {
        let directory = Fixtures.temporaryDirectory()
        try #"{ "plugboard": 1, "containers": { "LoneWarmContainer": { "store": { "use": "memory" } } } }"#
            .write(toFile: directory + "/app.json", atomically: true, encoding: .utf8)
        var options = ProfileOptions(profiles: ["app"], directories: [directory], failurePolicy: .stop)
        options.arguments = []
        options.environment = [:]
        let lines = Lines()
        options.logger = Logger(label: "plugboard") { _ in CapturingLogHandler(lines: lines) }
        LoneWarmContainer.options.withLock { $0 = options }
        let container = LoneWarmContainer()
        #expect(container.catalog().name == "catalog over memory-store")
        #expect(LoneWarmContainer.warmed.withLock { $0 } == "catalog over code-store", "what autoRegister() built")
        #expect(lines.all.allSatisfy { !$0.contains("PB600") }, "no singleton was built: no warning")
    }
}

/// A container that no program lists, whose `autoRegister()` warms its catalog before it applies its profile
/// with the options a test gives it.
final class LoneWarmContainer: ManagedContainer, AutoRegistering {
    static let options = Locked(ProfileOptions())
    static let warmed = Locked<String?>(nil)
    let manager = ContainerManager()

    var store: Factory<String> { self { "code-store" } }
    var catalog: Factory<Box> { self { Box("catalog over \(self.store())") }.cached }

    func autoRegister() {
        let warm = catalog().name
        Self.warmed.withLock { $0 = warm }
        applyProfile(store.choices(["memory": .make { "memory-store" }]), options: Self.options.withLock { $0 })
    }
}

/// A container whose `autoRegister()` warms a cached instance and a singleton before it applies the profile.
final class WarmContainer: ManagedContainer, AutoRegistering {
    let manager = ContainerManager()

    var store: Factory<String> { self { "code-store" } }
    var catalog: Factory<Box> { self { Box("catalog over \(self.store())") }.cached }
    var banner: Factory<Box> { self { Box("banner over \(self.store())") }.singleton }

    func autoRegister() {
        _ = catalog()
        _ = banner()
        applyProfile(store.choices(["memory": .make { "memory-store" }]))
    }
}

/// A second container whose `autoRegister()` warms an instance built from the first one's store, and one
/// built from nothing a profile sets.
final class WarmPeerContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    let manager = ContainerManager()
    let warm: WarmContainer
    let builtInAutoRegister = Locked<Box?>(nil)

    init(warm: WarmContainer) {
        self.warm = warm
    }

    var gauge: Factory<Box> { self { Box("gauge over \(self.warm.store())") }.cached }
    var idle: Factory<Box> { self { Box("idle") }.cached }

    func autoRegister() {
        _ = gauge()
        let idle = idle()
        builtInAutoRegister.withLock { $0 = idle }
    }
}
