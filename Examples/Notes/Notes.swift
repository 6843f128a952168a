import Foundation

/// A note: text and when it was written.
struct Note: Codable, Equatable, Sendable {
    var text: String
    var created: Date
}

/// Where notes are kept.
protocol NoteStore: Sendable {
    /// A short description for the status line.
    var summary: String { get }
    func all() throws -> [Note]
    func add(_ note: Note) throws
}

/// Notes in a JSON file in a directory; survives between runs.
final class FileNoteStore: NoteStore, @unchecked Sendable {
    struct Settings: Decodable, Sendable {
        /// The directory holding `notes.json`.
        var directory: String
    }

    private let file: URL
    private let lock = NSLock()

    init(settings: Settings) {
        file = URL(fileURLWithPath: settings.directory).appendingPathComponent("notes.json")
    }

    var summary: String { "file \(file.path)" }

    func all() throws -> [Note] {
        try lock.withLock {
            guard FileManager.default.fileExists(atPath: file.path) else { return [] }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode([Note].self, from: Data(contentsOf: file))
        }
    }

    func add(_ note: Note) throws {
        var notes = try all()
        notes.append(note)
        try lock.withLock {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(notes).write(to: file, options: .atomic)
        }
    }
}

/// Notes in memory, optionally seeded; gone when the program ends.
final class InMemoryNoteStore: NoteStore, @unchecked Sendable {
    struct Settings: Decodable, Sendable {
        /// Notes to start with.
        var seed: [String]?
    }

    private let lock = NSLock()
    private var notes: [Note]

    init(settings: Settings = Settings(), clock: any NoteClock) {
        notes = (settings.seed ?? []).map { Note(text: $0, created: clock.now()) }
    }

    var summary: String { "memory (\(notes.count) seeded)" }

    func all() throws -> [Note] { lock.withLock { notes } }
    func add(_ note: Note) throws { lock.withLock { notes.append(note) } }
}

/// What time it is.
protocol NoteClock: Sendable {
    var summary: String { get }
    func now() -> Date
}

/// The system's clock.
struct SystemClock: NoteClock {
    var summary: String { "system" }
    func now() -> Date { Date() }
}

/// Always the same moment: for screenshots and UI tests.
struct FixedClock: NoteClock {
    struct Settings: Decodable, Sendable {
        /// An ISO 8601 date and time, such as `2026-01-01T09:00:00Z`.
        var at: String
    }

    let date: Date

    init(settings: Settings) {
        date = ISO8601DateFormatter().date(from: settings.at) ?? Date(timeIntervalSince1970: 0)
    }

    var summary: String { "fixed \(ISO8601DateFormatter().string(from: date))" }
    func now() -> Date { date }
}

/// How log lines look.
protocol LogFormat: Sendable {
    var summary: String { get }
    func line(_ message: String, at date: Date) -> String
}

/// `2026-01-01T09:00:00Z  message`.
struct PlainLogFormat: LogFormat {
    var summary: String { "plain" }
    func line(_ message: String, at date: Date) -> String {
        "\(ISO8601DateFormatter().string(from: date))  \(message)"
    }
}

/// One JSON object per line.
struct JSONLogFormat: LogFormat {
    var summary: String { "json" }
    func line(_ message: String, at date: Date) -> String {
        let object = ["time": ISO8601DateFormatter().string(from: date), "message": message]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
