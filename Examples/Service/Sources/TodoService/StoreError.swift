/// Why a store could not do what a request asked.
public enum StoreError: Error, CustomStringConvertible {
    /// The database answered an insert without the row it made.
    case noRowReturned
    /// The database could not be reached, or did not answer within the bound the profile sets: the request gets
    /// a 503, and the next one tries again.
    case unavailable(String)

    public var description: String {
        switch self {
        case .noRowReturned: "the database returned no row"
        case .unavailable(let reason): reason
        }
    }
}
