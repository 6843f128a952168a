// A Resolver app's registrations, as a new Xcode 26 project writes them: Resolver runs
// `registerAllServices()` before the first resolution, on whichever thread or actor that is.
import Foundation
import PlugboardResolver

/// Exports notes: `nonisolated`, since a background task resolves and calls it.
nonisolated protocol NotesExporter: Sendable {
    func export() -> String
}

nonisolated struct MarkdownExporter: NotesExporter {
    func export() -> String { "markdown export" }
}

extension Resolver: @retroactive ResolverRegistering {
    public static func registerAllServices() {
        register { MarkdownExporter() as NotesExporter }
    }
}
