import Foundation
import PlugboardProfilesTesting
import Testing

@testable import TodoService

/// The service's parts without HTTP (`RouteTests` sends requests; `.ci/service` runs the binary), each test
/// with fresh containers, so tests run in parallel.
@Suite(
    .container(StoreContainer.$shared, { StoreContainer() }),
    .container(TrafficContainer.$shared, { TrafficContainer() }))
struct TodoServiceTests {
    @Test func anAddedItemIsListedAndFound() async throws {
        let store = try await StoreContainer.shared.store()
        #expect(try await store.add(title: "milk") == Todo(id: 1, title: "milk"))
        #expect(try await store.all() == [Todo(id: 1, title: "milk")])
        #expect(try await store.find(id: 1)?.title == "milk")
        #expect(try await store.find(id: 9) == nil)
    }

    @Test func theCachedStoreIsOneListForEveryRequest() async throws {
        _ = try await StoreContainer.shared.store().add(title: "bread")
        #expect(try await StoreContainer.shared.store().all().map(\.title) == ["bread"])
    }

    @Test func writesOverTheLimitAreRefused() {
        TrafficContainer.shared.limiter.register { FixedWindow(settings: .init(writesPerMinute: 2)) }
        let limiter = TrafficContainer.shared.limiter()
        #expect([limiter.allow(), limiter.allow(), limiter.allow()] == [true, true, false])
        #expect(limiter.description == "fixed-window 2/min")
    }

    @Test func anSQLiteStoreKeepsItsItemsInItsFile() async throws {
        let path = NSTemporaryDirectory() + "todo-tests-\(UUID().uuidString)/todos.sqlite"
        let first = SQLiteStore(settings: .init(path: path))
        _ = try await first.add(title: "notebook")
        let second = SQLiteStore(settings: .init(path: path))
        #expect(try await second.all().map(\.title) == ["notebook"])
    }

    @Test func manyFirstUsesOfAnSQLiteStoreAtOnceAllSucceed() async throws {
        let store = SQLiteStore(
            settings: .init(path: NSTemporaryDirectory() + "todo-tests-\(UUID().uuidString)/t.sqlite"))
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 { group.addTask { try await store.add(title: "item \(index)").id } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(ids) == Set(1...20), "one file, one table, every insert answered")
    }
}

/// Each environment's profile, applied to the store's container as the service's launch applies it.
@Suite struct ServiceProfileTests {
    static let profiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Profiles").standardized.path

    @Test(.profile("uitest", directories: [profiles], container: StoreContainer.$shared, { StoreContainer() }))
    func uiTestsKeepTheListInMemory() async throws {
        #expect(try await StoreContainer.shared.store().name == "memory")
    }

    @Test(.profile("development", directories: [profiles], container: StoreContainer.$shared, { StoreContainer() }))
    func developmentUsesSQLite() async throws {
        #expect(try await StoreContainer.shared.store().name == "sqlite")
    }
}

/// The bound a request's database work gets: an operation that never answers is a `StoreError.unavailable`
/// once the bound has passed, and an answer within it is the answer.
@Suite struct DeadlineTests {
    @Test func anOperationThatNeverAnswersIsUnavailableAtTheBound() async {
        let began = Date()
        await #expect(throws: StoreError.self) {
            try await withDeadline(seconds: 0.2, "the test database") {
                try await Task.sleep(nanoseconds: 60_000_000_000)
                return 1
            }
        }
        #expect(Date().timeIntervalSince(began) < 5)
    }

    @Test func anAnswerWithinTheBoundIsTheAnswer() async throws {
        #expect(try await withDeadline(seconds: 5, "the test database") { 42 } == 42)
    }
}
