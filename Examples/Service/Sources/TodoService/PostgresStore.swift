import Foundation
import Logging
import Plugboard
import PlugboardProfiles
import PostgresNIO

/// The list in PostgreSQL: for staging and production. The client's connection pool runs in a task of its own
/// for as long as the store lives. Every call answers within the profile's bounds: a database that is down,
/// unreachable or refusing the password is a ``StoreError/unavailable(_:)`` (a 503) in seconds, and the store
/// serves again as soon as the database does (the table is made on first success, not only at start).
public final class PostgresStore: TodoStore {
    /// The `postgres` implementation's settings in a profile. The password is a reference (`env:`, `file:`),
    /// never a value, and prints as `Secret(file:..., redacted)`.
    public struct Settings: Decodable, Sendable {
        public var host: String
        public var port: Int?
        public var database: String
        public var username: String
        public var password: Secret
        /// How long opening a connection may take (2 s by default).
        public var connectTimeoutSeconds: Double?
        /// How long a request's whole database work may take, waiting for a connection included (5 s by
        /// default): past it, the request gets a 503.
        public var queryTimeoutSeconds: Double?
    }

    private let client: PostgresClient
    private let running: Task<Void, Never>
    private let logger: Logger
    /// Where the pool connects, for the log line of its shutdown (never the password).
    private let address: String
    private let queryTimeout: Double
    private let table = TableSetup()

    public init(settings: Settings) {
        var configuration = PostgresClient.Configuration(
            host: settings.host, port: settings.port ?? 5432, username: settings.username,
            password: settings.password.value, database: settings.database, tls: .disable)
        configuration.options.connectTimeout = .milliseconds(Int64((settings.connectTimeoutSeconds ?? 2) * 1000))
        let logger = Logger(label: "postgres")
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.client = client
        queryTimeout = settings.queryTimeoutSeconds ?? 5
        address = "\(settings.host):\(settings.port ?? 5432)/\(settings.database)"
        running = Task { await client.run() }
    }

    /// Closes the pool's connections: its run task ends when cancelled. A request still holding the store
    /// afterwards gets a 503.
    public func shutdown() async {
        running.cancel()
        await running.value
        logger.info("postgres pool shut down (\(address))")
    }

    public var name: String { "postgres" }

    /// Runs `work` within the query bound, with the table made first if it is not yet.
    private func bounded<T: Sendable>(_ work: @escaping @Sendable (PostgresClient) async throws -> T) async throws -> T
    {
        let (client, table) = (self.client, self.table)
        return try await withDeadline(seconds: queryTimeout, "PostgreSQL") {
            do {
                try await table.ensure(on: client)
                return try await work(client)
            } catch let error as StoreError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw StoreError.unavailable("PostgreSQL: \(String(reflecting: type(of: error)))")
            }
        }
    }

    public func add(title: String) async throws -> Todo {
        try await bounded { client in
            let rows = try await client.query(
                "INSERT INTO todos (title) VALUES (\(title)) RETURNING id, title, done")
            for try await (id, title, done) in rows.decode((Int, String, Bool).self) {
                return Todo(id: id, title: title, done: done)
            }
            throw StoreError.noRowReturned
        }
    }

    public func all() async throws -> [Todo] {
        try await bounded { client in
            var todos: [Todo] = []
            let rows = try await client.query("SELECT id, title, done FROM todos ORDER BY id")
            for try await (id, title, done) in rows.decode((Int, String, Bool).self) {
                todos.append(Todo(id: id, title: title, done: done))
            }
            return todos
        }
    }

    public func find(id: Int) async throws -> Todo? {
        try await bounded { client in
            let rows = try await client.query("SELECT id, title, done FROM todos WHERE id = \(id)")
            for try await (id, title, done) in rows.decode((Int, String, Bool).self) {
                return Todo(id: id, title: title, done: done)
            }
            return nil
        }
    }

    /// One round trip within the bound.
    public func ping() async throws {
        _ = try await bounded { client in
            for try await value in try await client.query("SELECT 1").decode(Int.self) { return value }
            return 0
        }
    }

    deinit {
        running.cancel()
    }
}

/// Makes the table once the database answers: a store made while PostgreSQL is down serves as soon as it is up.
private actor TableSetup {
    private var made = false

    func ensure(on client: PostgresClient) async throws {
        guard !made else { return }
        try await client.query(
            "CREATE TABLE IF NOT EXISTS todos (id SERIAL PRIMARY KEY, title TEXT NOT NULL, done BOOLEAN NOT NULL DEFAULT FALSE)"
        )
        made = true
    }
}
