import Hummingbird
import PlugboardProfiles

/// The HTTP API. Each request resolves its dependencies through the shared containers, so that a reload is
/// seen by the next request. A store that cannot answer (its database down, or slower than the profile's
/// bound) makes the request a 503, which a load balancer retries elsewhere.
public enum TodoRoutes {
    /// What `GET /health` answers: the store and limiter in use, whether the store answers now, and where
    /// reloads stand. `degraded` is true while the store cannot answer or the newest profiles are refused.
    public struct Health: Codable, Sendable, ResponseEncodable {
        public var store: String
        public var limiter: String
        public var ready: Bool
        public var problem: String?
        public var generation: Int
        public var degraded: Bool
    }

    /// What `GET /health/ready` answers.
    public struct Readiness: Codable, Sendable, ResponseEncodable {
        public var ready: Bool
        public var store: String
        public var problem: String?
    }

    public static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("todos") { _, _ -> [Todo] in
            try await answering { try await $0.all() }
        }
        router.get("todos/:id") { _, context -> Todo in
            let id = try context.parameters.require("id", as: Int.self)
            guard let todo = try await answering({ try await $0.find(id: id) }) else {
                throw HTTPError(.notFound)
            }
            return todo
        }
        router.post("todos") { request, context -> EditedResponse<Todo> in
            guard TrafficContainer.shared.limiter().allow() else { throw HTTPError(.tooManyRequests) }
            let new = try await request.decode(as: NewTodo.self, context: context)
            return EditedResponse(
                status: .created, response: try await answering { try await $0.add(title: new.title) })
        }
        // Liveness: the process answers. Never asks the store, so a database outage never restarts the service.
        router.get("health/live") { _, _ -> HTTPResponse.Status in .ok }
        // Readiness: the store answers now, within its bound.
        router.get("health/ready") { _, _ -> EditedResponse<Readiness> in
            let store = StoreContainer.shared.store()
            let problem = await problem(of: store)
            return EditedResponse(
                status: problem == nil ? .ok : .serviceUnavailable,
                response: Readiness(ready: problem == nil, store: store.name, problem: problem))
        }
        router.get("health") { _, _ -> Health in
            let status = ProfileSystem.reloadStatus
            let store = StoreContainer.shared.store()
            let problem = await problem(of: store)
            return Health(
                store: store.name, limiter: TrafficContainer.shared.limiter().description, ready: problem == nil,
                problem: problem, generation: status?.generation ?? 0,
                degraded: (status?.isDegraded ?? false) || problem != nil)
        }
        return router
    }

    /// `body` with the current store; a store that cannot answer is a 503.
    static func answering<T>(_ body: (any TodoStore) async throws -> T) async throws -> T {
        do {
            return try await body(StoreContainer.shared.store())
        } catch let error as StoreError {
            throw HTTPError(.serviceUnavailable, message: "the store cannot answer: \(error)")
        }
    }

    /// Why `store` cannot answer now, or nil when it can.
    static func problem(of store: any TodoStore) async -> String? {
        do {
            try await store.ping()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
