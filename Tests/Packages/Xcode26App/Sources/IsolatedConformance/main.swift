// A container whose conformance to AutoRegistering is isolated to the main actor: the compiler refuses it,
// and `@preconcurrency` on the import below turns the refusal into a warning. Its first use, on the main actor
// or on a thread, must stop the program, naming the container, where it would resolve the code's wiring.
//
//     plugboard-isolated-conformance main|thread
import Foundation
@preconcurrency import Plugboard

final class SettingsContainer: SharedContainer {
    static let shared = SettingsContainer()
    let manager = ContainerManager()

    var endpoint: Factory<String> { self { "code endpoint" } }
}

extension SettingsContainer: @MainActor AutoRegistering {
    func autoRegister() {
        endpoint.register { "registered endpoint" }
    }
}

nonisolated func resolve() -> String {
    SettingsContainer.shared.endpoint()
}

if CommandLine.arguments.dropFirst().first == "thread" {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        print("thread: \(resolve())")
        done.signal()
    }
    done.wait()
}
print("main: \(resolve())")
