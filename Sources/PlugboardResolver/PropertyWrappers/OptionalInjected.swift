/// Resolver's `@OptionalInjected`: resolves `T` from ``Resolver`` when the enclosing object is made, or nil when
/// nothing is registered for it.
///
/// ```swift
/// @OptionalInjected var analytics: Analytics?
/// ```
@propertyWrapper
public struct OptionalInjected<T> {
    private var dependency: T?

    /// Resolves `T` from `container` (``Resolver/root`` by default), optionally named.
    ///
    /// - Parameters:
    ///   - name: The registration's name, for a type registered under several; none by default.
    ///   - container: The container to resolve from; `Resolver.root` by default.
    public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
        dependency = ResolverSource<T>(name: name, container: container).optional()
    }

    /// The resolved dependency, or nil.
    public var wrappedValue: T? {
        get { dependency }
        set { dependency = newValue }
    }

    /// The wrapper itself.
    public var projectedValue: OptionalInjected<T> {
        get { self }
        set { self = newValue }
    }
}

extension OptionalInjected: @unchecked Sendable where T: Sendable {}
