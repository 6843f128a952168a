import Foundation

extension Resolver {
    /// `main` and `root`, kept together under one lock so that reading `root` never sees half a reset.
    struct Defaults {
        private nonisolated(unsafe) static var current = Defaults()
        private static let lock = NSLock()

        private var mainStorage: Resolver?
        /// Nil until `root` is read or set, or `main` is replaced: then it is what `root` was at that moment.
        var rootStorage: Resolver?

        static func withLock<R>(_ body: (inout Defaults) -> R) -> R {
            lock.withLock { body(&current) }
        }

        mutating func main() -> Resolver {
            if let mainStorage { return mainStorage }
            let made = Resolver(name: "main")
            mainStorage = made
            return made
        }

        /// As in Resolver, `root` was initialized to the first `main` and does not follow a later one.
        mutating func setMain(_ resolver: Resolver) {
            if rootStorage == nil { rootStorage = main() }
            mainStorage = resolver
        }

        mutating func root() -> Resolver {
            if let rootStorage { return rootStorage }
            return main()
        }
    }
}

/// Every live `Resolver`, held weakly: Resolver's cache scopes are process-wide, so that
/// `ResolverScope.cached.reset()` clears a scope in every container at once.
final class LiveResolvers: @unchecked Sendable {
    static let shared = LiveResolvers()

    private struct Entry {
        weak var resolver: Resolver?
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    func add(_ resolver: Resolver) {
        lock.withLock {
            entries.removeAll { $0.resolver == nil }
            entries.append(Entry(resolver: resolver))
        }
    }

    var all: [Resolver] {
        lock.withLock { entries.compactMap(\.resolver) }
    }
}

extension Scope.Cached {
    /// Resolver's `ResolverScope.cached.reset()` and `Resolver.session.reset()`: clears what this scope keeps
    /// for every `Resolver` (one instance per type and name in the process, as Resolver keeps them).
    /// `ResolverScope.container.reset()` does nothing, as in Resolver (`resolver.cache.reset()` clears one
    /// resolver's). A `Container` of Factory's kind clears a scope with `manager.reset(scope:)`.
    public func reset() {
        if self !== Scope.container {
            ResolverInstanceCache.of(self, holding: .strongly).reset()
        }
    }
}

extension Scope.Shared {
    /// Resolver's `ResolverScope.shared.reset()`: forgets what this scope keeps for every `Resolver`.
    public func reset() {
        ResolverInstanceCache.of(self, holding: .weakly).reset()
    }
}

extension Resolver {
    private static let decorateLock = NSLock()
    nonisolated(unsafe) private static var decorateStorage: ((_ service: Any) -> Void)?

    /// Resolver 1.5.1's hook, called with every service a resolver resolves (`resolve` and `optional`, nested
    /// resolutions included), in debug builds only as in Resolver: for logging what a program resolves.
    public static var decorate: ((_ service: Any) -> Void)? {
        get { decorateLock.withLock { decorateStorage } }
        set { decorateLock.withLock { decorateStorage = newValue } }
    }

    /// Calls ``decorate`` with a resolved service, in debug builds.
    static func decorateResolved(_ service: Any) {
        #if DEBUG
            decorate?(service)
        #endif
    }
}

extension Resolver {
    /// Resolver's older spelling of `ResolverScope.application`.
    public static var application: Scope.Singleton { Scope.application }
    /// Resolver's older spelling of `ResolverScope.cached`.
    public static var cached: Scope.Cached { Scope.cached }
    /// Resolver's older spelling of `ResolverScope.graph`.
    public static var graph: Scope.Graph { Scope.graph }
    /// Resolver's older spelling of `ResolverScope.shared`.
    public static var shared: Scope.Shared { Scope.shared }
    /// Resolver's older spelling of `ResolverScope.unique`.
    public static var unique: Scope.Unique { Scope.unique }
}
