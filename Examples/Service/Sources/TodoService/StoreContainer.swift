import Plugboard
import PlugboardProfiles

/// Where the list is kept. The definition keeps the list in memory; each environment's profile chooses the
/// implementation and its settings (`Profiles/*.yaml`).
public final class StoreContainer: SharedContainer, AutoRegistering {
    @TaskLocal public static var shared = StoreContainer()
    public let manager = ContainerManager()

    public init() {}

    /// Cached: one store (one connection pool) until a reload or a reset drops it.
    public var store: Factory<any TodoStore> { self { MemoryStore() }.cached }

    public func autoRegister() {
        applyProfile(
            store.choices([
                "memory": .make { MemoryStore() },
                "sqlite": .settings(SQLiteStore.Settings.self) { SQLiteStore(settings: $0) },
                "postgres": .settings(PostgresStore.Settings.self) { PostgresStore(settings: $0) },
            ])
        )
    }
}
