/// Resolver's `@Injected`: resolves the property's type from a ``Resolver`` when the enclosing object is made.
///
/// ```swift
/// @Injected var network: NetworkService                          // Resolver.root.resolve()
/// @Injected(name: .fast, container: .mock) var fast: NetworkService
/// ```
@propertyWrapper
public struct Injected<Service> {
    private var service: Service

    /// Resolves `Service` from `container` (``Resolver/root`` by default), optionally named.
    ///
    /// - Parameters:
    ///   - name: The registration's name, for a type registered under several; none by default.
    ///   - container: The container to resolve from; `Resolver.root` by default.
    public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
        service = ResolverSource(name: name, container: container).resolve()
    }

    /// The resolved dependency.
    public var wrappedValue: Service {
        get { service }
        mutating set { service = newValue }
    }

    /// The wrapper itself.
    public var projectedValue: Injected<Service> {
        get { self }
        mutating set { self = newValue }
    }
}

extension Injected: @unchecked Sendable where Service: Sendable {}
