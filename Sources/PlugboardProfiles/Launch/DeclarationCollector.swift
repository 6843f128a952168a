import Foundation
import Plugboard

/// Collects what containers declare while ``ProfileSystem/launch(_:options:)-([ManagedContainer],_)`` runs their
/// `autoRegister()`: inside it, `applyProfile` records its declarations here and applies nothing, so that the launch
/// can check the profiles against every container before the first one changes.
final class DeclarationCollector: @unchecked Sendable {
    /// One container instance and what it declared.
    struct Declared {
        let name: String
        let live: LiveDeclarations
        let container: any ManagedContainer
    }

    private let lock = NSLock()
    private var declared: [Declared] = []

    /// The collector of the launch running on this task, if any. A task-local by design: `applyProfile` is
    /// called from the program's own `autoRegister()`, whose signature the launch cannot add a parameter to.
    @TaskLocal static var current: DeclarationCollector?

    func add(_ name: String, _ live: LiveDeclarations, container: any ManagedContainer) {
        lock.withLock {
            if let index = declared.firstIndex(where: { $0.container === container }) {
                declared[index] = Declared(name: name, live: declared[index].live.adding(live), container: container)
            } else {
                declared.append(Declared(name: name, live: live, container: container))
            }
        }
    }

    /// Every instance in the order it declared.
    var all: [Declared] { lock.withLock { declared } }

    /// The program's declarations: per container name, the first instance's.
    var program: ProgramDeclarations {
        var byName: [String: LiveDeclarations] = [:]
        let declared = all
        for entry in declared where byName[entry.name] == nil { byName[entry.name] = entry.live }
        return ProgramDeclarations(byName).withUnprovidedPromises(of: declared)
    }
}
