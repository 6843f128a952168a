/// Finds the `promised()` factories that nothing provides (PB410): Factory's `promised()` makes a factory
/// that returns nil until something registers it, and traps at its first resolution in a debug build, so a
/// missing registration is found by whoever runs the program first. A promise the code's `autoRegister()`
/// leaves unregistered is recorded (in the program's declarations, and in its catalog as `unprovidedPromise`),
/// and each merged profile must then give the factory a `use:` or a `value:`.
///
/// What it sees: the registrations the code makes in `autoRegister()` (before the launch checks anything) and
/// the profiles' entries. What it cannot see: a `register` the code makes later, after a login, say; the code
/// declares such a promise with the warning severity.
package enum PromiseCheck {
    /// A promised factory that the code's registrations leave to the profiles.
    package struct Promise: Sendable, Equatable {
        package var container: String
        package var key: String
        /// What a profile that does not provide it gets.
        package var severity: Diagnostic.Severity

        package init(container: String, key: String, severity: Diagnostic.Severity) {
            self.container = container
            self.key = key
            self.severity = severity
        }
    }

    /// The promises a catalog records.
    package static func promises(in catalog: Catalog) -> [Promise] {
        var found: [Promise] = []
        for (container, section) in catalog.containers {
            for (key, factory) in section.factories {
                if let severity = factory.unprovidedPromise {
                    found.append(Promise(container: container, key: key, severity: severity))
                }
            }
        }
        return found
    }

    /// A finding for each of `promises` that `merged` does not provide: at its container's section in the
    /// profile when it has one, else at the top of the profile's file, the profile that should provide it.
    package static func unprovided(in merged: MergedProfile, promises: [Promise]) -> [Diagnostic] {
        guard let top = merged.documents.last, !promises.isEmpty else { return [] }
        let profile = merged.names.joined(separator: ",")
        var found: [Diagnostic] = []
        for promise in promises {
            let entry = merged.containers[promise.container]?.entries.first { $0.key == promise.key }
            if entry?.use != nil || entry?.members != nil || entry?.value != nil { continue }
            let position =
                merged.containerPositions[promise.container] ?? SourcePosition(file: top.file, line: 1, column: 1)
            found.append(
                Diagnostic(
                    .unprovidedPromise,
                    "\(promise.container).\(promise.key) is promised() and nothing provides it: the code registers "
                        + "none in autoRegister(), and profile \(profile) gives it no use: or value:",
                    at: position, severity: promise.severity))
        }
        return found.sorted { $0.position < $1.position }
    }
}
