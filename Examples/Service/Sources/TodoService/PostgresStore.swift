import Foundation
import Logging
import PlugboardProfiles
import PlugboardReloadService
import PostgresNIO
import ServiceLifecycle

/// The list in PostgreSQL: for staging and production. Built by the store's async factory with
/// ``connect(settings:services:)``, which returns once the database has answered and the table is made. The
/// store is a swift-service-lifecycle `Service`: its connection pool runs in the program's service group (the
/// build adopts it into `FactoryServices`, since the pool serves only while it runs), and closes at the
/// group's graceful shutdown, after the server has answered the requests in flight, or once a reload has
/// replaced the store and no request can still be handed it.
///
/// Every call answers within the profile's bounds. A database that is down, unreachable or refusing the login
/// is a ``StoreError/unavailable(_:)`` (a 503) in seconds; a build that fails so shuts its pool down and is not
/// kept, so the next request builds again and the store serves as soon as the database does. Any other
/// refusal (a role without the privileges the table needs, a full disk) is a ``StoreError/failed(_:)`` (a 500),
/// logged with PostgreSQL's own message and SQLSTATE.
public final class PostgresStore: TodoStore, Service {
    /// The `postgres` implementation's settings in a profile. The password is a reference (`env:`, `file:`),
    /// never a value, and prints as `Secret(file:..., redacted)`.
    public struct Settings: Decodable, Sendable {
        public var host: String
        public var port: Int?
        public var database: String
        public var username: String
        public var password: Secret
        /// Whether the connection is encrypted: `disable`, `prefer` (the default, as postgres-nio's: TLS when
        /// the server offers it) or `require` (refuse a server without TLS). The server's certificate is
        /// verified against the system's trust roots whenever TLS is used.
        public var tls: TLSMode?
        /// The most connections the pool opens (20 by default, as postgres-nio's).
        public var maximumConnections: Int?
        /// The connections the pool keeps open while idle (0 by default, as postgres-nio's).
        public var minimumConnections: Int?
        /// How long opening a connection may take (2 s by default).
        public var connectTimeoutSeconds: Double?
        /// How long a request's whole database work may take, waiting for a connection included (5 s by
        /// default): past it, the request gets a 503.
        public var queryTimeoutSeconds: Double?
    }

    /// The `tls` setting.
    public enum TLSMode: String, Decodable, Sendable {
        case disable, prefer, require
    }

    private let client: PostgresClient
    private let logger: Logger
    /// Where the pool connects, for log lines (never the password).
    private let address: String
    private let queryTimeout: Double

    /// A store whose pool runs in `services`, once the database has answered within the query bound and the
    /// table is made: what the `postgres` implementation builds. A store that cannot serve is shut down before
    /// this throws.
    ///
    /// - Throws: A ``StoreBuildError``: ``StoreError/unavailable(_:)`` when the database cannot be reached in
    ///   time, refuses the login, or the service group has shut down; ``StoreError/failed(_:)`` when it refuses
    ///   to make the table.
    public static func connect(settings: Settings, services: FactoryServices = .shared) async throws -> PostgresStore {
        let store = PostgresStore(settings: settings)
        guard services.adopt(store) else {
            throw StoreBuildError(store: store.name, reason: .unavailable("the service is shutting down"))
        }
        do {
            try await store.bounded { client in
                _ = try await client.query(
                    "CREATE TABLE IF NOT EXISTS todos (id SERIAL PRIMARY KEY, title TEXT NOT NULL, done BOOLEAN NOT NULL DEFAULT FALSE)"
                )
            }
            return store
        } catch {
            await services.retire(store)
            guard let reason = error as? StoreError else { throw error }
            throw StoreBuildError(store: store.name, reason: reason)
        }
    }

