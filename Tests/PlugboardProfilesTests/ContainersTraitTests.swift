import Foundation
import Plugboard
import PlugboardProfiles
import PlugboardProfilesTesting
import PlugboardTesting
import Testing

/// A second container type of the same program, for the traits that isolate every container at once.
final class BillingTraitContainer: SharedContainer, AutoRegistering {
    @TaskLocal static var shared = BillingTraitContainer()
    let manager = ContainerManager()

    var gateway: Factory<String> { self { "card-gateway" } }
    /// A singleton, to see that a test's singletons are its own.
    var ledger: Factory<Ledger> { self { Ledger() }.singleton }

    func autoRegister() {
        var options = ProfileOptions(failurePolicy: .keepDefaults)
        options.arguments = []
        options.environment = [:]
        applyProfile(gateway.choices(["stub": { "stub-gateway" }]), options: options)
    }
}

final class Ledger: Sendable {}

/// The program's two containers, as a test target declares them (an attribute cannot name `$shared` here).
extension Trait where Self == ContainersTrait {
    static var programContainers: Self {
        .containers(
            .binding(TraitContainer.$shared, TraitContainer.init),
            .binding(BillingTraitContainer.$shared, BillingTraitContainer.init))
    }
}

extension Trait where Self == ProfileTrait {
    static func programProfile(_ name: String) -> Self {
        .profile(
            name, directories: [Fixtures.root + "/trait"],
            containers: .binding(TraitContainer.$shared, TraitContainer.init),
            .binding(BillingTraitContainer.$shared, BillingTraitContainer.init))
    }
}

/// What a test's mocks in one container leave in the others: nothing, in parallel, whichever test runs first.
let containersRendezvous = TraitRendezvous()

@Suite struct ContainersTraitTests {
    @Test(.programContainers, arguments: ["first", "second"])
    func eachTestGetsFreshInstancesOfEveryContainerAndItsOwnSingletons(name: String) async {
        let trait = TraitContainer.shared, billing = BillingTraitContainer.shared
        #expect(billing.gateway() == "card-gateway", "no mock from the other case, no profile from the shell")
        trait.retries.register { name == "first" ? 1 : 2 }
        billing.gateway.register { "\(name)-gateway" }
        let ledger = billing.ledger()
        #expect(await containersRendezvous.arrive(expecting: 2), "the two cases were in flight together")
        #expect(TraitContainer.shared.retries() == (name == "first" ? 1 : 2))
        #expect(BillingTraitContainer.shared.gateway() == "\(name)-gateway")
        #expect(BillingTraitContainer.shared.ledger() === ledger)
    }

    @Test func insideTheTraitEveryContainerIsANewOne() async throws {
        let outer = (TraitContainer.shared, BillingTraitContainer.shared)
        try await ContainersTrait.programContainers.provideScope(for: Test.current!, testCase: Test.Case.current) {
            #expect(TraitContainer.shared !== outer.0)
            #expect(BillingTraitContainer.shared !== outer.1)
        }
        #expect(TraitContainer.shared === outer.0, "and the process's again after it")
    }

    @Test(.programProfile("checkout"))
    func oneProfileAppliesToEveryContainer() {
        #expect(TraitContainer.shared.retries() == 4)
        #expect(BillingTraitContainer.shared.gateway() == "stub-gateway")
    }
}
