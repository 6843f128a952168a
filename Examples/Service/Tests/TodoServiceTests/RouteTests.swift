import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Plugboard
import PlugboardProfiles
import PlugboardReloadService
import Testing

@testable import TodoService

/// The HTTP API as a client sees it, through HummingbirdTesting's router framework: each test builds the
/// application with fresh containers (the routes get their dependencies from them once, as factories), so
/// tests run in parallel.
@Suite struct RouteTests {
    let stores = StoreContainer()
    let traffic = TrafficContainer()

    func application(running services: FactoryServices? = nil) -> some ApplicationProtocol {
        buildApplication(
            ServerOptions(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, stores: stores,
            traffic: traffic, services: services.map { [$0] } ?? [])
    }

    /// A new SQLite file's path in a folder of its own.
    static func sqlitePath() -> String {
        NSTemporaryDirectory() + "todo-route-tests-\(UUID().uuidString)/todos.sqlite"
    }

    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    /// The reason of a failed request: Hummingbird's error body, `{"error":{"message":"..."}}`.
    static func message(_ response: TestResponse) -> String {
        struct Body: Decodable {
            struct Failure: Decodable { var message: String }
            var error: Failure
        }
        return (try? JSONDecoder().decode(Body.self, from: Data(buffer: response.body)).error.message) ?? ""
    }

    @Test func anItemIsAddedListedAndFoundOnTheMemoryStore() async throws {
        try await application().test(.router) { client in
            try await client.execute(uri: "/todos", method: .post, body: Self.json(#"{"title":"milk"}"#)) {
                #expect($0.status == .created)
                #expect(
                    (try? JSONDecoder().decode(Todo.self, from: Data(buffer: $0.body))) == Todo(id: 1, title: "milk"))
            }
            let list = try await client.execute(uri: "/todos", method: .get)
            #expect(list.status == .ok)
            #expect(
                try JSONDecoder().decode([Todo].self, from: Data(buffer: list.body)) == [Todo(id: 1, title: "milk")])
            let one = try await client.execute(uri: "/todos/1", method: .get)
            #expect(one.status == .ok)
            #expect(try JSONDecoder().decode(Todo.self, from: Data(buffer: one.body)).title == "milk")
        }
    }

