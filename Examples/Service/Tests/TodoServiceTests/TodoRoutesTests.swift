import Foundation
import Hummingbird
import HummingbirdTesting
import PlugboardProfilesTesting
import Testing
import TodoService

/// The routes through Hummingbird's test client, each test with fresh containers (so tests run in parallel).
@Suite(
    .container(StoreContainer.$shared, { StoreContainer() }),
    .container(TrafficContainer.$shared, { TrafficContainer() }))
struct TodoRoutesTests {
    static func app() -> some ApplicationProtocol { Application(router: TodoRoutes.router()) }

    @Test func anAddedItemIsListedAndFound() async throws {
        try await Self.app().test(.router) { client in
            let created = try await client.execute(
                uri: "/todos", method: .post, body: ByteBuffer(string: #"{"title":"milk"}"#))
            #expect(created.status == .created)
            #expect(try JSONDecoder().decode(Todo.self, from: created.body) == Todo(id: 1, title: "milk"))
            let all = try await client.execute(uri: "/todos", method: .get)
            #expect(try JSONDecoder().decode([Todo].self, from: all.body) == [Todo(id: 1, title: "milk")])
            #expect(try await client.execute(uri: "/todos/1", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/todos/9", method: .get).status == .notFound)
        }
    }

    @Test func writesOverTheLimitAreRefused() async throws {
        TrafficContainer.shared.limiter.register { FixedWindow(settings: .init(writesPerMinute: 2)) }
        try await Self.app().test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for title in ["a", "b", "c"] {
                let body = ByteBuffer(string: #"{"title":"\#(title)"}"#)
                statuses.append(try await client.execute(uri: "/todos", method: .post, body: body).status)
            }
            #expect(statuses == [.created, .created, .tooManyRequests])
        }
    }

    @Test func healthNamesTheStoreAndLimiterInUse() async throws {
        try await Self.app().test(.router) { client in
            let health = try await client.execute(uri: "/health", method: .get)
            let decoded = try JSONDecoder().decode(TodoRoutes.Health.self, from: health.body)
            #expect(decoded.store == "memory" && decoded.limiter == "unlimited" && !decoded.degraded)
        }
    }
}

/// Each environment's profile, applied to the store's container as the service's launch applies it.
@Suite struct ServiceProfileTests {
    static let profiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Profiles").standardized.path

    @Test(.profile("uitest", directories: [profiles], container: StoreContainer.$shared, { StoreContainer() }))
    func uiTestsKeepTheListInMemory() {
        #expect(StoreContainer.shared.store().name == "memory")
    }

    @Test(.profile("development", directories: [profiles], container: StoreContainer.$shared, { StoreContainer() }))
    func developmentUsesSQLite() {
        #expect(StoreContainer.shared.store().name == "sqlite")
    }
}
