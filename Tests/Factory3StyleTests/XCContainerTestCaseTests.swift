import Plugboard
import PlugboardTesting
import XCTest

/// XCTest, as Factory 3's users write it with `XCContainerTestCase`: each test method gets its own container,
/// set up by `transform`, and what one test registers never reaches the other.
final class XCContainerTestCaseTests: XCContainerTestCase {
    override var transform: (@Sendable (Container) -> Void)? {
        { $0.tracker.register { Tracker("set up") } }
    }

    func testTheContainerIsSetUpByTransform() {
        XCTAssertEqual(Container.shared.tracker().name, "set up")
        Container.shared.tracker.register { Tracker("changed by the first test") }
    }

    func testWhatAnotherTestRegisteredDoesNotLeak() {
        XCTAssertEqual(Container.shared.tracker().name, "set up")
        Container.shared.tracker.register { Tracker("changed by the second test") }
    }

    /// An `async` test method gets the same container, across its suspension points and in its child tasks.
    func testAnAsyncTestMethodGetsItsContainerAcrossAwaits() async {
        let container = Container.shared
        XCTAssertEqual(container.tracker().name, "set up")
        container.tracker.register { Tracker("changed by the async test") }
        try? await Task.sleep(nanoseconds: 1_000_000)
        XCTAssertTrue(Container.shared === container, "still the test's own container after a suspension")
        let fromChild = await Task.detached { Container.shared.tracker().name }.value
        let fromStructured = await withTaskGroup(of: String.self) { group in
            group.addTask { Container.shared.tracker().name }
            return await group.next() ?? ""
        }
        XCTAssertEqual(fromStructured, "changed by the async test", "a child task sees the test's container")
        XCTAssertNotEqual(fromChild, "changed by the async test", "a detached task does not inherit it")
    }
}
