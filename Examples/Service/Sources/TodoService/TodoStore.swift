/// Where the list is kept: chosen per environment by the `store` factory's profile entry.
public protocol TodoStore: Sendable {
    /// The implementation's name in profiles (`memory`, `sqlite`, `postgres`), for the health endpoint.
    var name: String { get }
    func add(title: String) async throws -> Todo
    func all() async throws -> [Todo]
    func find(id: Int) async throws -> Todo?
    /// Answers when the store can serve requests now, throws when it cannot: what `GET /health/ready` asks.
    func ping() async throws
}

extension TodoStore {
    /// A store in the process (memory) or in a local file (SQLite) is ready whenever the service is.
    public func ping() async throws {}
}
