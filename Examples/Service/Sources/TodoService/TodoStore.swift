/// Where the list is kept: chosen per environment by the `store` factory's profile entry. A store that owns a
/// connection pool is also a swift-service-lifecycle `Service` (``PostgresStore``), which the program's
/// service group runs (`runsAsService()` in ``StoreContainer``).
public protocol TodoStore: Sendable {
    /// The implementation's name in profiles (`memory`, `sqlite`, `postgres`), for the health endpoint.
    var name: String { get }
    func add(title: String) async throws -> Todo
    func all() async throws -> [Todo]
    func find(id: Int) async throws -> Todo?
    /// Answers when the store can serve requests now, throws a ``StoreError`` when it cannot: what
    /// `GET /health/ready` asks.
    func ping() async throws
}

extension TodoStore {
    /// A store in the process is ready whenever the service is.
    public func ping() async throws {}
}
