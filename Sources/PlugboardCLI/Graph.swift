import ArgumentParser
import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// `plugboard graph`: a picture of what profiles wire, as Mermaid or Graphviz DOT.
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw what profiles wire: every container and factory, what the profiles set and where.",
        discussion: """
            With --catalog, every factory the program declared is drawn, those no profile names marked as keeping \
            the code's wiring; without one, only the factories the profiles name. --diff draws the first \
            profiles with each factory marked where the other profiles wire it differently. A catalog a program \
            wrote with ProfileSystem.exportCatalog(to:) after building holds what its kept instances were built \
            from: the picture draws those builds as arrows.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case mermaid, dot
    }

    @OptionGroup var selection: ProfileSetArguments

    @Option(
        name: .customLong("diff"),
        help: ArgumentHelp(
            "Other profiles (a,b) to compare with: the factories they wire differently are marked.",
            valueName: "profiles"))
    var other: String?

    @Option(help: "mermaid or dot.")
    var format: Format = .mermaid

    func run() throws {
        try reportingToolErrors {
            let (merged, catalog) = try selection.merged()
            var graph = WiringGraph(merged, catalog: catalog, folder: selection.dir)
            var title = "profiles \(graph.profiles.joined(separator: ", ")) from \(graph.files.joined(separator: ", "))"
            if let other {
                let merged = try selection.merged([other], catalog: catalog)
                graph = graph.compared(with: WiringGraph(merged, catalog: catalog, folder: selection.dir))
                title += "; marked where \(names([other]).joined(separator: ", ")) differs"
            }
            switch format {
            case .mermaid: write(WiringPicture.mermaid(graph, title: title))
            case .dot: write(WiringPicture.dot(graph, title: title))
            }
        }
    }
}
