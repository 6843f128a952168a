// A SwiftUI app's code written for Factory 3, with `import FactoryKit` changed to `import Plugboard`:
// `.ci/swiftui-api` type-checks it against Plugboard built with the stand-ins in `Stubs/`. Each statement of a
// view builder must be a `View`, so a preview helper that returned anything else would fail here.
import Plugboard
import PlugboardProfiles
import SwiftUI

protocol API: Sendable { var name: String { get } }
struct LiveAPI: API { var name: String { "live" } }
struct MockAPI: API { var name: String { "mock" } }

@MainActor @Observable final class ProfileModel {
    var name = "Ada"
}

@MainActor final class LegacyModel: ObservableObject {
    @Published var title = "legacy"
}

final class SendableModel: ObservableObject, Sendable {}

@Observable final class SendableObservable: Sendable {}

final class AppContainer: SharedContainer {
    @TaskLocal static var shared = AppContainer()
    let manager = ContainerManager()
}

extension Container {
    var api: Factory<any API> { self { LiveAPI() } }
    var avatar: ParameterFactory<Int, String> { self { "avatar \($0)" } }
    @MainActor var profileModel: Factory<ProfileModel> { self { ProfileModel() } }
    @MainActor var legacyModel: Factory<LegacyModel> { self { LegacyModel() } }
}

extension AppContainer {
    @MainActor var profileModel: Factory<ProfileModel> { self { ProfileModel() } }
}

/// Takes a binding, as a text field does.
struct NameField: View {
    init(_ text: Binding<String>) {}
    var body: some View { Text("field") }
}

struct ProfileView: View {
    @InjectedObservable(\.profileModel) var model
    @InjectedObservable(\AppContainer.profileModel) var other
    @InjectedObject(\.legacyModel) var legacy

    var body: some View {
        Text(model.name)
        NameField($model.name)
        NameField($legacy.title)
        Text(other.name)
    }
}

struct GivenView: View {
    @InjectedObservable var model: ProfileModel

    init(model: ProfileModel) {
        _model = InjectedObservable(model)
    }

    var body: some View { Text(model.name) }
}

/// What `#Preview { ... }` hands SwiftUI: a view builder whose every statement is a view.
@MainActor @ViewBuilder
func profilePreview() -> some View {
    Container.shared { $0.api { MockAPI() } }
    Container.shared.api.preview { MockAPI() }
    Container.shared.avatar.preview { "mock avatar \($0)" }
    Container.shared.api { MockAPI() }
    Container.preview { $0.api.register { MockAPI() } }
    Container.shared.preview { $0.api.register { MockAPI() } }
    ProfileView()
}

/// A preview per profile: the profile's call is a statement of the view builder, and Factory's helpers after it.
@MainActor @ViewBuilder
func emptyListPreview() -> some View {
    ProfileSystem.preview("empty", in: Container.shared, AppContainer.shared)
    Container.shared.api.preview { MockAPI() }
    ProfileView()
}

/// Outside a view builder the same calls are statements whose result is dropped, as in a test's set-up.
func setUpForATest() {
    Container.shared { $0.api.register { MockAPI() } }
    Container.shared.api { MockAPI() }
    Container.shared.api.preview { MockAPI() }
    // Where SwiftUI is, a shared container called as a function gives `EmptyView`, as Factory's does; with
    // the container's type asked for, the form that returns the container is still there.
    let view: EmptyView = Container.shared { _ in }
    let container: Container = Container.shared { _ in }
    _ = (view, container)
}

/// Factory 3 declares both wrappers Sendable where the view model is.
func isSendable<T: Sendable>(_: T.Type) {}
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
func wrappersAreSendableWhereTheirModelsAre() {
    isSendable(InjectedObject<SendableModel>.self)
    isSendable(InjectedObservable<SendableObservable>.self)
}
