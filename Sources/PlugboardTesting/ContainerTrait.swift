import Plugboard
import Testing

/// A Swift Testing trait that runs each test with a fresh container and singleton scopes of its own, so
/// tests that register mocks run in parallel without seeing each other. A container in the test applies no
/// profile unless the test names one (`PlugboardProfilesTesting`'s `.profile`): `PLUGBOARD_PROFILE` in the
/// shell and a `Profiles/default.yaml` in the working directory never reach it.
///
/// ```swift
/// @Test(.container) func loadsAccounts() { Container.shared.accounts.register { MockAccounts() } ... }
///
/// @Suite(.container { $0.network.register { MockNetwork() } })
/// struct AccountTests { ... }   // every test in the suite gets its own Container.shared, set up the same way
///
/// @Test(.container(ServiceContainer.$shared, ServiceContainer.init)) func usesMyContainer() { ... }
/// ```
public struct ContainerTrait: TestTrait, SuiteTrait, TestScoping {
    /// Wraps one test's body in the task-local override of one container type.
    let scope: @Sendable (_ body: @Sendable () async throws -> Void) async throws -> Void

    /// Applied to every test of a suite, each with its own container.
    public var isRecursive: Bool { true }

    /// Runs the test (each test case of it) inside a fresh container and isolated singletons.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else {
            // The suite itself: each test inside gets its own scope.
            try await function()
            return
        }
        try await Scope.withIsolatedSingletons {
            // Profiles only when the test asks for one: never the shell's PLUGBOARD_PROFILE or Profiles/default.yaml.
            try await TestIsolation.$isolatesProfiles.withValue(true) {
                try await scope(function)
            }
        }
    }

    /// A trait that gives `Container.shared` a fresh instance per test, set up by `setup`.
    public static func shared(_ setup: @escaping @Sendable (Container) -> Void = { _ in }) -> Self {
        custom(Container.$shared, Container.init, setup: setup)
    }

    /// A trait for a container of your own declared with `@TaskLocal static var shared`.
    public static func custom<C: ManagedContainer>(
        _ shared: TaskLocal<C>, _ make: @escaping @Sendable () -> C, setup: @escaping @Sendable (C) -> Void = { _ in }
    ) -> Self {
        ContainerTrait { body in
            let container = make()
            try await shared.withValue(container) {
                setup(container)
                try await body()
            }
        }
    }
}

extension Trait where Self == ContainerTrait {
    /// A fresh `Container.shared` and isolated singletons for each test.
    public static var container: Self { .shared() }

    /// A fresh `Container.shared` for each test, prepared by `setup` (register mocks there).
    public static func container(_ setup: @escaping @Sendable (Container) -> Void) -> Self {
        .shared(setup)
    }

    /// A fresh instance of your own container (declared `@TaskLocal static var shared`) for each test.
    public static func container<C: ManagedContainer>(
        _ shared: TaskLocal<C>, _ make: @escaping @Sendable () -> C, setup: @escaping @Sendable (C) -> Void = { _ in }
    ) -> Self {
        .custom(shared, make, setup: setup)
    }
}
