import Hummingbird
import Logging
import ServiceLifecycle

/// Where the service listens, from the command line (`todo-service --host --port`).
public struct ServerOptions: Sendable {
    /// The address to listen on: loopback by default, so that a service started on a laptop is not open to
    /// the network; `0.0.0.0` in a container or behind a load balancer.
    public var host = "127.0.0.1"
    public var port = 8080

    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
    }
}

/// The service as an application: the routes, with their dependencies from `stores` and `traffic`, and
/// `services` run beside the server in its service group (the factories' services and the profile reloads,
/// which the server outlasts: the group shuts the server down first, after its requests in flight).
/// Tests call it with fresh containers and no services, and send it requests with HummingbirdTesting.
public func buildApplication(
    _ options: ServerOptions, logger: Logger, stores: StoreContainer = .shared, traffic: TrafficContainer = .shared,
    services: [any Service] = []
) -> some ApplicationProtocol {
    let router = Router()
    router.add(middleware: LogRequestsMiddleware(.debug))
    router.add(middleware: FailedRequestLogger())
    let dependencies = RouteDependencies(stores: stores, traffic: traffic)
    TodoController(dependencies).addRoutes(to: router.group("todos"))
    HealthController(dependencies).addRoutes(to: router.group("health"))
    AdminController(dependencies).addRoutes(to: router.group("admin"))
    return Application(
        router: router,
        configuration: .init(address: .hostname(options.host, port: options.port), serverName: "todo-service"),
        services: services, logger: logger)
}
