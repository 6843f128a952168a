import Foundation
import Plugboard
import PlugboardProfiles

// The program's dependencies. The definitions are the defaults; profiles choose among the
// implementations declared in `autoRegister()` below.
extension Container {
    var clock: Factory<any NoteClock> { self { SystemClock() } }
    var store: Factory<any NoteStore> { self { InMemoryNoteStore(clock: self.clock()) } }
    var logFormat: Factory<any LogFormat> { self { PlainLogFormat() } }
    var greeting: Factory<String> { self { "Notes" } }
    /// How many notes `list` shows at most: unsigned, so that a negative count in a profile is refused at
    /// launch and by the validator alike, instead of reaching `suffix(_:)`.
    var maxListed: Factory<UInt> { self { 20 } }
    /// Who else hears of an added note, in order: a list whose members profiles choose (none by default).
    var observers: Factory<[any NoteObserver]> { self { [] } }
}

/// The folder of profiles shipped with this example (found from the source file, for `swift run`).
let bundledProfiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Profiles")
    .path

extension Container: AutoRegistering {
    public func autoRegister() {
        applyProfile(
            clock.choices([
                "system": .make { SystemClock() },
                "fixed": .settings(FixedClock.Settings.self) { FixedClock(settings: $0) },
            ]),
            store.choices([
                "memory": .settings(InMemoryNoteStore.Settings.self) {
                    InMemoryNoteStore(settings: $0, clock: Container.shared.clock())
                },
                "file": .settings(FileNoteStore.Settings.self) { FileNoteStore(settings: $0) },
            ]),
            logFormat.choices(["plain": { PlainLogFormat() }, "json": { JSONLogFormat() }]),
            greeting.configurable(),
            maxListed.configurable(),
            observers.members([
                "echo": .make { EchoObserver() },
                "wordCount": .make { WordCountObserver() },
                "journal": .settings(JournalObserver.Settings.self) { JournalObserver(settings: $0) },
            ]),
            .scope("session", .session)
        )
    }
}

extension Scope {
    /// A cache of the example's own, which profiles can name `session`.
    static let session = Cached()
}
