// A Factory 3 app's wiring, as a new Xcode 26 project writes it (default MainActor isolation), without
// SwiftUI: a container of its own with `AutoRegistering`, a service a background task resolves (nonisolated),
// a `ParameterFactory`, a main-actor view model with `@Injected` and `@LazyInjected`, and a container that
// registers a mock in `autoRegister()` from a launch argument, as Factory's UI-test recipe does.
import Foundation
import Plugboard
import PlugboardProfiles

/// Synchronises notes in the background: `nonisolated`, since a background task builds and calls it.
nonisolated protocol SyncService: Sendable {
    func sync() -> String
}

nonisolated struct CloudSync: SyncService {
    func sync() -> String { "cloud sync" }
}

nonisolated struct OfflineSync: SyncService {
    struct Settings: Decodable, Sendable {
        var folder: String
    }
    let settings: Settings
    func sync() -> String { "offline sync to \(settings.folder)" }
}

/// One note's attachment, made per parameter.
nonisolated struct Attachment: Sendable {
    let id: Int
    let source: String
}

final class ServiceContainer: SharedContainer {
    static let shared = ServiceContainer()
    let manager = ContainerManager()

    var sync: Factory<any SyncService> { self { CloudSync() }.singleton }
    var attachmentSource: Factory<String> { self { "disk" } }
    var attachment: ParameterFactory<Int, Attachment> {
        self { Attachment(id: $0, source: self.attachmentSource()) }
    }
}

extension ServiceContainer: AutoRegistering {
    func autoRegister() {
        applyProfile(
            sync.choices([
                "cloud": .make { CloudSync() },
                "offline": .settings(OfflineSync.Settings.self) { OfflineSync(settings: $0) },
            ]),
            attachmentSource.configurable()
        )
    }
}

/// Analytics, registered by the container's own `autoRegister()` from a launch argument, with no profile:
/// the container is in no bootstrap, so its first use, wherever it is, runs `autoRegister()`.
nonisolated protocol Analytics: Sendable {
    var name: String { get }
}

nonisolated struct LiveAnalytics: Analytics {
    var name: String { "live analytics" }
}

nonisolated struct MockAnalytics: Analytics {
    var name: String { "mock analytics" }
}

final class AnalyticsContainer: SharedContainer {
    static let shared = AnalyticsContainer()
    let manager = ContainerManager()

    var analytics: Factory<any Analytics> { self { LiveAnalytics() }.cached }
}

extension AnalyticsContainer: AutoRegistering {
    func autoRegister() {
        if ProcessInfo.processInfo.arguments.contains("-mockAnalytics") {
            analytics.register { MockAnalytics() }
        }
    }
}

/// The first screen's view model: main-actor isolated, as a new project's types are.
final class NotesViewModel {
    @Injected(\.store) var store
    @Injected(\.greeting) var greeting
    @LazyInjected(\ServiceContainer.sync) var sync
    @Injected(\AnalyticsContainer.analytics) var analytics

    var title: String { "\(greeting): \(store.summary), \(sync.sync()), \(analytics.name)" }
}
