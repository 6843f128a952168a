import Foundation
@_spi(Tools) import PlugboardProfileFormat

extension ProfileSystem {
    /// The running program's wiring now (see ``WiringSnapshot``): the containers of the bootstrap's launch, or
    /// of the one container that launched on its own in a program that never bootstrapped. Nil before a launch,
    /// and when several containers launched each on its own (bootstrap lists a program's containers as one).
    /// Cheap enough for a health or admin route: it never waits for a resolution or a reload.
    ///
    /// ```swift
    /// if let wiring = ProfileSystem.wiring {
    ///     print(wiring.mermaid)
    /// }
    /// ```
    public static var wiring: WiringSnapshot? {
        reloader?.wiringSnapshot()
    }

    /// Writes the program's catalog to `path`, as `--plugboard-export-catalog` does at launch, with what its
    /// kept instances were built from so far: call it once the program has built what it builds (a warm-up of
    /// its own choosing), and `plugboard graph --catalog` draws those builds as arrows.
    ///
    /// - Parameter path: Where the catalog goes; an existing file is replaced.
    /// - Throws: ``CatalogNotWritten`` when the file cannot be written.
    public static func exportCatalog(to path: String) throws {
        var catalog: Catalog
        if let running = reloader {
            catalog = running.catalogWithBuilds()
        } else {
            // No launch: every container that declared, and no builds, which only a launch can name.
            catalog = ProfileCatalog.current
        }
        if case .catalogNotWritten(let path, let reason) = ProfileCatalog.write(catalog, to: path) {
            throw CatalogNotWritten(path: path, reason: reason)
        }
    }
}

/// A catalog ``ProfileSystem/exportCatalog(to:)`` could not write.
public struct CatalogNotWritten: Error, CustomStringConvertible {
    /// Where it was to go.
    public let path: String
    /// Why it could not.
    public let reason: String

    /// `cannot write the catalog to PATH: REASON`.
    public var description: String { "cannot write the catalog to \(path): \(reason)" }
}
