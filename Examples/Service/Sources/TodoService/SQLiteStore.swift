import Foundation
import SQLiteNIO

/// The list in an SQLite file: for development, with no server to run.
///
/// The file is opened on first use, once: requests that arrive together wait for the same opening (an
/// actor's method can be entered again at each `await`, so the opening is a task they share). A file that
/// cannot be opened is ``StoreError/unavailable(_:)`` (a 503, and readiness fails) and is tried again by the
/// next request; a statement SQLite refuses is ``StoreError/failed(_:)`` (a 500 with SQLite's message).
public actor SQLiteStore: TodoStore {
    /// The `sqlite` implementation's settings in a profile: `with: { path: .build/todos.sqlite }`.
    public struct Settings: Decodable, Sendable {
        /// The database file, made on first use, with its folder.
        public var path: String

        public init(path: String) {
            self.path = path
        }
    }

    private let settings: Settings
    /// The opening every request waits for; nil before the first use and after an opening that failed.
    private var opening: Task<SQLiteConnection, any Error>?

    public init(settings: Settings) {
        self.settings = settings
    }

    public nonisolated var name: String { "sqlite" }

    /// The connection, opened (and the table made) by the first request that needs it.
    private func connection() async throws -> SQLiteConnection {
        let task = opening ?? Task { [settings] in try await Self.open(settings) }
        opening = task
        do {
            return try await task.value
        } catch {
            // The next request tries again, unless another already has.
            if opening == task { opening = nil }
            throw StoreError.unavailable("SQLite cannot open \(settings.path): \(Self.reason(error))")
        }
    }

    private static func open(_ settings: Settings) async throws -> SQLiteConnection {
        let folder = (settings.path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let opened = try await SQLiteConnection.open(storage: .file(path: settings.path))
        do {
            _ = try await opened.query(
                "CREATE TABLE IF NOT EXISTS todos (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0)"
            )
        } catch {
            try? await opened.close()
            throw error
        }
        return opened
    }

    /// Runs one statement on the connection; SQLite's refusal is a failure that names its reason.
    private func query(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        let connection = try await connection()
        do {
            return try await connection.query(sql, binds)
        } catch {
            throw StoreError.failed("SQLite refused the request: \(Self.reason(error))")
        }
    }

    public func add(title: String) async throws -> Todo {
        let rows = try await query("INSERT INTO todos (title) VALUES (?) RETURNING id, title, done", [.text(title)])
        guard let row = rows.first, let todo = Self.todo(row) else {
            throw StoreError.failed("SQLite returned no row for the insert")
        }
        return todo
    }

    public func all() async throws -> [Todo] {
        try await query("SELECT id, title, done FROM todos ORDER BY id").compactMap(Self.todo)
    }

    public func find(id: Int) async throws -> Todo? {
        try await query("SELECT id, title, done FROM todos WHERE id = ?", [.integer(id)]).first.flatMap(Self.todo)
    }

    /// Opens the file if it is not yet, and runs `SELECT 1`: readiness fails while the file cannot be used.
    public func ping() async throws {
        _ = try await query("SELECT 1")
    }

    private static func todo(_ row: SQLiteRow) -> Todo? {
        guard let id = row.column("id")?.integer, let title = row.column("title")?.string else { return nil }
        return Todo(id: id, title: title, done: row.column("done")?.bool ?? false)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? SQLiteError { return error.message }
        return "\(error)"
    }

    deinit {
        if let opening {
            Task { try? await opening.value.close() }
        }
    }
}
