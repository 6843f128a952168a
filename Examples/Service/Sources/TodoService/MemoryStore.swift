/// The list in memory: for UI tests and local runs that need no database.
public actor MemoryStore: TodoStore {
    private var items: [Todo] = []

    public init() {}

    public nonisolated var name: String { "memory" }

    public func add(title: String) -> Todo {
        let todo = Todo(id: items.count + 1, title: title)
        items.append(todo)
        return todo
    }

    public func all() -> [Todo] { items }

    public func find(id: Int) -> Todo? { items.first { $0.id == id } }
}
