#if canImport(XCTest)
    import Plugboard
    import XCTest

    /// An XCTest case whose every test method runs with a fresh `Container.shared` and singletons of its own,
    /// as the `.container` trait gives Swift Testing's tests (Factory 3's `XCContainerTestCase`):
    ///
    /// ```swift
    /// final class AccountTests: XCContainerTestCase {
    ///     override var transform: (@Sendable (Container) -> Void)? {
    ///         { $0.api.register { MockAPIClient() } }
    ///     }
    ///     func testNoAccounts() { ... }
    /// }
    /// ```
    open class XCContainerTestCase: XCTestCase {
        /// Sets up each test's container before the test runs (register mocks here); nil by default.
        open var transform: (@Sendable (Container) -> Void)? { nil }

        /// Runs the test method inside a fresh container and isolated singletons, with no profile from the
        /// environment.
        override open func invokeTest() {
            Scope.withIsolatedSingletons {
                TestIsolation.$isolatesProfiles.withValue(true) {
                    let container = Container()
                    transform?(container)
                    Container.$shared.withValue(container) {
                        super.invokeTest()
                    }
                }
            }
        }
    }
#endif
