// Swift Testing is where the platform's SDK has it: a watchOS device build may not (Factory guards its traits
// too), and there this file compiles to nothing.
#if canImport(Testing)
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
    ///
    /// extension Trait where Self == ContainerTrait<ServiceContainer> {   // Factory's spelling
    ///     static var serviceContainer: Self { .init(shared: ServiceContainer.$shared, container: .init()) }
    /// }
    /// ```
    public struct ContainerTrait<C: ManagedContainer>: TestTrait, SuiteTrait, TestScoping {
        let shared: TaskLocal<C>
        let make: @Sendable () -> C
        let setup: @Sendable (C) async throws -> Void

        /// A trait that binds `shared` (a `@TaskLocal static var shared`'s projection) to a new container for each
        /// test, made by `container` and prepared by `setup` (which may be `async`).
        ///
        /// - Parameters:
        ///   - shared: The projection of the container's `@TaskLocal static var shared` (`MyContainer.$shared`).
        ///   - container: Makes the fresh instance each test gets.
        ///   - setup: Prepares it before the test runs (register mocks there); may be `async` and throw.
        public init(
            shared: TaskLocal<C>, container: @autoclosure @escaping @Sendable () -> C,
            setup: @escaping @Sendable (C) async throws -> Void = { _ in }
        ) {
            self.shared = shared
            self.make = container
            self.setup = setup
        }

        /// Applied to every test of a suite, each with its own container.
        public var isRecursive: Bool { true }

        /// This trait with `transform` run on each test's container after its setup, as Factory 3's trait
        /// takes it: `.container(transform: { $0.api.register { MockAPI() } })`, or a custom trait's
        /// `callAsFunction`. Factory runs the closure on its actor (`@isolated(any)`); so does this.
        ///
        /// - Parameter transform: Changes the test's container before the test runs.
        /// - Returns: The trait, with `transform` after what it did already.
        public func callAsFunction(transform: @escaping @Sendable @isolated(any) (C) async -> Void) -> Self {
            let before = setup
            return ContainerTrait(shared: shared, container: make()) { container in
                try await before(container)
                await transform(container)
            }
        }

        /// Runs the test (each test case of it) inside a fresh container and isolated singletons.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            guard testCase != nil else {
                // The suite itself: each test inside gets its own scope.
                try await function()
                return
            }
            try await withFreshContainer(function)
        }

        /// Runs `body` with a fresh container bound, isolated singletons, and no profile from the environment.
        package func withFreshContainer(_ body: @Sendable () async throws -> Void) async throws {
            try await Scope.withIsolatedSingletons {
                // Profiles only when the test asks for one: never the shell's PLUGBOARD_PROFILE or Profiles/default.yaml.
                try await TestIsolation.$isolatesProfiles.withValue(true) {
                    let container = make()
                    try await shared.withValue(container) {
                        try await setup(container)
                        try await body()
                    }
                }
            }
        }
    }

    extension Trait where Self == ContainerTrait<Container> {
        /// A fresh `Container.shared` and isolated singletons for each test.
        public static var container: Self { ContainerTrait(shared: Container.$shared, container: Container()) }

        /// A fresh `Container.shared` for each test, prepared by `setup` (register mocks there; it may be `async`).
        ///
        /// - Parameter setup: Prepares the container before each test (register mocks there).
        /// - Returns: The trait, for `@Test` or `@Suite`.
        public static func container(_ setup: @escaping @Sendable (Container) async throws -> Void) -> Self {
            ContainerTrait(shared: Container.$shared, container: Container(), setup: setup)
        }
    }

    extension Trait {
        /// A fresh instance of your own container (declared `@TaskLocal static var shared`) for each test.
        ///
        /// - Parameters:
        ///   - shared: The projection of your container's `@TaskLocal static var shared` (`MyContainer.$shared`).
        ///   - make: Makes the fresh instance each test gets.
        ///   - setup: Prepares it before each test; does nothing unless given.
        /// - Returns: The trait, for `@Test` or `@Suite`.
        public static func container<C: ManagedContainer>(
            _ shared: TaskLocal<C>, _ make: @escaping @Sendable () -> C,
            setup: @escaping @Sendable (C) async throws -> Void = { _ in }
        ) -> Self where Self == ContainerTrait<C> {
            ContainerTrait(shared: shared, container: make(), setup: setup)
        }
    }
#endif
