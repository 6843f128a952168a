import Foundation

/// A Resolver-style container: services registered and resolved by type (and an optional name), with
/// nested child containers. It runs on the same engine as `Container` (scopes, decorators, resets,
/// push/pop, cycle reports, thread safety), through its ``manager``.
///
/// ```swift
/// extension Resolver: ResolverRegistering {
///     static func registerAllServices() {
///         register { XYZNetworkService(session: resolve()) }
///         register { XYZSessionService() }
///     }
/// }
/// let network: XYZNetworkService = Resolver.resolve()
/// ```
///
/// Lookup searches the container's own registrations, then each child in the order added, depth first;
/// the first match wins. The factory found resolves its own dependencies starting again from the
/// container where the lookup started, so a mock registered there reaches dependencies found in children.
public final class Resolver: ManagedContainer, @unchecked Sendable {
    /// Keeps this container's registrations, caches and settings.
    public let manager = ContainerManager()
    private let name: String?
    /// Guards `children`, which a lookup reads only when this container has no registration of its own.
    private let childrenLock = NSLock()
    private var children: [Resolver] = []
    /// The registrations here that use `.cached`, `.shared` or `.container`, whose instances are kept as
    /// Resolver keeps them (see ``ResolverInstanceCache``).
    let keptScopes = ResolverKeptScopes()
    /// What the `.container` scope keeps for resolutions that start in this resolver.
    let containerInstances = ResolverInstanceCache(holding: .strongly)
    /// The scope set as ``cache``, or nil for the default (``containerInstances``).
    let containerScope = ContainerScopeSetting()

    /// The container that static `register` calls use. Settable, as in Resolver; ``root`` keeps pointing at
    /// the container it pointed at until it is set too (or ``reset()`` points it at the new `main`).
    public static var main: Resolver {
        get { Defaults.withLock { $0.main() } }
        set { Defaults.withLock { $0.setMain(newValue) } }
    }

    /// The container that static `resolve` calls use: `main` unless switched (for example to a mock
    /// container for one part of the app). Switching is thread-safe and affects every later resolution.
    public static var root: Resolver {
        get { Defaults.withLock { $0.root() } }
        set { Defaults.withLock { $0.rootStorage = newValue } }
    }

    /// A container, optionally named (for messages and profiles) and with a first child to search.
    ///
    /// - Parameters:
    ///   - name: The container's name, for messages and profiles; none by default.
    ///   - child: A container to search after this one; none by default.
    public init(name: String? = nil, child: Resolver? = nil) {
        self.name = name
        manager.defaultScope = .graph
        manager.explicitName = containerName
        if let child { add(child: child) }
        LiveResolvers.shared.add(self)
    }

    /// A container that searches `child` after its own registrations.
    ///
    /// - Parameter child: The container to search after this one.
    public convenience init(child: Resolver) {
        self.init(name: nil, child: child)
    }

    /// Resolver 1.0's spelling of ``init(child:)``, which Resolver keeps, deprecated, and so does this.
    ///
    /// - Parameter parent: The container to search after this one.
    @available(swift, deprecated: 5.0, renamed: "init(child:)")
    public convenience init(parent: Resolver) {
        self.init(name: nil, child: parent)
    }

    /// Adds a child to search after this container's own registrations and the children added before.
    ///
    /// - Parameter child: The container to search.
    public func add(child: Resolver) {
        childrenLock.withLock { children.append(child) }
    }

    /// `main`, a given name, or `Resolver@<address>`.
    public var containerName: String {
        if let name { return name }
        return "Resolver@\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))"
    }

    // MARK: Registration