    @Test func wrongRequestsGetTheirStatusAndAReason() async throws {
        try await application().test(.router) { client in
            try await client.execute(uri: "/todos/9", method: .get) {
                #expect($0.status == .notFound)
                #expect(Self.message($0).contains("no item 9"))
            }
            try await client.execute(uri: "/todos/abc", method: .get) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/todos", method: .post, body: Self.json("not json")) {
                #expect($0.status == .badRequest)
            }
            try await client.execute(uri: "/todos", method: .post, body: Self.json(#"{"title":""}"#)) {
                #expect($0.status == .badRequest)
                #expect(Self.message($0).contains("the title is empty"))
            }
            // A method no route has, as Hummingbird answers it.
            try await client.execute(uri: "/todos", method: .delete) { #expect($0.status == .notFound) }
        }
    }

    @Test func everyAuditSinkRecordsAnAddedItemAndAFailingOneFailsNoRequest() async throws {
        let path = NSTemporaryDirectory() + "todo-audit-\(UUID().uuidString).jsonl"
        let unwritable = NSTemporaryDirectory() + "todo-audit-missing-\(UUID().uuidString)/audit.jsonl"
        stores.audit.register {
            [FileAudit(settings: .init(path: unwritable)), FileAudit(settings: .init(path: path))]
        }
        try await application().test(.router) { client in
            for title in ["milk", "bread"] {
                try await client.execute(uri: "/todos", method: .post, body: Self.json("{\"title\":\"\(title)\"}")) {
                    #expect($0.status == .created, "the item is added whatever a sink does")
                }
            }
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(
            try lines.map { try JSONDecoder().decode(Todo.self, from: Data($0.utf8)) } == [
                Todo(id: 1, title: "milk"), Todo(id: 2, title: "bread"),
            ])
        #expect(!FileManager.default.fileExists(atPath: unwritable))
    }

    @Test func aWriteOverTheLimitIs429WithRetryAfter() async throws {
        traffic.limiter.register { FixedWindow(settings: .init(writesPerMinute: 1)) }
        try await application().test(.router) { client in
            try await client.execute(uri: "/todos", method: .post, body: Self.json(#"{"title":"a"}"#)) {
                #expect($0.status == .created)
            }
            try await client.execute(uri: "/todos", method: .post, body: Self.json(#"{"title":"b"}"#)) {
                #expect($0.status == .tooManyRequests)
                let seconds = $0.headers[.retryAfter].flatMap(Int.init)
                #expect(seconds.map { (1...60).contains($0) } == true, "Retry-After: \(String(describing: seconds))")
                #expect(Self.message($0).contains("fixed-window 1/min"))
            }
        }
    }

    @Test func aStoreRegisteredAfterTheRoutesWereMadeServesTheNextRequest() async throws {
        try await application().test(.router) { client in
            try await client.execute(uri: "/todos", method: .post, body: Self.json(#"{"title":"memory"}"#)) {
                #expect($0.status == .created)
            }
            // What a reload does to the store's factory: the routes resolve it per request.
            stores.store.register { SQLiteStore(settings: .init(path: Self.sqlitePath())) }
            try await client.execute(uri: "/todos", method: .get) { #expect(String(buffer: $0.body) == "[]") }
            try await client.execute(uri: "/health", method: .get) {
                #expect(String(buffer: $0.body).contains(#""store":"sqlite""#))
            }
        }
    }

    @Test func healthLivenessAndReadinessOnSQLite() async throws {
        stores.store.register { SQLiteStore(settings: .init(path: Self.sqlitePath())) }
        try await application().test(.router) { client in
            try await client.execute(uri: "/health/live", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/health/ready", method: .get) {
                #expect($0.status == .ok)
                #expect(String(buffer: $0.body).contains(#""ready":true"#))
            }
            let response = try await client.execute(uri: "/health", method: .get)
            let health = try JSONDecoder().decode(HealthController.Health.self, from: Data(buffer: response.body))
            #expect(health.store == "sqlite" && health.limiter == "unlimited" && health.ready && !health.degraded)
        }
    }

    /// A file that cannot be made: not ready, and every request a 503 that says why, while liveness holds.
    @Test func anSQLiteFileThatCannotBeOpenedIsNotReady() async throws {
        let blocker = NSTemporaryDirectory() + "todo-route-tests-\(UUID().uuidString)"
        try "a file where the folder should be".write(toFile: blocker, atomically: true, encoding: .utf8)
        stores.store.register { SQLiteStore(settings: .init(path: blocker + "/todos.sqlite")) }
        try await application().test(.router) { client in
            let ready = try await client.execute(uri: "/health/ready", method: .get)
            #expect(ready.status == .serviceUnavailable)
            let readiness = try JSONDecoder().decode(HealthController.Readiness.self, from: Data(buffer: ready.body))
            #expect(!readiness.ready && readiness.problem?.hasPrefix("SQLite cannot open") == true)
            try await client.execute(uri: "/todos", method: .get) {
                #expect($0.status == .serviceUnavailable)
                #expect(Self.message($0).contains("the store cannot answer: SQLite cannot open"))
            }
            try await client.execute(uri: "/health/live", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// A database whose table is not the service's: the statement SQLite refuses is a 500 with its message.
    @Test func aStatementSQLiteRefusesIsA500WithItsReason() async throws {
        let path = Self.sqlitePath()
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        other.arguments = [
            "python3", "-c",
            "import sqlite3; sqlite3.connect('\(path)').execute('CREATE TABLE todos (id INTEGER PRIMARY KEY)')",
        ]
        try other.run()
        other.waitUntilExit()
        try #require(other.terminationStatus == 0, "python3 made the other table")
        stores.store.register { SQLiteStore(settings: .init(path: path)) }
        try await application().test(.router) { client in
            try await client.execute(uri: "/todos", method: .post, body: Self.json(#"{"title":"x"}"#)) {
                #expect($0.status == .internalServerError)
                #expect(Self.message($0).contains("the store failed: SQLite refused the request:"))
                #expect(Self.message($0).contains("title"))
            }
        }
    }

    /// With the PostgreSQL `.ci/service` starts (`TODO_TEST_POSTGRES_PORT`, the `todos` role's password in
    /// `TODO_TEST_POSTGRES_PASSWORD`, a database it owns in `TODO_TEST_POSTGRES_DATABASE`, `todos` unless
    /// set): the store runs in the application's service group and serves.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TODO_TEST_POSTGRES_PORT"] != nil))
    func aPostgresStoreServesInsideTheServiceGroup() async throws {
        let environment = ProcessInfo.processInfo.environment
        let settings = PostgresStore.Settings(
            host: "127.0.0.1", port: Int(environment["TODO_TEST_POSTGRES_PORT"]!),
            database: environment["TODO_TEST_POSTGRES_DATABASE"] ?? "todos",
            username: "todos",
            password: Secret(
                reference: "env:TODO_TEST_POSTGRES_PASSWORD", value: environment["TODO_TEST_POSTGRES_PASSWORD"] ?? ""),
            tls: .disable)
        let services = FactoryServices(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        // As the postgres implementation builds it: the store connects inside the group that runs its pool.
        stores.store.register { try await PostgresStore.connect(settings: settings, services: services) }
        let title = "route-test-\(UUID().uuidString)"
        try await application(running: services).test(.router) { client in
            try await client.execute(uri: "/todos", method: .post, body: Self.json(#"{"title":"\#(title)"}"#)) {
                #expect($0.status == .created, "\(String(buffer: $0.body))")
            }
            try await client.execute(uri: "/todos", method: .get) {
                #expect(String(buffer: $0.body).contains(title))
            }
            try await client.execute(uri: "/health/ready", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// A PostgreSQL nobody answers for (a loopback port nothing listens on): the store's build gives up within
    /// the bound, each request is a 503 that says why, the health routes still name the store, and the failed
    /// build is not kept: the next request builds again, as it would once the database is up.
    @Test func aPostgresStoreThatCannotConnectIsA503AndIsBuiltAgainByTheNextRequest() async throws {
        let settings = PostgresStore.Settings(
            host: "127.0.0.1", port: 1, database: "todos", username: "todos",
            password: Secret(reference: "env:UNUSED", value: ""), tls: .disable, connectTimeoutSeconds: 0.2,
            queryTimeoutSeconds: 0.5)
        let services = FactoryServices(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let builds = Counter()
        stores.store.register {
            builds.increment()
            return try await PostgresStore.connect(settings: settings, services: services)
        }
        try await application(running: services).test(.router) { client in
            try await client.execute(uri: "/todos", method: .get) {
                #expect($0.status == .serviceUnavailable)
                #expect(Self.message($0).contains("the store cannot answer: PostgreSQL"), "\(Self.message($0))")
            }
            let response = try await client.execute(uri: "/health", method: .get)
            let health = try JSONDecoder().decode(HealthController.Health.self, from: Data(buffer: response.body))
            #expect(health.store == "postgres" && !health.ready && health.degraded)
            #expect(health.problem?.contains("PostgreSQL") == true, "\(health.problem ?? "no problem")")
            try await client.execute(uri: "/health/ready", method: .get) { #expect($0.status == .serviceUnavailable) }
            try await client.execute(uri: "/health/live", method: .get) { #expect($0.status == .ok) }
        }
        #expect(builds.value == 3, "each of the three requests that asked the store built it again")
    }

    /// The admin route is off unless a profile turns it on; on, it answers with the program's wiring, which
    /// a test's fresh containers have none of (no profile launched).
    @Test func theWiringRouteIsOffUntilAProfileTurnsItOn() async throws {
        try await application().test(.router) { client in
            try await client.execute(uri: "/admin/wiring", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/admin/wiring.mmd", method: .get) { #expect($0.status == .notFound) }
            traffic.wiringRoute.register { true }
            try await client.execute(uri: "/admin/wiring", method: .get) {
                #expect($0.status == .serviceUnavailable)
                #expect(Self.message($0) == "no profiles were launched")
            }
        }
    }
}

/// A count that concurrent builds add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
