/// Why a store could not do what a request asked: the route turns each case into its status.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    /// The database could not be reached, or did not answer within the bound the profile sets, or refused the
    /// service's login: a 503, which a load balancer retries elsewhere, and the next request tries again.
    case unavailable(String)
    /// The database answered, and refused the request for a reason a retry does not fix (a missing privilege,
    /// a full disk, a broken schema), or answered without the row it made: a 500 whose body says what failed.
    /// The store has logged the database's own message and code.
    case failed(String)

    public var description: String {
        switch self {
        case .unavailable(let reason), .failed(let reason): reason
        }
    }
}

/// Why a store's build failed, with the store's name: the health routes name the store a profile chose even
/// when none could be built. A failed build is not kept: the next request builds again.
public struct StoreBuildError: Error, CustomStringConvertible, Equatable {
    /// The implementation's name in profiles (`postgres`).
    public var store: String
    /// What the request that waited for the build gets.
    public var reason: StoreError

    public init(store: String, reason: StoreError) {
        self.store = store
        self.reason = reason
    }

    public var description: String { reason.description }
}
