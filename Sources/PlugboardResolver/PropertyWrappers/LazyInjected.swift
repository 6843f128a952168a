/// Resolver's `@LazyInjected`: resolves the property's type from a ``Resolver`` the first time it is read.
///
/// ```swift
/// @LazyInjected var reports: ReportService                 // Resolver.root, on first read
/// @LazyInjected(name: .fast, container: .mock) var fast: ReportService
/// ```
///
/// The first read is thread-safe: many threads reading at once get one instance. `$service.args` sets the
/// arguments the registration's factory receives; `$service.isEmpty` and `$service.release()` ask and reset.
@propertyWrapper
public struct LazyInjected<Service> {
    private let source: ResolverSource<Service>
    private var cell = LazyCell<Service>()
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

    /// The dependency, resolved on first read.
    public var wrappedValue: Service {
        get { cell.value { source.resolve(args: args) } }
        mutating set { cell = LazyCell(newValue) }
    }

    /// The wrapper itself, for `args`, `isEmpty` and `release()`.
    public var projectedValue: LazyInjected<Service> {
        get { self }
        mutating set { self = newValue }
    }

    /// Whether the dependency is still to be resolved.
    public var isEmpty: Bool { cell.current == nil }

    /// Drops the resolved dependency: the next read resolves it again.
    public mutating func release() {
        cell = LazyCell()
    }
}

extension LazyInjected: @unchecked Sendable where Service: Sendable {}
