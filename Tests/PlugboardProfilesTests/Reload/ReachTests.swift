import Foundation
import Plugboard
import Testing

@testable import PlugboardProfiles

/// A reload drops every kept instance its change reaches, in every container, listed by the profiles or not,
/// however it was built: from a changed factory, through a container no profile lists, for one parameter
/// among others, or while the reload ran.
@Suite struct ReachTests {
    @Test func aCachedInstanceOfAContainerNoProfileListsIsDroppedWhenWhatItWasBuiltFromChanges() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let relay = RelayContainer(shop: program.shop)
        let view = relay.view()
        let untouched = relay.echo()
        #expect(view.name == "view of memory-store")

        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2)
        #expect(relay.view().name == "view of sql-store db.example")
        #expect(relay.echo() === untouched, "built from nothing that changed")
    }

    @Test func aListedInstanceBuiltThroughAnUnlistedOneIsDropped() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let relay = RelayContainer(shop: program.shop)
        program.shop.relay.withLock { $0 = relay }
        #expect(program.shop.page().name == "page of view of memory-store")

        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2)
        #expect(program.shop.page().name == "page of view of sql-store db.example")
    }

    @Test func anInstanceCachedForOneParameterIsDroppedWhenALaterParameterReadOtherFactories() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let relay = RelayContainer(shop: program.shop)
        #expect(relay.shelf(1).name == "shelf 1 over memory-store")
        #expect(relay.shelf(2).name == "shelf 2 over nothing", "a later build that reads nothing of the profile's")

        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2)
        #expect(relay.shelf(1).name == "shelf 1 over sql-store db.example")
    }

    @Test func aCachedBuildOfAnUnlistedContainerThatStraddlesTheReloadIsNotKept() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let shop = program.shop
        let relay = RelayContainer(shop: shop)
        let straddling = PausedResolution(pausingAt: shop.pause) { relay.slowView() }
        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2)

        #expect(straddling.finish().name == "view of memory-store", "the wiring it started with")
        #expect(relay.slowView().name == "view of sql-store db.example")
    }

    @Test func aSingletonOfAnUnlistedContainerThatStraddlesTheReloadIsNotKept() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let shop = program.shop
        let relay = RelayContainer(shop: shop)
        let straddling = PausedResolution(pausingAt: shop.pause) {
            Scope.withIsolatedSingletons { (relay.slowSingleton().name, relay.slowSingleton().name) }
        }
        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2, "no singleton was built before the reload")

        let (during, after) = straddling.finish()
        #expect(during == "singleton over memory-store")
        #expect(after == "singleton over sql-store db.example")
    }

    /// The second container's build only hits the first one's view, so it resolves nothing of the listed
    /// containers': it is caught by the mark the reload puts on the first one as it drops the view.
    @Test func aBuildThatOnlyHitAnInstanceTheReloadDropsIsNotKept() throws {
        let program = try ReloadProgram(["app.yaml": appProfile()])
        let shop = program.shop
        let first = RelayContainer(shop: shop)
        let second = RelayContainer(shop: shop)
        second.source.withLock { $0 = first }
        #expect(first.view().name == "view of memory-store")
        let straddling = PausedResolution(pausingAt: shop.pause) { second.slowEcho() }
        try program.write(appProfile(store: "{ use: sql, with: { url: db.example } }"))
        #expect(program.running.reload().generation == 2)

        #expect(straddling.finish().name == "echo of view of memory-store")
        #expect(second.slowEcho().name == "echo of view of sql-store db.example")
    }
}

/// A container that no profile lists, as a request handler's would be: instances it keeps, built from the
/// shop's store, from a relay of its own, or made slowly (pausing where the shop's `pause` says).
final class RelayContainer: ManagedContainer, @unchecked Sendable {
    let manager = ContainerManager()
    let shop: ShopContainer
    /// Another relay, whose view `slowEcho` is built from.
    let source = Locked<RelayContainer?>(nil)

    init(shop: ShopContainer) {
        self.shop = shop
    }

    var view: Factory<Box> { self { Box("view of \(self.shop.store())") }.cached }
    /// Built from nothing a profile sets.
    var echo: Factory<Box> { self { Box("echo") }.cached }
    /// The first parameter's shelf is built from the store; the others from nothing a profile sets.
    var shelf: ParameterFactory<Int, Box> {
        self { number in Box("shelf \(number) over \(number == 1 ? self.shop.store() : "nothing")") }
            .scopeOnParameters.cached
    }
    var slowView: Factory<Box> { self { Box("view of \(self.shop.pausing(self.shop.store()))") }.cached }
    var slowSingleton: Factory<Box> {
        self { Box("singleton over \(self.shop.pausing(self.shop.store()))") }.singleton
    }
    /// Built from the source relay's view, which it only hits once that is built.
    var slowEcho: Factory<Box> {
        self { Box("echo of \(self.shop.pausing(self.source.withLock { $0 }!.view().name))") }.cached
    }
}
