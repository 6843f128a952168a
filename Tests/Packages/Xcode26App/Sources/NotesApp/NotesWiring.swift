// The wiring of the article "Profiles in an iOS app" (Sources/PlugboardProfiles/PlugboardProfiles.docc/
// ProfilesInAnIOSApp.md), word for word: `.ci/doc-snippets` fails when the two differ. This target compiles it as
// a new Xcode 26 project does (default MainActor isolation, approachable concurrency).
import Plugboard
import PlugboardProfiles

// A new Xcode 26 project isolates its code to the main actor by default. A resolution may run off it (a
// background task's), so what a factory builds, its settings and the options are `nonisolated`.
nonisolated protocol NotesStore: Sendable {
    var summary: String { get }
}

nonisolated struct CloudStore: NotesStore {
    var summary: String { "iCloud" }
}

nonisolated struct SeededStore: NotesStore {
    struct Settings: Decodable, Sendable {
        var notes: [String]
    }
    let settings: Settings
    var summary: String { "\(settings.notes.count) seeded" }
}

extension Container {
    var store: Factory<any NotesStore> { self { CloudStore() }.cached }
    var greeting: Factory<String> { self { "Notes" } }
}

nonisolated extension ProfileOptions {
    /// Where the app's profiles are, and which one an Xcode preview gets.
    static var notes: ProfileOptions {
        // Chosen in code, a profile wins over launch arguments: previews always get `preview`.
        var options = ProfileOptions(profiles: FactoryContext.current.isPreview ? ["preview"] : nil)
        options.searchBundle(.main)  // its Profiles folder, or the root where the build plugin put them
        return options
    }
}

extension Container: @retroactive AutoRegistering {
    public func autoRegister() {
        applyProfile(
            store.choices([
                "cloud": .make { CloudStore() },
                "seeded": .settings(SeededStore.Settings.self) { SeededStore(settings: $0) },
            ]),
            greeting.configurable(),
            options: .notes
        )
    }
}
