import Plugboard
import Testing

@Test func smoke() {
    #expect(Container.shared.manager.knownKeys.count >= 0)
}
