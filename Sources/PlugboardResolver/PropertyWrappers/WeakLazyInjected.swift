/// Resolver's `@WeakLazyInjected`: resolves the property's type from a ``Resolver`` on first read and holds it
/// weakly (for delegates and parents).
///
/// ```swift
/// @WeakLazyInjected var coordinator: Coordinator?
/// ```
///
/// The first read is thread-safe: many threads reading at once get one instance.
@propertyWrapper
public struct WeakLazyInjected<Service> {
    private let source: ResolverSource<Service>
    private var cell = WeakLazyCell<Service>()
    /// The arguments the registration's factory gets when the dependency is resolved.
    public var args: Any?

    /// Resolves `Service` from `container` (``Resolver/root`` by default) when first read, optionally named.
    ///
    /// - Parameters:
    ///   - name: The registration's name, for a type registered under several; none by default.
    ///   - container: The container to resolve from; `Resolver.root` by default.
    ///   - args: The arguments the registration's factory receives (`$service.args` sets them later).
    public init(name: Resolver.Name? = nil, container: Resolver? = nil, args: Any? = nil) {
        source = ResolverSource(name: name, container: container)
        self.args = args
    }

    /// The dependency, resolved on first read; nil once nothing else holds it.
    public var wrappedValue: Service? {
        get { cell.value { source.resolve(args: args) } }
        mutating set { cell = WeakLazyCell(holding: newValue) }
    }

    /// The wrapper itself, for `args` and `isEmpty`.
    public var projectedValue: WeakLazyInjected<Service> {
        get { self }
        mutating set { self = newValue }
    }

    /// Whether nothing is held: not resolved yet, or released by everything else.
    public var isEmpty: Bool { cell.isEmpty }
}

extension WeakLazyInjected: @unchecked Sendable where Service: Sendable {}
