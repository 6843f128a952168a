// Deprecated spellings still work until they are removed: this target calls them as a program written
// against 0.4 does, so its compiler warnings (deprecations, the point of the target) are not shown.
import Foundation
import Plugboard
import PlugboardProfileFormat
import PlugboardProfiles
import Testing

/// A container a 0.4 program launched.
final class KioskContainer: ManagedContainer, AutoRegistering, @unchecked Sendable {
    let manager = ContainerManager()
    var banner: Factory<String> { self { "code banner" } }

    func autoRegister() {
        applyProfile(banner.choices(["sale": .make { "sale banner" }, "quiet": .make { "quiet banner" }]))
    }
}

/// What 0.4 programs call, spelled as they spell it: `ProfileLaunch`, `activeProfiles`, `generations`,
/// `watcher().run()` and a launch's `changedFactories`, each still doing what it did.
@Suite struct ProfileDeprecatedNamesTests {
    @Test func aProgramWrittenAgainstZeroFourLaunchesWatchesAndReadsItsGenerations() async {
        await #expect(processExitsWith: .success) {
            let directory = NSTemporaryDirectory() + "deprecated-\(UUID().uuidString)"
            try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            func write(_ use: String) {
                let text =
                    #"{ "plugboard": 1, "containers": { "KioskContainer": { "banner": { "use": "\#(use)" } } } }"#
                try! Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/kiosk.json"))
            }
            write("sale")
            var options = ProfileOptions(profiles: ["kiosk"], directories: [directory])
            options.arguments = []
            options.environment = [:]
            options.reload.pollInterval = 0.05
            options.reload.quietPeriod = 0.05
            let kiosk = KioskContainer()
            let launch: ProfileLaunch = ProfileSystem.launch([kiosk], options: options)
            guard launch.isApplied, launch.changedFactories == ["KioskContainer.banner"] else { exit(1) }
            guard ProfileSystem.activeProfiles == ["kiosk"], kiosk.banner() == "sale banner" else { exit(2) }

            var generations = ProfileSystem.generations.makeAsyncIterator()
            guard await generations.next()?.number == 1 else { exit(3) }
            let watching = Task { await ProfileSystem.watcher().run() }
            write("quiet")
            guard let second = await generations.next(), second.number == 2 else { exit(4) }
            watching.cancel()
            guard kiosk.banner() == "quiet banner", second.changedFactories == ["KioskContainer.banner"] else {
                exit(5)
            }
        }
    }
}
