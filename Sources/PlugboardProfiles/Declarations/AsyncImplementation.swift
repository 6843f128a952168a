import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// One named implementation a profile may choose for an `AsyncFactory` of `T`: an async build, with optional
/// settings (`with:` in a profile) decoded at launch, before anything is built.
///
/// ```swift
/// database.choices([
///     "postgres": .settings(PostgresSettings.self) { try await PostgresDatabase.connect($0) },
///     "memory": .make { MemoryDatabase() },
/// ])
/// ```
public struct AsyncImplementation<T: Sendable>: Sendable {
    /// The implementation for the async factory it is declared for, as its builds' factory takes one.
    let implementation: @Sendable (AsyncFactory<T>) -> Implementation<AsyncBuild<T>>

    /// An implementation without settings.
    ///
    /// - Parameter body: Builds the instance, each time the factory's scope asks for one.
    /// - Returns: The implementation, to name in `choices(_:)`.
    public static func make(_ body: @escaping @Sendable () async throws -> T) -> Self {
        AsyncImplementation { factory in
            let build = factory.build(body)
            return .make { build() }
        }
    }

    /// An implementation built from settings of type `S`, decoded from the profile's `with:` at launch (an
    /// absent `with:` decodes from an empty mapping).
    ///
    /// - Parameters:
    ///   - type: The settings' type, which the profile's `with:` decodes into (and the catalog describes).
    ///   - body: Builds the instance from the decoded settings.
    /// - Returns: The implementation, to name in `choices(_:)`.
    public static func settings<S: Decodable & Sendable>(
        _ type: S.Type, _ body: @escaping @Sendable (S) async throws -> T
    ) -> Self {
        AsyncImplementation { factory in
            .settings(S.self) { settings in factory.build { try await body(settings) }() }
        }
    }
}

extension AsyncFactory {
    /// Declares the implementations a profile may choose for this async factory (`use:`), by name: as for a
    /// synchronous factory, with its scope, contexts and settings, each built with `await` when resolved.
    ///
    /// - Parameter implementations: Each name a profile's `use:` may write, with what it builds.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public func choices(_ implementations: [String: AsyncImplementation<T>]) -> ProfileDeclaration {
        builds.choices(implementations.mapValues { $0.implementation(self) })
    }

    /// Declares implementations without settings: `client.choices(["stub": { StubClient() }])`.
    ///
    /// - Parameter implementations: Each name a profile's `use:` may write, with what it builds.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public func choices(_ implementations: [String: @Sendable () async throws -> T]) -> ProfileDeclaration {
        builds.choices(implementations.mapValues { body in AsyncImplementation.make(body).implementation(self) })
    }
}

extension AsyncFactory {
    /// Declares what a reload does to the instance this async factory's scope keeps, as
    /// `Factory.reloading(_:dispose:)` does for a synchronous one: `dispose` gets the instance once a build
    /// made one (awaiting a build still under way), and nothing when none succeeded.
    ///
    /// - Parameters:
    ///   - policy: What a reload does to the kept instance.
    ///   - dispose: Run with an instance a reload dropped, once no resolution can still be handed it.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public func reloading(_ policy: ReloadPolicy, dispose: (@Sendable (T) async -> Void)? = nil) -> ProfileDeclaration {
        guard let dispose else { return builds.reloading(policy) }
        let disposeBuild: @Sendable (AsyncBuild<T>) async -> Void = { build in
            if let value = await build.settled() { await dispose(value) }
        }
        return builds.reloading(policy, dispose: disposeBuild)
    }
}
