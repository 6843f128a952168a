import Hummingbird

/// One item of the shared list.
public struct Todo: Codable, Sendable, Equatable, ResponseEncodable {
    public var id: Int
    public var title: String
    public var done: Bool

    public init(id: Int, title: String, done: Bool = false) {
        self.id = id
        self.title = title
        self.done = done
    }
}

/// What a client sends to add an item.
public struct NewTodo: Codable, Sendable {
    public var title: String
}
