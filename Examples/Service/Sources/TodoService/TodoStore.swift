/// Where the list is kept: chosen per environment by the `store` factory's profile entry.
public protocol TodoStore: Sendable {
    /// The implementation's name in profiles (`memory`, `sqlite`, `postgres`), for the health endpoint.
    var name: String { get }
    func add(title: String) async throws -> Todo
    func all() async throws -> [Todo]
    func find(id: Int) async throws -> Todo?
    /// Answers when the store can serve requests now, throws when it cannot: what `GET /health/ready` asks.
    func ping() async throws
    /// Lets go of what the store holds (a connection pool): called once a profile reload has replaced the
    /// store and no request can still be handed it.
    func shutdown() async
}

extension TodoStore {
    /// A store in the process (memory) or in a local file (SQLite) is ready whenever the service is.
    public func ping() async throws {}

    /// A store in the process holds nothing to let go of.
    public func shutdown() async {}
}
