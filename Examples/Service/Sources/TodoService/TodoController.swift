import Hummingbird

/// `/todos`: list, read and add items.
public struct TodoController: Sendable {
    public let dependencies: RouteDependencies

    public init(_ dependencies: RouteDependencies) {
        self.dependencies = dependencies
    }

    /// Adds the routes to `group` (`/todos`).
    public func addRoutes<Context: RequestContext>(to group: RouterGroup<Context>) {
        group.get(use: list)
        group.get(":id", use: find)
        group.post(use: add)
    }

    @Sendable func list(_ request: Request, context: some RequestContext) async throws -> [Todo] {
        try await answering { try await dependencies.store().all() }
    }

    @Sendable func find(_ request: Request, context: some RequestContext) async throws -> Todo {
        let id = try context.parameters.require("id", as: Int.self)
        guard let todo = try await answering({ try await dependencies.store().find(id: id) }) else {
            throw HTTPError(.notFound, message: "no item \(id)")
        }
        return todo
    }

    @Sendable func add(_ request: Request, context: some RequestContext) async throws -> EditedResponse<Todo> {
        let limiter = dependencies.limiter()
        guard limiter.allow() else {
            throw HTTPError(
                .tooManyRequests, headers: [.retryAfter: "\(limiter.secondsUntilAllowed())"],
                message: "too many writes: \(limiter.description)")
        }
        let new = try await request.decode(as: NewTodo.self, context: context)
        guard !new.title.isEmpty else { throw HTTPError(.badRequest, message: "the title is empty") }
        let added = try await answering { try await dependencies.store().add(title: new.title) }
        // The item is added whatever the audit does: a sink that fails is logged, and the others still record it.
        for sink in dependencies.audit() {
            do {
                try sink.recordAdded(added)
            } catch {
                context.logger.error("audit \(type(of: sink)) could not record item \(added.id): \(error)")
            }
        }
        return EditedResponse(status: .created, response: added)
    }
}

/// `body`, with a store's error (or its build's) as the request's status: unavailable is a 503, failed a 500,
/// each with the reason as its body.
func answering<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as StoreError {
        throw status(of: error)
    } catch let error as StoreBuildError {
        throw status(of: error.reason)
    }
}

/// The HTTP error a store's error answers.
private func status(of error: StoreError) -> HTTPError {
    switch error {
    case .unavailable(let reason):
        HTTPError(.serviceUnavailable, message: "the store cannot answer: \(reason)")
    case .failed(let reason):
        HTTPError(.internalServerError, message: "the store failed: \(reason)")
    }
}
