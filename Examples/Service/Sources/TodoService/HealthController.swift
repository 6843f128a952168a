import Hummingbird
import Plugboard
import PlugboardProfiles

/// `/health`: liveness, readiness, and what the service runs on. Liveness never asks the store, so that a
/// database outage never makes an orchestrator restart the service; readiness does, within the store's bound.
public struct HealthController: Sendable {
    /// What `GET /health` answers: the store and limiter in use, whether the store answers now, the active
    /// profiles, and where reloads stand. `degraded` is true while the store cannot answer or the newest
    /// profiles are refused.
    public struct Health: Codable, Sendable, ResponseEncodable {
        public var store: String
        public var limiter: String
        public var profiles: [String]
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

    public let dependencies: RouteDependencies

    public init(_ dependencies: RouteDependencies) {
        self.dependencies = dependencies
    }

    /// Adds the routes to `group` (`/health`).
    public func addRoutes<Context: RequestContext>(to group: RouterGroup<Context>) {
        group.get(use: health)
        group.get("live") { _, _ -> HTTPResponse.Status in .ok }
        group.get("ready", use: ready)
    }

    @Sendable func ready(_ request: Request, context: some RequestContext) async throws -> EditedResponse<Readiness> {
        let (store, problem) = await Self.state(of: dependencies.store)
        return EditedResponse(
            status: problem == nil ? .ok : .serviceUnavailable,
            response: Readiness(ready: problem == nil, store: store, problem: problem))
    }

    @Sendable func health(_ request: Request, context: some RequestContext) async throws -> Health {
        let status = ProfileSystem.reloadStatus
        let running = ProfileSystem.current
        let (store, problem) = await Self.state(of: dependencies.store)
        return Health(
            store: store, limiter: dependencies.limiter().description, profiles: running?.selection.names ?? [],
            ready: problem == nil, problem: problem, generation: running?.number ?? 0,
            degraded: (status?.isDegraded ?? false) || problem != nil)
    }

    /// The name of the store `factory` gives, and why it cannot answer now (nil when it can): a store whose
    /// build failed is named by its build's error.
    static func state(of factory: AsyncFactory<any TodoStore>) async -> (store: String, problem: String?) {
        do {
            let store = try await factory()
            do {
                try await store.ping()
                return (store.name, nil)
            } catch {
                return (store.name, "\(error)")
            }
        } catch let error as StoreBuildError {
            return (error.store, "\(error)")
        } catch {
            return ("unknown", "\(error)")
        }
    }
}
