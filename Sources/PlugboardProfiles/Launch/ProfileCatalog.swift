import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// Everything declared in this process so far, container by container.
@_spi(Tools) public enum ProfileCatalog {
    private static let lock = NSLock()
    /// The declarations per container; the catalog is made from them only when asked for.
    nonisolated(unsafe) private static var declared: [String: LiveDeclarations] = [:]

    /// The catalog of every container that has called `applyProfile` in this process. A program's catalog for
    /// the validator is the one its launch exports (`--plugboard-export-catalog`): it holds every container
    /// the program lists in ``ProfileSystem/bootstrap(_:options:)-(ManagedContainer...,_)``, whether or not it was used
    /// yet.
    @_spi(Tools) public static var current: Catalog {
        ProgramDeclarations(lock.withLock { declared }).catalog
    }

    /// Keeps `live` for `container`; a container that declares again adds to (and replaces) what it declared.
    static func record(_ container: String, _ live: LiveDeclarations) {
        lock.withLock {
            if let earlier = declared[container] {
                declared[container] = earlier.adding(live)
            } else {
                declared[container] = live
            }
        }
    }

    /// Writes `catalog` to `path`: the launch's outcome either way.
    static func write(_ catalog: Catalog, to path: String) -> ProfileGeneration.Outcome {
        do {
            try catalog.jsonData().write(to: URL(fileURLWithPath: path))
            return .catalogExported(path: path)
        } catch {
            return .catalogNotWritten(path: path, reason: "\(error)")
        }
    }
}
