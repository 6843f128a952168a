import Foundation

/// Hears of each added note: the members of `Container.observers`, a list a profile chooses
/// (`use: [echo, journal]`).
protocol NoteObserver: Sendable {
    /// What it did with `note`, as a log line.
    func noticed(_ note: Note) throws -> String
}

/// Repeats the note.
struct EchoObserver: NoteObserver {
    func noticed(_ note: Note) -> String { "echo: \(note.text)" }
}

/// Counts the note's words.
struct WordCountObserver: NoteObserver {
    func noticed(_ note: Note) -> String {
        let words = note.text.split(whereSeparator: \.isWhitespace).count
        return "words: \(words)"
    }
}

/// Appends each note to a journal file, one line per note.
struct JournalObserver: NoteObserver {
    struct Settings: Decodable, Sendable {
        /// The journal's path.
        var path: String
    }

    let settings: Settings

    func noticed(_ note: Note) throws -> String {
        let line = Data((note.text + "\n").utf8)
        if let handle = FileHandle(forWritingAtPath: settings.path) {
            // The calls every platform the package supports has (the throwing ones need macOS 10.15.4).
            defer { handle.closeFile() }
            handle.seekToEndOfFile()
            handle.write(line)
        } else {
            try line.write(to: URL(fileURLWithPath: settings.path))
        }
        return "journal: \(settings.path)"
    }
}