    /// A store whose pool does not run yet: ``connect(settings:services:)`` runs it and makes the table; a
    /// caller of this initializer runs ``run()`` itself, and has made the table.
    public init(settings: Settings) {
        let tls: PostgresClient.Configuration.TLS =
            switch settings.tls ?? .prefer {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: settings.host, port: settings.port ?? 5432, username: settings.username,
            password: settings.password.value, database: settings.database, tls: tls)
        configuration.options.connectTimeout = .milliseconds(Int64((settings.connectTimeoutSeconds ?? 2) * 1000))
        if let maximum = settings.maximumConnections { configuration.options.maximumConnections = maximum }
        if let minimum = settings.minimumConnections { configuration.options.minimumConnections = minimum }
        let logger = Logger(label: "postgres")
        self.logger = logger
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        queryTimeout = settings.queryTimeoutSeconds ?? 5
        address = "\(settings.host):\(settings.port ?? 5432)/\(settings.database)"
    }

    /// Runs the pool until the group's graceful shutdown (or the shutdown of this store alone, after a reload
    /// replaced it); requests still holding the store afterwards get a 503.
    public func run() async {
        logger.info("postgres pool running (\(address))")
        await client.run()
        logger.info("postgres pool shut down (\(address))")
    }

    public var name: String { "postgres" }

    /// Runs `work` within the query bound, with PostgreSQL's errors sorted into the request's status.
    @discardableResult
    private func bounded<T: Sendable>(_ work: @escaping @Sendable (PostgresClient) async throws -> T) async throws -> T
    {
        let (client, logger, address) = (self.client, self.logger, self.address)
        return try await withDeadline(seconds: queryTimeout, "PostgreSQL") {
            do {
                return try await work(client)
            } catch let error as StoreError {
                throw error
            } catch let error where error is CancellationError || Task.isCancelled {
                // The bound passed (the request has its 503) or the request went away: nothing more to say.
                throw CancellationError()
            } catch let error as PSQLError {
                throw Self.sorted(error, logger: logger, address: address)
            } catch {
                logger.error("postgres request failed (\(address)): \(String(reflecting: error))")
                throw StoreError.failed("PostgreSQL: \(error)")
            }
        }
    }

    /// The store error for `error`: the connection lost, the server going away or out of connections, or the
    /// login refused, is unavailable; anything else PostgreSQL refused is a failure, logged with its message
    /// and SQLSTATE (`42501` for a role without CREATE on the schema, as PostgreSQL 15 and later give a role
    /// that does not own it).
    static func sorted(_ error: PSQLError, logger: Logger, address: String) -> StoreError {
        let lost: [PSQLError.Code] = [
            .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
        ]
        if lost.contains(error.code) {
            logger.warning("postgres unreachable (\(address)): \(error.code)")
            return .unavailable("PostgreSQL cannot be reached (\(error.code))")
        }
        let state = error.serverInfo?[.sqlState] ?? "none"
        let message = error.serverInfo?[.message] ?? "\(error.code)"
        // 08: connection exception; 28: the login refused; 53300: too many connections; 57P01-03: shutting
        // down or starting.
        let unavailable =
            state.hasPrefix("08") || state.hasPrefix("28") || ["53300", "57P01", "57P02", "57P03"].contains(state)
        if unavailable {
            logger.warning("postgres unavailable (\(address)): \(message) (SQLSTATE \(state))")
            return .unavailable("PostgreSQL cannot serve: \(message) (SQLSTATE \(state))")
        }
        logger.error("postgres refused a request (\(address)): \(message) (SQLSTATE \(state))")
        return .failed("the database refused the request (SQLSTATE \(state)); the service's log has its message")
    }

    public func add(title: String) async throws -> Todo {
        try await bounded { client in
            let rows = try await client.query(
                "INSERT INTO todos (title) VALUES (\(title)) RETURNING id, title, done")
            for try await (id, title, done) in rows.decode((Int, String, Bool).self) {
                return Todo(id: id, title: title, done: done)
            }
            throw StoreError.failed("the database returned no row for the insert")
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
}
