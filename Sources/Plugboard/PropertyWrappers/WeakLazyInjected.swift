/// Resolves a dependency on first read and holds it weakly (for delegates and parents).
@propertyWrapper
public struct WeakLazyInjected<T> {
    private let source: DependencySource<T>
    private weak var dependency: AnyObject?
    private var initialized = false
    /// The arguments a Resolver registration's factory gets when the dependency is resolved.
    public var args: Any?

    /// Resolves `keyPath` on `Container.shared` when first read.
    public init(_ keyPath: KeyPath<Container, Factory<T>>) {
        source = .factory({ Container.shared[keyPath: keyPath] })
    }

    /// Resolves `keyPath` on the shared instance of a container of your own when first read.
    public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
        source = .factory({ C.shared[keyPath: keyPath] })
    }

    /// Resolves `T` from `container` (``Resolver/root`` by default) when first read, as Resolver's
    /// `@WeakLazyInjected`.
    public init(name: Resolver.Name? = nil, container: Resolver? = nil, args: Any? = nil) {
        source = .resolver(name: name, container: container)
        self.args = args
    }

    /// The dependency, resolved on first read; nil once nothing else holds it.
    public var wrappedValue: T? {
        mutating get {
            if !initialized {
                initialized = true
                dependency = source.resolve(args: args) as AnyObject
            }
            return dependency as? T
        }
        mutating set {
            initialized = true
            dependency = newValue as AnyObject
        }
    }

    /// The wrapper itself, for ``factory``.
    public var projectedValue: WeakLazyInjected<T> {
        mutating get { self }
        mutating set { self = newValue }
    }

    /// The factory this wrapper resolves (Factory-style wrappers only).
    public var factory: Factory<T> { source.factory }

    /// Resolves the dependency now (again, after resetting what `options` names on its factory) and holds it weakly.
    public mutating func resolve(reset options: FactoryResetOptions = .none) {
        source.reset(options)
        dependency = source.resolve(args: args) as AnyObject
        initialized = true
    }

    /// The dependency if it was resolved and something else still holds it, without resolving it: for clean-up
    /// in `deinit`.
    public func resolvedOrNil() -> T? {
        initialized ? dependency as? T : nil
    }
}
