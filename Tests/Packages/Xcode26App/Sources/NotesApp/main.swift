// The app a new Xcode 26 project makes, on Linux: its code is isolated to the main actor by default. Launched
// by `Xcode26AppTests` as a subprocess, with the wiring to use and where the first resolution runs:
//
//     NotesApp article|app|resolver main|detached|thread [--plugboard-profile NAME]
//
// `article` resolves the iOS article's `Container` first at that place (its `autoRegister()` is the launch);
// `app` bootstraps both profile-aware containers in `App.init()`'s place, then a background refresh resolves
// at that place, first of all from a container of Factory's kind that no bootstrap lists; `resolver` makes
// Resolver's first resolution there. Each line printed is `where: what was resolved`; a profile that cannot
// apply stops the program instead.
import Foundation
import Plugboard
import PlugboardProfiles
import PlugboardResolver

/// What a background refresh resolves: nonisolated, so it may run off the main actor.
nonisolated enum Refresh {
    static func notes() -> String {
        "store: \(Container.shared.store().summary), greeting: \(Container.shared.greeting())"
    }

    static func exporter() -> String {
        let exporter: any NotesExporter = Resolver.resolve()
        return exporter.export()
    }

    static func services() -> String {
        let attachment = ServiceContainer.shared.attachment(7)
        return "\(AnalyticsContainer.shared.analytics().name), \(ServiceContainer.shared.sync().sync()), "
            + "attachment \(attachment.id) from \(attachment.source)"
    }
}

/// Runs `work` where the first resolution is to run, and returns what it returned.
func first(at place: String, _ work: @escaping @Sendable () -> String) async -> String {
    switch place {
    case "detached":
        return await Task.detached { work() }.value
    case "thread":
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox()
        let thread = Thread {
            result.value = work()
            done.signal()
        }
        thread.start()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                done.wait()
                continuation.resume()
            }
        }
        return result.value
    default:
        return work()
    }
}

/// The thread's answer, handed to the main actor once the thread has signalled.
nonisolated final class ResultBox: @unchecked Sendable {
    var value = ""
}

let arguments = CommandLine.arguments.dropFirst()
let wiring = arguments.first ?? "article"
let place = arguments.dropFirst().first ?? "main"

switch wiring {
case "app":
    ProfileSystem.bootstrap(Container.shared, ServiceContainer.shared, options: .notes)
    print("\(place): \(await first(at: place, Refresh.services))")
    print("main: \(NotesViewModel().title)")
case "resolver":
    print("\(place): \(await first(at: place, Refresh.exporter))")
    print("main: \(Refresh.exporter())")
default:
    print("\(place): \(await first(at: place, Refresh.notes))")
    print("main: \(Refresh.notes())")
}
