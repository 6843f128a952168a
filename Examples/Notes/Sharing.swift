import Foundation
import Plugboard
import PlugboardProfiles

/// Where `share` sends the notes: the program's second container, as a module of a larger program would
/// have its own. Profiles address it by its type's name, `SharingContainer`.
final class SharingContainer: SharedContainer, AutoRegistering {
    @TaskLocal static var shared = SharingContainer()
    let manager = ContainerManager()

    var channel: Factory<any ShareChannel> { self { NoSharing() } }
    var signature: Factory<String> { self { "" } }

    func autoRegister() {
        applyProfile(
            channel.choices([
                "none": .make { NoSharing() },
                "outbox": .settings(Outbox.Settings.self) { Outbox(settings: $0) },
            ]),
            signature.configurable()
        )
    }
}

/// Sends notes somewhere.
protocol ShareChannel: Sendable {
    var summary: String { get }
    func share(_ notes: [Note], signature: String) throws -> String
}

/// Sharing turned off.
struct NoSharing: ShareChannel {
    var summary: String { "off" }
    func share(_ notes: [Note], signature: String) throws -> String { "sharing is off" }
}

/// Writes the notes as one text file into an outbox folder, for another program to pick up.
struct Outbox: ShareChannel {
    struct Settings: Decodable, Sendable {
        /// The folder the file is written to.
        var directory: String
        /// When the outbox starts accepting files (an ISO 8601 date and time); none: at once.
        var openFrom: Date?
    }

    let settings: Settings

    var summary: String { "outbox \(settings.directory)" }

    func share(_ notes: [Note], signature: String) throws -> String {
        if let openFrom = settings.openFrom, openFrom > Date() { return "the outbox opens at \(openFrom)" }
        try FileManager.default.createDirectory(atPath: settings.directory, withIntermediateDirectories: true)
        let text =
            notes.map { "- \($0.text)" }.joined(separator: "\n") + (signature.isEmpty ? "" : "\n\(signature)") + "\n"
        let file = (settings.directory as NSString).appendingPathComponent("notes.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return "shared \(notes.count) note(s) to \(file)"
    }
}
