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
}
