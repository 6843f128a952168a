import Foundation
import Plugboard
import Testing

/// An object that knows which parameter it was built for.
final class Built: @unchecked Sendable {
    let parameter: Int
    init(_ parameter: Int) { self.parameter = parameter }
}

private final class ParameterContainer: ManagedContainer {
    let manager = ContainerManager()
    var byParameter: ParameterFactory<Int, Built> { self { Built($0) }.cached.scopeOnParameters }
    var sharedByParameter: ParameterFactory<Int, Built> { self { Built($0) }.shared.scopeOnParameters }
    var expiring: ParameterFactory<Int, Built> { self { Built($0) }.cached.scopeOnParameters.timeToLive(60) }
}

/// A cached parameter factory keyed by its parameters never hands out the instance built for another
/// parameter, whatever state its slot is caught in: after a reset, a pop, or halfway through another
/// thread's modifiers.
@Suite struct ParameterScopeTests {
    @Test func aKeptFactoryAfterAResetStillKeysByParameter() {
        let container = ParameterContainer()
        let kept = container.byParameter
        _ = kept(7)
        container.manager.reset()
        let zero = kept(0)
        let one = kept(1)
        #expect(zero.parameter == 0)
        #expect(one.parameter == 1, "not the instance built for 0")
        #expect(kept(0) === zero, "and still cached per parameter")
    }

    @Test func aPopToAStateBeforeTheModifiersStillKeysByParameter() {
        let container = ParameterContainer()
        container.manager.push()  // saved before the getter ever ran: no scope, no key
        let kept = container.byParameter
        _ = kept(3)
        container.manager.pop()
        #expect(kept(4).parameter == 4)
        #expect(kept(5).parameter == 5)
    }

    @Test func everyScopeThatCachesKeysByParameterAfterAReset() {
        let container = ParameterContainer()
        let kept = (shared: container.sharedByParameter, expiring: container.expiring)
        _ = (kept.shared(1), kept.expiring(1))
        container.manager.reset()
        let shared = kept.shared(2)
        #expect(kept.shared(3).parameter == 3)
        #expect(kept.shared(2) === shared)
        #expect(kept.expiring(2).parameter == 2)
        #expect(kept.expiring(3).parameter == 3)
    }
}
