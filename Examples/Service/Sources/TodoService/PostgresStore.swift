import Logging
import Plugboard
import PlugboardProfiles
import PostgresNIO

/// The list in PostgreSQL: for staging and production. The client's connection pool runs in a task of its own
/// for as long as the store lives; a reload that changes the store's settings makes a new one.
public final class PostgresStore: TodoStore {
    /// The `postgres` implementation's settings in a profile. The password is a reference (`env:`, `file:`),
    /// never a value, and prints as `Secret(file:..., redacted)`.
    public struct Settings: Decodable, Sendable {
        public var host: String
        public var port: Int?
        public var database: String
        public var username: String
        public var password: Secret
    }

    private let client: PostgresClient
    private let running: Task<Void, Never>
    private let table: Task<Void, any Error>

    public init(settings: Settings) {
        let configuration = PostgresClient.Configuration(
            host: settings.host, port: settings.port ?? 5432, username: settings.username,
            password: settings.password.value, database: settings.database, tls: .disable)
        let client = PostgresClient(configuration: configuration, backgroundLogger: Logger(label: "postgres"))
        self.client = client
        running = Task { await client.run() }
        table = Task {
            try await client.query(
                "CREATE TABLE IF NOT EXISTS todos (id SERIAL PRIMARY KEY, title TEXT NOT NULL, done BOOLEAN NOT NULL DEFAULT FALSE)"
            )
        }
    }

    public var name: String { "postgres" }

    public func add(title: String) async throws -> Todo {
        try await table.value
        let rows = try await client.query(
            "INSERT INTO todos (title) VALUES (\(title)) RETURNING id, title, done")
        for try await (id, title, done) in rows.decode((Int, String, Bool).self) {
            return Todo(id: id, title: title, done: done)
        }
        throw StoreError.noRowReturned
    }

    public func all() async throws -> [Todo] {
        try await table.value
        var todos: [Todo] = []
        let rows = try await client.query("SELECT id, title, done FROM todos ORDER BY id")
        for try await (id, title, done) in rows.decode((Int, String, Bool).self) {
            todos.append(Todo(id: id, title: title, done: done))
        }
        return todos
    }

    public func find(id: Int) async throws -> Todo? {
        try await table.value
        let rows = try await client.query("SELECT id, title, done FROM todos WHERE id = \(id)")
        for try await (id, title, done) in rows.decode((Int, String, Bool).self) {
            return Todo(id: id, title: title, done: done)
        }
        return nil
    }

    deinit {
        running.cancel()
    }
}
