import Foundation
import Plugboard
import PlugboardProfiles

/// Where `share` sends the notes: the program's second container, as a module of a larger program would
/// have its own. Profiles address it by its type's name, `SharingContainer`.
final class SharingContainer: SharedContainer, AutoRegistering {
    @TaskLocal static var shared = SharingContainer()
    let manager = ContainerManager()

    /// Async: an outbox is opened (its folder made) when first used, and the same one serves every share.
    var channel: AsyncFactory<any ShareChannel> { self { NoSharing() }.cached }
    var signature: Factory<String> { self { "" } }

    func autoRegister() {
        applyProfile(
            channel.choices([
                "none": .make { NoSharing() },
                "outbox": .settings(Outbox.Settings.self) { try await Outbox.open(settings: $0) },
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
        /// The key the shared file is signed with, so that the program picking it up can trust it: a secret,
        /// which a profile gives by reference (`env:NOTES_SIGNING_KEY`) and which is printed nowhere.
        var signingKey: Secret?
    }

    let settings: Settings

    /// Opens the outbox: makes its folder, once, before the first share.
    static func open(settings: Settings) async throws -> Outbox {
        try FileManager.default.createDirectory(atPath: settings.directory, withIntermediateDirectories: true)
        return Outbox(settings: settings)
    }

    /// `outbox /tmp/... signed with Secret(env:NOTES_SIGNING_KEY, redacted)`: the key's reference, never its value.
    var summary: String {
        "outbox \(settings.directory)" + (settings.signingKey.map { " signed with \($0)" } ?? "")
    }

    func share(_ notes: [Note], signature: String) throws -> String {
        if let openFrom = settings.openFrom, openFrom > Date() { return "the outbox opens at \(openFrom)" }
        var text =
            notes.map { "- \($0.text)" }.joined(separator: "\n") + (signature.isEmpty ? "" : "\n\(signature)") + "\n"
        if let key = settings.signingKey {
            text += "signed: \(Self.seal(text, key: key.value))\n"
        }
        let file = (settings.directory as NSString).appendingPathComponent("notes.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return "shared \(notes.count) note(s) to \(file)"
    }

    /// A keyed FNV-1a hash of `text` (a stand-in for an HMAC, to keep the example free of a crypto package).
    static func seal(_ text: String, key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(key.utf8) + [0] + Array(text.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
