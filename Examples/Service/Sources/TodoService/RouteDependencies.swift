import Plugboard

/// What the routes depend on, handed to each controller once as factories: each request resolves them, so
/// that a profile reload (a new store, a new limit) reaches the next request.
public struct RouteDependencies: Sendable {
    public let store: AsyncFactory<any TodoStore>
    public let limiter: Factory<any RateLimiter>
    public let audit: Factory<[any AuditSink]>
    public let wiringRoute: Factory<Bool>

    /// The factories of `stores` and `traffic`: the shared containers in the program, fresh ones in a test.
    public init(stores: StoreContainer, traffic: TrafficContainer) {
        store = stores.store
        limiter = traffic.limiter
        audit = stores.audit
        wiringRoute = traffic.wiringRoute
    }
}
