import Foundation

// What the profile launch (PlugboardProfiles, a module of this package) needs from the engine, and nothing
// more: it collects every container's declarations before it applies anything, then applies as
// `autoRegister()` would have.

extension ManagedContainer {
    /// Runs `autoRegister()` now, unless it already ran on this instance since its last reset.
    package func autoRegisterIfNeeded() {
        manager.prepare(self)
    }

    /// Whether this thread is running this instance's `autoRegister()`.
    package var isRunningAutoRegister: Bool {
        manager.autoRegisteringThread.load(ordering: .relaxed) == ThreadIdentity.current
    }

    /// Whether `autoRegister()` has run on this instance since its last reset.
    package var hasAutoRegistered: Bool {
        manager.autoRegistered.load(ordering: .acquiring)
    }
}

extension FactoryRegistration {
    /// Whether the factory is `promised()`: nil until something registers it.
    package var isPromised: Bool { isPromise }

    /// The factory's own definition as a closure that skips every registration and context (a profile's
    /// `default` inside `contexts`). It holds the definition only, not the manager.
    package var definition: @Sendable (P) -> T {
        let body = factory
        let plain = word & RegistrationWord.plain != 0
        return { body.call($0, plain: plain) }
    }

    /// The scope the factory's definition sets on every access (`.singleton`, `Factory(self, scope:)`), by
    /// name (`custom` for a scope of the program's own), or nil when the definition sets none: a profile's
    /// `scope` cannot take effect on such a factory ("the factory wins").
    package var definitionScopeName: String? {
        switch RegistrationWord.scopeSerial(word) {
        case 0: nil
        case Scope.uniqueSerial: "unique"
        case Scope.cachedSerial: "cached"
        case Scope.sharedSerial: "shared"
        case Scope.singletonSerial: "singleton"
        case Scope.graphSerial: "graph"
        default: "custom"
        }
    }
}

/// Set by the testing traits (`PlugboardTesting`) for the test they run: a container auto-registering there
/// applies no profile from the environment, the launch arguments or `Profiles/default.yaml`, only one the test
/// names (`PlugboardProfilesTesting`'s `.profile`) or one the program's launch checked.
package enum TestIsolation {
    @TaskLocal package static var isolatesProfiles = false
}
