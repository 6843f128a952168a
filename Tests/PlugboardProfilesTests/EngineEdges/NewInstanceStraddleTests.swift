import Foundation
import Plugboard
import Testing

@testable import PlugboardProfiles

/// A request's handler that makes a ledger of its own once it goes on, as a server makes a container per
/// request, and reads it beside the listed rates.
final class RequestLedgerDesk: ManagedContainer {
    let manager = ContainerManager()
    let rates: RatesContainer
    let pause = Locked<(@Sendable () -> Void)?>(nil)
    /// The ledger the last request made, for a look after it.
    let made = Locked<LedgerContainer?>(nil)

    init(_ rates: RatesContainer) { self.rates = rates }

    var handler: Factory<[String]> {
        self {
            self.pause.withLock { $0 }?()
            let ledger = LedgerContainer()
            self.made.withLock { $0 = ledger }
            return [ledger.store(), ledger.catalog().name, self.rates.quote().name]
        }
    }
}

/// A request that began before a reload and makes a new instance of a listed container after it reads the
/// generation it began in there too; requests after it read the new one in the same instance. Before a container
/// applied each generation a resolution under way may read, stamped with its epoch, the new instance's
/// `autoRegister()` applied the running generation only: the request got `store g2` beside `quote at rate g1`.
@Suite struct NewInstanceStraddleTests {
    @Test func aNewInstanceMadeInsideAStraddlingRequestReadsTheRequestsGeneration() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReclamationProgram(installed: true)
            let desk = RequestLedgerDesk(program.rates)
            guard desk.handler() == ["store g1", "catalog over store g1", "quote at rate g1"] else { exit(1) }
            let request = PausedResolution(pausingAt: desk.pause) { desk.handler() }
            try! program.write(generation: 2)
            guard program.running.reload().generation == 2 else { exit(3) }
            let names = request.finish()
            guard names == ["store g1", "catalog over store g1", "quote at rate g1"] else {
                FileHandle.standardError.write(Data("the straddling request read \(names)\n".utf8))
                exit(5)
            }
            // Later requests read the new generation, in that instance and in a new one.
            guard let ledger = desk.made.withLock({ $0 }), ledger.store() == "store g2",
                ledger.catalog().name == "catalog over store g2"
            else { exit(6) }
            guard desk.handler() == ["store g2", "catalog over store g2", "quote at rate g2"] else { exit(7) }
            exit(0)
        }
    }
}
