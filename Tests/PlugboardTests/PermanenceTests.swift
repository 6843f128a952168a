import Foundation
import Plugboard
import Testing

/// A container made permanent as a `static let` makes it, with `autoRegister()` (which keeps a weak reference
/// to its container) and factories of every kind the benchmarks' two-thread table resolves.
final class PermanentContainer: SharedContainer, AutoRegistering, @unchecked Sendable {
    static let shared = PermanentContainer().makePermanent()
    let manager = ContainerManager()
    var unique: Factory<Token> { self { Token() } }
    var cached: Factory<Token> { self { Token() }.cached }
    var registered: Factory<Token> { self { Token() } }
    var numbered: ParameterFactory<Int, Token> { self { Token(number: $0) } }
    func autoRegister() {
        registered.register { Token(number: 7) }
    }
}

/// What the permanent containers' factories make.
final class Token: Sendable {
    let number: Int
    init(number: Int = 0) { self.number = number }
}

@Suite("Permanent containers")
struct PermanenceTests {
    #if _pointerBitWidth(_64)
        @Test("Container.shared is permanent, and a container made permanent is never freed")
        func sharedAndMadePermanent() {
            #expect(Container.shared.isPermanent)
            weak var permanent: Container?
            weak var ordinary: Container?
            do {
                let made = Container().makePermanent()
                let other = Container()
                permanent = made
                ordinary = other
                #expect(made.isPermanent)
                #expect(!other.isPermanent)
            }
            #expect(permanent != nil)
            #expect(ordinary == nil)
        }

        @Test("Resolutions from several threads leave a permanent container permanent, and resolve as before")
        func resolutionsKeepItPermanent() async {
            let container = PermanentContainer.shared
            let kept = container.cached()
            await withTaskGroup(of: Bool.self) { group in
                for thread in 0..<4 {
                    group.addTask {
                        var right = true
                        for round in 0..<20_000 {
                            right = right && container.unique() !== container.unique()
                            right = right && container.cached() === kept
                            right = right && container.registered().number == 7
                            right = right && container.numbered(thread &+ round).number == thread &+ round
                        }
                        return right
                    }
                }
                for await right in group { #expect(right) }
            }
            // A release that carried into the immortal mark would have cleared it.
            #expect(container.isPermanent)
        }

        @Test("A container that something holds weakly already is left as it was, and freed as usual")
        func heldWeaklyStaysOrdinary() {
            weak var released: Container?
            do {
                let container = Container()
                weak let early = container
                #expect(early === container)
                container.makePermanent()
                #expect(!container.isPermanent)
                released = container
            }
            #expect(released == nil)
        }

        @Test("A reset and a registration on a permanent container behave as on any other")
        func resetAndRegister() {
            let container = Container().makePermanent()
            let factory = Factory<Token>(container) { Token(number: 1) }.cached
            let first = factory()
            container.manager.reset(options: .scope)
            #expect(factory() !== first)
            Factory<Token>(container) { Token(number: 1) }.register { Token(number: 2) }
            #expect(Factory<Token>(container) { Token(number: 1) }().number == 2)
            #expect(container.isPermanent)
        }
    #endif
}
