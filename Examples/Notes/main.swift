// plugboard-example: a small notes tool wired with Plugboard. Which store, clock and log format it
// uses comes from the active profile (Examples/Notes/Profiles), chosen at launch:
//
//   swift run plugboard-example                                   # the `default` profile
//   NOTES_SIGNING_KEY=dev-key swift run plugboard-example --plugboard-profile production
//   PLUGBOARD__Container__greeting__value="Notes (eu-west)" swift run plugboard-example   # one setting, no new file
//   swift run plugboard-example add "Buy milk" --plugboard-profile staging
//   swift run plugboard-example share --plugboard-profile production   # through the second container
//   swift run plugboard-example wiring [json | catalog PATH]   # what this run is wired to, as a picture
import Foundation
import Plugboard
import PlugboardProfiles

// The program's profile launch: both containers' declarations are checked against the active profiles
// before either changes; a wrong profile stops the program here, with every diagnostic.
ProfileSystem.bootstrap(
    Container.shared, SharingContainer.shared, options: ProfileOptions(directories: [bundledProfiles]))

let container = Container.shared
let sharing = SharingContainer.shared
let clock = container.clock()
let store = container.store()
let format = container.logFormat()
// An async factory: the outbox is opened with `await` at its first use.
let channel: any ShareChannel
do {
    channel = try await sharing.channel()
} catch {
    FileHandle.standardError.write(Data("error: the sharing channel cannot open: \(error)\n".utf8))
    exit(1)
}

func log(_ message: String) {
    print(format.line(message, at: clock.now()))
}

print(
    "\(container.greeting()) | store: \(store.summary) | clock: \(clock.summary) | log: \(format.summary) | sharing: \(channel.summary)"
)

// Flags (Plugboard's `--plugboard-profile NAME`, context arguments such as `--empty-store`) are not commands.
var arguments: [String] = []
var rest = CommandLine.arguments.dropFirst()[...]
while let argument = rest.popFirst() {
    if ["--plugboard-profile", "--plugboard-set", "--plugboard-export-catalog"].contains(argument) {
        _ = rest.popFirst()
    } else if !argument.hasPrefix("--") {
        arguments.append(argument)
    }
}

do {
    switch arguments.first {
    case "add":
        let text = arguments.dropFirst().joined(separator: " ")
        guard !text.isEmpty else {
            FileHandle.standardError.write(Data("usage: plugboard-example add TEXT\n".utf8))
            exit(2)
        }
        let note = Note(text: text, created: clock.now())
        try store.add(note)
        log("added: \(text)")
        for observer in container.observers() { log(try observer.noticed(note)) }
    case "list", nil:
        let notes = try store.all()
        log("\(notes.count) note(s)")
        for note in notes.suffix(Int(container.maxListed())) {
            log("- \(note.text)")
        }
    case "share":
        log(try channel.share(try store.all(), signature: sharing.signature()))
    case "wiring":
        // What this run is wired to, after the builds above: the Mermaid picture `plugboard graph` draws of
        // the same files, the snapshot as JSON, or the catalog with the builds recorded so far.
        guard let wiring = ProfileSystem.wiring else { break }
        switch arguments.dropFirst().first {
        case "json": print(String(decoding: try wiring.jsonData(), as: UTF8.self))
        case "catalog":
            guard let path = arguments.dropFirst(2).first else {
                FileHandle.standardError.write(Data("usage: plugboard-example wiring catalog PATH\n".utf8))
                exit(2)
            }
            try ProfileSystem.exportCatalog(to: path)
        default: print(wiring.mermaid, terminator: "")
        }
    case let other?:
        FileHandle.standardError.write(
            Data("unknown command '\(other)' (commands: add TEXT, list, share, wiring)\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
