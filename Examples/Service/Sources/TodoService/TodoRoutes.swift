import Hummingbird
import PlugboardProfiles

/// The HTTP API. Each request resolves its dependencies through the shared containers, so that a reload is
/// seen by the next request.
public enum TodoRoutes {
    /// What `GET /health` answers: the store and limiter in use, and where reloads stand.
    public struct Health: Codable, Sendable, ResponseEncodable {
        public var store: String
        public var limiter: String
        public var generation: Int
        public var degraded: Bool
    }

    public static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("todos") { _, _ -> [Todo] in
            try await StoreContainer.shared.store().all()
        }
        router.get("todos/:id") { _, context -> Todo in
            let id = try context.parameters.require("id", as: Int.self)
            guard let todo = try await StoreContainer.shared.store().find(id: id) else {
                throw HTTPError(.notFound)
            }
            return todo
        }
        router.post("todos") { request, context -> EditedResponse<Todo> in
            guard TrafficContainer.shared.limiter().allow() else { throw HTTPError(.tooManyRequests) }
            let new = try await request.decode(as: NewTodo.self, context: context)
            return EditedResponse(
                status: .created, response: try await StoreContainer.shared.store().add(title: new.title))
        }
        router.get("health") { _, _ -> Health in
            let status = ProfileSystem.reloadStatus
            return Health(
                store: StoreContainer.shared.store().name, limiter: TrafficContainer.shared.limiter().description,
                generation: status?.generation ?? 0, degraded: status?.isDegraded ?? false)
        }
        return router
    }
}
