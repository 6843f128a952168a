// Swift Testing is where the platform's SDK has it: a watchOS device build may not (Factory guards its traits
// too), and there this file compiles to nothing.
#if canImport(Testing)
    import Plugboard
    import Testing

    /// One container type that ``ContainersTrait`` gives each test a fresh instance of: its
    /// `@TaskLocal static var shared`'s projection and how to make one.
    public struct IsolatedContainer: Sendable {
        let bind: @Sendable (_ body: @Sendable () async throws -> Void) async throws -> Void

        /// `shared` (a `@TaskLocal static var shared`'s projection) bound to a new container made by `make`.
        ///
        /// - Parameters:
        ///   - shared: The projection of the container's `@TaskLocal static var shared` (`MyContainer.$shared`).
        ///   - make: Makes the fresh instance each test gets.
        /// - Returns: The container type, for `.containers(...)` or `.profile(..., containers:)`.
        public static func binding<C: ManagedContainer>(_ shared: TaskLocal<C>, _ make: @escaping @Sendable () -> C)
            -> Self
        {
            IsolatedContainer { body in try await shared.withValue(make(), operation: body) }
        }
    }

    /// A Swift Testing trait that isolates every container a program uses, not one: each test gets a fresh
    /// instance of each container type listed, singletons of its own and no profile from the environment, as
    /// ``ContainerTrait`` gives one type. List the containers the program passes to `ProfileSystem.bootstrap`:
    ///
    /// ```swift
    /// extension Trait where Self == ContainersTrait {
    ///     static var appContainers: Self {
    ///         .containers(.binding(Container.$shared, Container.init), .binding(PaymentContainer.$shared, PaymentContainer.init))
    ///     }
    /// }
    ///
    /// @Suite(.appContainers) struct CheckoutTests { ... }
    /// ```
    ///
    /// (Declare it in an extension, as above, when a container is declared in the test target: an attribute cannot
    /// name a `$shared` that a macro makes in the same module.)
    public struct ContainersTrait: TestTrait, SuiteTrait, TestScoping {
        let containers: [IsolatedContainer]

        /// Applied to every test of a suite, each with its own containers.
        public var isRecursive: Bool { true }

        /// Runs the test (each test case of it) with fresh containers and isolated singletons.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            guard testCase != nil else {
                try await function()  // the suite itself: each test inside gets its own scope
                return
            }
            try await withFreshContainers(function)
        }

        /// Runs `body` with a fresh instance of each container bound, isolated singletons, and no profile from the
        /// environment.
        package func withFreshContainers(_ body: @Sendable () async throws -> Void) async throws {
            try await Scope.withIsolatedSingletons {
                try await TestIsolation.$isolatesProfiles.withValue(true) {
                    try await Self.bind(containers[...], around: body)
                }
            }
        }

        /// Binds the first of `containers`, then the rest inside it, then runs `body`.
        private static func bind(
            _ containers: ArraySlice<IsolatedContainer>, around body: @Sendable () async throws -> Void
        ) async throws {
            guard let first = containers.first else { return try await body() }
            let rest = containers.dropFirst()
            try await first.bind { try await bind(rest, around: body) }
        }
    }

    extension Trait where Self == ContainersTrait {
        /// A fresh instance of each of `containers` for each test, and singletons of its own.
        ///
        /// - Parameter containers: Each container type the program uses, as `IsolatedContainer/binding(_:_:)` makes them.
        /// - Returns: The trait, for `@Test` or `@Suite`.
        public static func containers(_ containers: IsolatedContainer...) -> Self {
            ContainersTrait(containers: containers)
        }

        /// The array form of `containers(_:)`, for a list made in code.
        ///
        /// - Parameter containers: Each container type the program uses.
        /// - Returns: The trait, for `@Test` or `@Suite`.
        public static func containers(_ containers: [IsolatedContainer]) -> Self {
            ContainersTrait(containers: containers)
        }
    }
#endif
