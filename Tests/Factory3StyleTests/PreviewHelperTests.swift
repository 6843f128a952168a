import Plugboard
import PlugboardTesting
import Testing

extension Container {
    var avatarName: ParameterFactory<Int, String> { self { "avatar \($0)" } }
    var cachedAvatarName: ParameterFactory<Int, String> { self { "avatar \($0)" }.cached }
}

/// Factory 3's preview helpers, as a `#Preview` uses them: each registers as `register` does (here, off SwiftUI,
/// they return nothing; where SwiftUI is they return `EmptyView`, which `.ci/swiftui-api` checks).
@Suite(.container) struct PreviewHelperTests {
    @Test func aFactoryCalledWithAClosureRegistersIt() {
        Container.shared.tracker { Tracker("called") }
        #expect(Container.shared.tracker().name == "called")
    }

    @Test func previewRegistersAndDropsTheCachedInstance() {
        #expect(Container.shared.cachedTracker().name == "cached")
        Container.shared.cachedTracker.preview { Tracker("preview") }
        #expect(Container.shared.cachedTracker().name == "preview")
        #expect(Container.shared.cachedTracker() === Container.shared.cachedTracker())
    }

    @Test func aParameterFactorysPreviewRegistersAndDropsItsCachedInstances() {
        #expect(Container.shared.cachedAvatarName(1) == "avatar 1")
        Container.shared.cachedAvatarName.preview { "mock \($0)" }
        #expect(Container.shared.cachedAvatarName(1) == "mock 1")
        Container.shared.avatarName.preview { "mock \($0 + 1)" }
        #expect(Container.shared.avatarName(1) == "mock 2")
    }

    @Test func aContainersPreviewSetsUpThatContainerAndTheStaticOneTheSharedOne() {
        let other = Container()
        other.preview { $0.tracker { Tracker("other") } }
        #expect(other.tracker().name == "other")
        #expect(Container.shared.tracker().name == "real")
        Container.preview { $0.tracker.register { Tracker("shared") } }
        #expect(Container.shared.tracker().name == "shared")
        #expect(other.tracker().name == "other")
    }

    @Test func aResetUndoesWhatAPreviewRegistered() {
        Container.shared.tracker.preview { Tracker("preview") }
        Container.shared.manager.reset()
        #expect(Container.shared.tracker().name == "real")
    }
}
