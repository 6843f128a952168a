import Foundation
import SQLiteNIO

/// The list in an SQLite file: for development, with no server to run.
public actor SQLiteStore: TodoStore {
    /// The `sqlite` implementation's settings in a profile: `with: { path: .build/todos.sqlite }`.
    public struct Settings: Decodable, Sendable {
        /// The database file, made on first use.
        public var path: String

        public init(path: String) {
            self.path = path
        }
    }

    private let settings: Settings
    private var connection: SQLiteConnection?

    public init(settings: Settings) {
        self.settings = settings
    }

    public nonisolated var name: String { "sqlite" }

    /// The connection, opened (and the table made) on first use: a factory cannot wait for it.
    private func open() async throws -> SQLiteConnection {
        if let connection { return connection }
        let folder = (settings.path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let opened = try await SQLiteConnection.open(storage: .file(path: settings.path))
        _ = try await opened.query(
            "CREATE TABLE IF NOT EXISTS todos (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0)"
        )
        connection = opened
        return opened
    }

    public func add(title: String) async throws -> Todo {
        let rows = try await open().query(
            "INSERT INTO todos (title) VALUES (?) RETURNING id, title, done", [.text(title)])
        guard let row = rows.first, let todo = Self.todo(row) else { throw StoreError.noRowReturned }
        return todo
    }

    public func all() async throws -> [Todo] {
        try await open().query("SELECT id, title, done FROM todos ORDER BY id").compactMap(Self.todo)
    }

    public func find(id: Int) async throws -> Todo? {
        try await open().query("SELECT id, title, done FROM todos WHERE id = ?", [.integer(id)]).first.flatMap(
            Self.todo)
    }

    private static func todo(_ row: SQLiteRow) -> Todo? {
        guard let id = row.column("id")?.integer, let title = row.column("title")?.string else { return nil }
        return Todo(id: id, title: title, done: row.column("done")?.bool ?? false)
    }

    deinit {
        if let connection { connection.close().whenComplete { _ in } }
    }
}

/// A store that could not do what it was asked.
