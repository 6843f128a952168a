/// Marks the parameters of registrations whose graph scope keeps only objects, and makes a value type anew
/// for each injection, as Resolver's graph scope does. `PlugboardResolver`'s registrations take parameters
/// that conform; a `Factory`'s graph scope keeps every instance.
package protocol GraphKeepsObjectsOnly {}

/// An optional seen through `Any`, so that the graph scope can ask whether the service inside is an object.
protocol OptionalService {
    var wrappedService: Any? { get }
}

extension Optional: OptionalService {
    var wrappedService: Any? { map { $0 } }
}