    /// Registers a factory for `type` (inferred from the closure), optionally under `name`.
    ///
    /// - Parameters:
    ///   - type: The type registered; inferred from the closure when left out.
    ///   - name: The registration's name, for a type registered more than once; none by default.
    ///   - factory: Builds the instance (nil resolves as not registered).
    /// - Returns: The registration's options, for `.scope(...)`, `.implements(...)` and the rest.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, name: Resolver.Name? = nil,
        factory: @escaping @Sendable () -> Service?
    ) -> ResolverOptions<Service> {
        register(type, name: name) { (_: Call) in factory() }
    }

    /// Registers a factory that resolves its dependencies from the resolver it is given.
    ///
    /// - Parameters:
    ///   - type: The type registered; inferred from the closure when left out.
    ///   - name: The registration's name, for a type registered more than once; none by default.
    ///   - factory: Builds the instance (nil resolves as not registered).
    /// - Returns: The registration's options, for `.scope(...)`, `.implements(...)` and the rest.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, name: Resolver.Name? = nil,
        factory: @escaping @Sendable (_ resolver: Resolver) -> Service?
    ) -> ResolverOptions<Service> {
        register(type, name: name) { (call: Call) in factory(call.resolver) }
    }

    /// Registers a factory that also takes the arguments passed to `resolve(args:)`.
    ///
    /// - Parameters:
    ///   - type: The type registered; inferred from the closure when left out.
    ///   - name: The registration's name, for a type registered more than once; none by default.
    ///   - factory: Builds the instance (nil resolves as not registered).
    /// - Returns: The registration's options, for `.scope(...)`, `.implements(...)` and the rest.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, name: Resolver.Name? = nil,
        factory: @escaping @Sendable (_ resolver: Resolver, _ args: Args) -> Service?
    ) -> ResolverOptions<Service> {
        register(type, name: name) { (call: Call) in factory(call.resolver, call.args) }
    }

    private func register<Service>(
        _ type: Service.Type, name: Resolver.Name?, call factory: @escaping @Sendable (Call) -> Service?
    ) -> ResolverOptions<Service> {
        // As in Resolver: a registration starts with `defaultScope` (whatever the one it replaces had), and an
        // instance a scope already holds for this type and name survives it.
        let registration = Self.registration(in: self, Service.self, name: name?.rawValue)
        registration.registerKeepingInstances(factory, scope: nil)
        applyScope(Self.defaultScope, to: registration)
        return ResolverOptions(registration: registration, resolver: self, name: name, factory: factory)
    }

    /// Sets the scope of one of this resolver's registrations: the engine's, except for Resolver's caching
    /// scopes, which this module keeps (the engine then makes a new instance whenever asked).
    func applyScope<Service>(_ scope: Scope, to registration: FactoryRegistration<Call, Service?>) {
        let kept = ResolverKeptScopes.Kind(scope)
        keptScopes.set(kept, for: registration.key)
        registration.applyScopeKeepingInstances(kept == nil ? scope : .unique)
    }

    /// Sets a scope of the program's own on a registration: the engine builds a new instance whenever the scope
    /// asks for one, and the scope decides each resolution.
    func applyScope<Service>(
        ownScope scope: any ResolverScopeType, to registration: FactoryRegistration<Call, Service?>
    ) {
        keptScopes.set(.custom(scope), for: registration.key)
        registration.applyScopeKeepingInstances(.unique)
    }

    // MARK: Resolution

    /// Resolves `type` (inferred from the context), optionally named and with arguments; stops with a
    /// message naming the type, the name and the containers searched when nothing is registered.
    ///
    /// - Parameters:
    ///   - type: The type asked for; inferred from the context when left out.
    ///   - name: The registration's name; none by default.
    ///   - args: Arguments the registration's factory receives; none by default.
    /// - Returns: The instance.
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil, args: Any? = nil) -> Service
    {
        guard let service = optional(type, name: name, args: args) else {
            fatalError(
                "Plugboard: Resolver could not resolve \(Service.self) (name: \(name.map { "\"\($0)\"" } ?? "nil")); "
                    + "searched \(searchOrder().map(\.containerName).joined(separator: " -> "))")
        }
        return service
    }

    /// Like `resolve(_:name:args:)`, but nil when nothing is registered (or the factory returns nil).
    ///
    /// - Parameters:
    ///   - type: The type asked for; inferred from the context when left out.
    ///   - name: The registration's name; none by default.
    ///   - args: Arguments the registration's factory receives; none by default.
    /// - Returns: The instance, or nil when nothing is registered.
    public func optional<Service>(_ type: Service.Type = Service.self, name: String? = nil, args: Any? = nil)
        -> Service?
    {
        Self.registerServicesIfNeeded()
        let key = Self.key(Service.self, name: name)
        guard let owner = owner(of: key) else { return nil }
        let registration = Self.registration(in: owner, Service.self, key: key)
        let call = Call(resolver: self, args: Args(args))
        let service: Service?
        switch owner.keptScopes.kind(of: key) {
        case nil: service = registration.resolve(call)
        case .process(let cache): service = cache.instance(for: key) { registration.resolve(call) }
        // As in Resolver: kept by the resolver where the resolution started, not the one that registered it.
        case .container:
            if let scope = containerScope.withLock({ $0 }) {
                service = scope.resolve(
                    registration: ResolverRegistration(key: key, factory: registration), resolver: self, args: args)
            } else {
                service = containerInstances.instance(for: key) { registration.resolve(call) }
            }
        case .custom(let scope):
            service = scope.resolve(
                registration: ResolverRegistration(key: key, factory: registration), resolver: self, args: args)
        }
        if let service { Self.decorateResolved(service) }
        return service
    }

    /// Registers on `main` (see the instance method).
    ///
    /// - Parameters:
    ///   - type: The type registered; inferred from the closure when left out.
    ///   - name: The registration's name, for a type registered more than once; none by default.
    ///   - factory: Builds the instance (nil resolves as not registered).
    /// - Returns: The registration's options, for `.scope(...)`, `.implements(...)` and the rest.
    @discardableResult
    public static func register<Service>(
        _ type: Service.Type = Service.self, name: Resolver.Name? = nil,
        factory: @escaping @Sendable () -> Service?
    ) -> ResolverOptions<Service> {
        main.register(type, name: name, factory: factory)
    }

    /// Registers on `main` a factory that takes the resolver.
    ///
    /// - Parameters:
    ///   - type: The type registered; inferred from the closure when left out.
    ///   - name: The registration's name, for a type registered more than once; none by default.
    ///   - factory: Builds the instance (nil resolves as not registered).
    /// - Returns: The registration's options, for `.scope(...)`, `.implements(...)` and the rest.
    @discardableResult
    public static func register<Service>(
        _ type: Service.Type = Service.self, name: Resolver.Name? = nil,
        factory: @escaping @Sendable (_ resolver: Resolver) -> Service?
    ) -> ResolverOptions<Service> {
        main.register(type, name: name, factory: factory)
    }

    /// Registers on `main` a factory that takes the resolver and arguments.
    ///
    /// - Parameters:
    ///   - type: The type registered; inferred from the closure when left out.
    ///   - name: The registration's name, for a type registered more than once; none by default.
    ///   - factory: Builds the instance (nil resolves as not registered).
    /// - Returns: The registration's options, for `.scope(...)`, `.implements(...)` and the rest.
    @discardableResult
    public static func register<Service>(
        _ type: Service.Type = Service.self, name: Resolver.Name? = nil,
        factory: @escaping @Sendable (_ resolver: Resolver, _ args: Args) -> Service?
    ) -> ResolverOptions<Service> {
        main.register(type, name: name, factory: factory)
    }

    /// Resolves from `root` (see the instance method).
    ///
    /// - Parameters:
    ///   - type: The type asked for; inferred from the context when left out.
    ///   - name: The registration's name; none by default.
    ///   - args: Arguments the registration's factory receives; none by default.
    /// - Returns: The instance.
    public static func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil, args: Any? = nil)
        -> Service
    {
        root.resolve(type, name: name, args: args)
    }

    /// Resolves from `root`, or nil.
    ///
    /// - Parameters:
    ///   - type: The type asked for; inferred from the context when left out.
    ///   - name: The registration's name; none by default.
    ///   - args: Arguments the registration's factory receives; none by default.
    /// - Returns: The instance, or nil when nothing is registered.
    public static func optional<Service>(_ type: Service.Type = Service.self, name: String? = nil, args: Any? = nil)
        -> Service?
    {
        root.optional(type, name: name, args: args)
    }

    /// Starts over as Resolver does: a new, empty `main`, `root` pointing at it, the application, cached and
    /// shared scopes cleared, and `registerAllServices()` run again on next use.
    public static func reset() {
        Defaults.withLock { defaults in
            defaults.setMain(Resolver(name: "main"))
            defaults.rootStorage = nil
        }
        Scope.application.reset()
        Scope.cached.reset()
        Scope.shared.reset()
        registered.store(false)
    }

    // MARK: Keys and lookup

    /// The key of a type-keyed registration: the type's name, with `:name` when named.
    static func key<Service>(_ type: Service.Type, name: String?) -> FactoryKey {
        if let name {
            return FactoryKey(name: "\(Service.self):\(name)", Call.self, Service.self)
        }
        return FactoryKey(typeKeyed: Call.self, Service.self) { "\(Service.self)" }
    }

    static func registration<Service>(in owner: Resolver, _ type: Service.Type, name: String?) -> FactoryRegistration<
        Call, Service?
    > {
        registration(in: owner, type, key: key(type, name: name))
    }

    static func registration<Service>(in owner: Resolver, _ type: Service.Type, key: FactoryKey) -> FactoryRegistration<
        Call, Service?
    > {
        FactoryRegistration(container: owner, key: key, plain: { nil })
    }

    /// The container that holds a registration for `key`: this one, else its children depth first.
    func owner(of key: FactoryKey) -> Resolver? {
        var visited: [ObjectIdentifier] = []
        return owner(of: key, visited: &visited)
    }

    private func owner(of key: FactoryKey, visited: inout [ObjectIdentifier]) -> Resolver? {
        if hasRegistration(key) { return self }
        visited.append(ObjectIdentifier(self))
        for child in childList() where !visited.contains(ObjectIdentifier(child)) {
            if let owner = child.owner(of: key, visited: &visited) { return owner }
        }
        return nil
    }

    private func hasRegistration(_ key: FactoryKey) -> Bool {
        manager.prepare(self)
        return manager.hasRegistration(key.id)
    }

    private func childList() -> [Resolver] {
        childrenLock.withLock { children }
    }

    /// Every container a lookup from here searches, in order.
    func searchOrder() -> [Resolver] {
        var order: [Resolver] = []
        var stack: [Resolver] = [self]
        while let next = stack.first {
            stack.removeFirst()
            guard !order.contains(where: { $0 === next }) else { continue }
            order.append(next)
            stack.insert(contentsOf: next.childList(), at: 0)
        }
        return order
    }

    // MARK: registerAllServices

    /// Runs `registerAllServices()` now if it has not run yet (it runs by itself before the first resolution).
    public func registerServices() {
        Self.registerServicesIfNeeded()
    }

    private static let registerServicesLock = NSLock()
    private nonisolated(unsafe) static var registerServicesStorage: (() -> Void)? = { registerServicesIfNeeded() }

    /// Resolver's static hook for the same: call it (`Resolver.registerServices?()`) to register now, or
    /// replace it. Resolution does not go through it.
    public static var registerServices: (() -> Void)? {
        get { registerServicesLock.withLock { registerServicesStorage } }
        set { registerServicesLock.withLock { registerServicesStorage = newValue } }
    }

    private static let registered = AtomicFlag()
    private static let registeringLock = NSRecursiveLock()
    private nonisolated(unsafe) static var registering = false

    /// Runs `registerAllServices()` once, before the first resolution (again after `reset()`).
    static func registerServicesIfNeeded() {
        if registered.isSet { return }
        registeringLock.lock()
        defer { registeringLock.unlock() }
        guard !registered.isSet, !registering else { return }
        registering = true
        if let registering = Resolver.self as Any.Type as? any ResolverRegistering.Type {
            registering.registerAllServices()
        } else {
            IsolatedConformanceCheck.stopIfIsolated(
                Resolver.self, to: (any ResolverRegistering).self, running: "registerAllServices()")
        }
        registering = false
        registered.store(true)
    }
}
