// Swift Testing is where the platform's SDK has it: a watchOS device build may not (Factory guards its traits
// too), and there this file compiles to nothing.
#if canImport(Testing)
    import Plugboard
    import PlugboardProfiles
    import PlugboardTesting
    import Testing

    /// A Swift Testing trait that runs each test with a fresh container that applies the given profiles
    /// when it auto-registers (its `autoRegister()` calls `applyProfile`), in parallel with other tests.
    ///
    /// ```swift
    /// @Test(.profile("uitest", directories: ["Profiles"]))
    /// func showsTheSeededNotes() { #expect(Container.shared.store().summary.contains("2 seeded")) }
    ///
    /// @Test(.profile("staging", directories: [dir], container: ServiceContainer.$shared, ServiceContainer.init))
    /// func stagingWiring() { ... }
    /// ```
    public struct ProfileTrait: TestTrait, SuiteTrait, TestScoping {
        let override: ProfileOverride
        /// Runs a test body with a fresh container (a ``ContainerTrait``'s, whatever its container type).
        let withContainer: @Sendable (@Sendable () async throws -> Void) async throws -> Void

        /// Applied to every test of a suite, each with its own container.
        public var isRecursive: Bool { true }

        /// Runs the test with the profiles active for its task tree and a fresh container.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            guard testCase != nil else {
                try await function()  // the suite itself: each test inside gets its own scope
                return
            }
            try await ProfileOverride.$current.withValue(override) {
                try await withContainer(function)
            }
        }
    }

    extension Trait where Self == ProfileTrait {
        /// Runs each test with a fresh `Container.shared` that applies `profiles` (searched first in `directories`).
        ///
        /// - Parameters:
        ///   - profiles: The profiles to apply, in the order they merge.
        ///   - directories: Folders searched first, before the launch's search path.
        /// - Returns: The trait, for `@Test` or `@Suite`.
        public static func profile(_ profiles: String..., directories: [String] = []) -> Self {
            let trait = ContainerTrait(shared: Container.$shared, container: Container())
            return ProfileTrait(
                override: ProfileOverride(profiles: profiles, directories: directories),
                withContainer: trait.withFreshContainer)
        }

        /// Runs each test with a fresh instance of each of `containers`, which all apply `profiles` (each its own
        /// section of them) when they auto-register: one profile for every container a program lists with
        /// `ProfileSystem.bootstrap`, as its launch applies it.
        ///
        /// ```swift
        /// @Test(.profile("demo", containers: .binding(Container.$shared, Container.init),
        ///                .binding(PaymentContainer.$shared, PaymentContainer.init)))
        /// ```
        ///
        /// - Parameters:
        ///   - profiles: The profiles to apply, in the order they merge.
        ///   - directories: Folders searched first, before the launch's search path.
        ///   - containers: Each container the test's program lists, as `.binding(_:_:)` makes them.
        /// - Returns: The trait, for `@Test` or `@Suite`.
        public static func profile(_ profiles: String..., directories: [String] = [], containers: IsolatedContainer...)
            -> Self
        {
            ProfileTrait(
                override: ProfileOverride(profiles: profiles, directories: directories),
                withContainer: ContainersTrait.containers(containers).withFreshContainers)
        }

        /// Runs each test with a fresh instance of your own container that applies `profiles`.
        ///
        /// - Parameters:
        ///   - profiles: The profiles to apply, in the order they merge.
        ///   - directories: Folders searched first, before the launch's search path.
        ///   - shared: The task-local your container's `shared` is (`MyContainer.$shared`).
        ///   - make: Makes the fresh instance each test gets.
        /// - Returns: The trait, for `@Test` or `@Suite`.
        public static func profile<C: ManagedContainer>(
            _ profiles: String..., directories: [String] = [], container shared: TaskLocal<C>,
            _ make: @escaping @Sendable () -> C
        ) -> Self {
            let trait = ContainerTrait(shared: shared, container: make())
            return ProfileTrait(
                override: ProfileOverride(profiles: profiles, directories: directories),
                withContainer: trait.withFreshContainer)
        }
    }
#endif
