/// Where the list is kept: chosen per environment by the `store` factory's profile entry.
public protocol TodoStore: Sendable {
    /// The implementation's name in profiles (`memory`, `sqlite`, `postgres`), for the health endpoint.
    var name: String { get }
    func add(title: String) async throws -> Todo
    func all() async throws -> [Todo]
    func find(id: Int) async throws -> Todo?
}
