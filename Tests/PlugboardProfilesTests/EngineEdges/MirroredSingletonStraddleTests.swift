import Foundation
import Plugboard
import Testing

@testable import PlugboardProfiles

/// A resolution that started before a reload reads the singleton of the wiring it started in, through every
/// instance of a container, also where a resolution of the new wiring has copied the new singleton into a
/// container's own state since (a singleton mirror). Before mirrors were stamped with the epoch of the instance
/// they copy, the straddling resolution got `pager of 20` through one instance and `pager of 30` through the
/// other. In a process of its own: a test that isolates singletons turns mirrors off.
@Suite struct MirroredSingletonStraddleTests {
    @Test func aStraddlingResolutionGetsOneSingletonThroughTwoInstancesOfAContainer() async {
        await #expect(processExitsWith: .success) {
            let program = try! ReloadProgram(["app.yaml": appProfile()], installed: true) {
                $0.reload.builtSingletons = .replace
            }
            let shop = program.shop
            // The listed instance copies the first singleton into its own state.
            guard shop.pager().name == "pager of 20", shop.pager() === shop.pager() else { exit(1) }
            let second = Locked<ShopContainer?>(nil)
            let paused = DispatchSemaphore(value: 0)
            let proceed = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            let seen = Locked<[String]>([])
            shop.pause.withLock {
                $0 = {
                    paused.signal()
                    proceed.wait()
                    // Still inside the resolution that began before the reload.
                    seen.withLock { $0.append(second.withLock { $0 }!.pager().name) }
                }
            }
            Thread.detachNewThread {
                let first = shop.pager().name
                _ = shop.report()
                seen.withLock { $0.insert(first, at: 0) }
                finished.signal()
            }
            guard waitBlocking(for: paused, seconds: 60) == .success else { exit(2) }
            shop.pause.withLock { $0 = nil }
            try! program.write(appProfile(pageSize: 30))
            guard program.running.reload().generation == 2 else { exit(3) }
            // A second instance, made after the reload, and a resolution of the new wiring through it, which
            // builds the new singleton and copies it into that instance's state.
            let made = ShopContainer()
            second.withLock { $0 = made }
            guard made.pager().name == "pager of 30", made.pager().name == "pager of 30" else { exit(4) }
            proceed.signal()
            guard waitBlocking(for: finished, seconds: 60) == .success else { exit(5) }
            let names = seen.withLock { $0 }
            guard names == ["pager of 20", "pager of 20"] else {
                FileHandle.standardError.write(Data("the straddling resolution got \(names)\n".utf8))
                exit(6)
            }
            guard shop.pager().name == "pager of 30", made.pager() === shop.pager() else { exit(7) }
            exit(0)
        }
    }
}
