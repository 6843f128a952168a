import Plugboard
import PlugboardProfiles
import PlugboardReloadService

/// Where the list is kept. The definition keeps the list in memory; each environment's profile chooses the
/// implementation and its settings (`Profiles/*.yaml`).
public final class StoreContainer: SharedContainer, AutoRegistering {
    /// Permanent: every request's thread resolves through it without writing its reference count.
    @TaskLocal public static var shared = StoreContainer().makePermanent()
    public let manager = ContainerManager()

    public init() {}

    /// Async: a store may connect before it is handed out (PostgreSQL's answers once the database has, with
    /// the table made). Cached: one store (one connection pool) until a reload that changes the store's entry,
    /// or a reset, drops it; a build that fails is not kept, so the next request builds again. An edit of
    /// another factory (the limiter) keeps it.
    public var store: AsyncFactory<any TodoStore> { self { MemoryStore() }.cached }

    /// Where each added item is recorded, in order: a list whose members each environment's profile chooses
    /// (none without one). Cached: one list until a reload changes it.
    public var audit: Factory<[any AuditSink]> { self { [] }.cached }

    public func autoRegister() {
        applyProfile(
            store.choices([
                "memory": .make { MemoryStore() },
                "sqlite": .settings(SQLiteStore.Settings.self) { SQLiteStore(settings: $0) },
                "postgres": .settings(PostgresStore.Settings.self) { try await PostgresStore.connect(settings: $0) },
            ]),
            // A store that is a Service (PostgreSQL's pool) runs in the program's service group: PostgreSQL's
            // build starts its own, to connect; one a reload replaces is shut down once no request can still be
            // handed it.
            store.runsAsService(),
            audit.members([
                "log": .make { LogAudit() },
                "file": .settings(FileAudit.Settings.self) { FileAudit(settings: $0) },
            ])
        )
    }
}
