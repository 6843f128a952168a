import Foundation
import Testing

/// A two-container service (`plugboard-launch-checks watch`) run as a subprocess, with the reload service in
/// its ServiceGroup: it picks up an edit, refuses a broken one while it keeps serving, picks up the fix, reloads
/// on SIGHUP, and stops on SIGTERM.
@Suite struct ReloadLaunchTests {
    static func profile(retries: Int, gateway: String) -> String {
        """
        plugboard: 1
        containers:
          OrdersContainer:
            store: { use: sql }
            retries: { value: \(retries) }
          PaymentContainer:
            gateway: \(gateway)
        """
    }

    func start(_ directory: String, environment: [String: String] = [:]) throws -> RunningProgram {
        try RunningProgram(
            "plugboard-launch-checks", ["watch", "--plugboard-profile", "app"],
            environment: ["PLUGBOARD_PROFILE_PATH": directory].merging(environment) { _, new in new },
            in: directory)
    }

    @Test(.timeLimit(.minutes(2))) func aRunningServicePicksUpEditsRefusesABrokenOneAndStops() throws {
        let directory = CLI.temporaryDirectory()
        let file = directory + "/app.yaml"
        try Self.profile(retries: 3, gateway: "{ use: stub }").write(toFile: file, atomically: true, encoding: .utf8)
        let program = try start(directory)
        #expect(
            program.line(startingWith: "launched")
                == "launched generation 1: orders.store=sql-store orders.retries=3 payment.gateway=stub-gateway")

        try Self.profile(retries: 5, gateway: "{ use: http, with: { url: \"https://pay.example\" } }")
            .write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            program.line(startingWith: "applied")
                == "applied generation 2 changed=OrdersContainer.retries,PaymentContainer.gateway: orders.store=sql-store orders.retries=5 payment.gateway=http-gateway https://pay.example",
            "\(program.lines)\n\(program.errors)")

        // Right for OrdersContainer, wrong for PaymentContainer: neither changes, and requests keep being served.
        try Self.profile(retries: 7, gateway: "{ use: nope }").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            program.line(startingWith: "refused")
                == "refused generation 2 errors=1: orders.store=sql-store orders.retries=5 payment.gateway=http-gateway https://pay.example",
            "\(program.lines)\n\(program.errors)")

        try Self.profile(retries: 7, gateway: "{ use: stub }").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            program.line(startingWith: "applied")
                == "applied generation 3 changed=OrdersContainer.retries,PaymentContainer.gateway: orders.store=sql-store orders.retries=7 payment.gateway=stub-gateway"
        )

        program.send(SIGTERM)
        #expect(program.line(startingWith: "stopped") != nil)
        #expect(program.exitStatus() == 0)

        let log = program.errors
        #expect(log.contains("app.yaml:7:21: error: unknown implementation 'nope'"), "\(log)")
        #expect(log.components(separatedBy: "unknown implementation 'nope'").count == 2, "logged once: \(log)")
        #expect(
            log.contains(
                "reload of profile app (--plugboard-profile) refused (1 error): OrdersContainer, PaymentContainer keep generation 2"
            ))
        #expect(
            log.contains(
                "reloaded profile app (--plugboard-profile) for OrdersContainer, PaymentContainer from app.yaml: generation 3"
            ), "\(log)")
    }

    @Test(.timeLimit(.minutes(2))) func aWatchInATaskOfItsOwnReloadsEditsUntilCancelled() throws {
        let directory = CLI.temporaryDirectory()
        let file = directory + "/app.yaml"
        try Self.profile(retries: 3, gateway: "{ use: stub }").write(toFile: file, atomically: true, encoding: .utf8)
        let program = try start(directory, environment: ["LAUNCH_CHECKS_WATCH": "task"])
        #expect(program.line(startingWith: "launched") != nil, "\(program.errors)")

        try Self.profile(retries: 4, gateway: "{ use: stub }").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            program.line(startingWith: "applied")
                == "applied generation 2 changed=OrdersContainer.retries: orders.store=sql-store orders.retries=4 payment.gateway=stub-gateway",
            "\(program.lines)\n\(program.errors)")

        program.send(SIGTERM)
        #expect(program.line(startingWith: "stopped") != nil, "the watch ends when its task is cancelled")
        #expect(program.exitStatus() == 0)
    }

    @Test(.timeLimit(.minutes(2))) func aHangUpReloadsWithoutWaitingForTheWatcher() throws {
        let directory = CLI.temporaryDirectory()
        let file = directory + "/app.yaml"
        try Self.profile(retries: 3, gateway: "{ use: stub }").write(toFile: file, atomically: true, encoding: .utf8)
        // The watcher looks once an hour: only the signal can reload within the test.
        let program = try start(directory, environment: ["LAUNCH_CHECKS_POLL": "3600"])
        #expect(program.line(startingWith: "launched") != nil)

        try Self.profile(retries: 4, gateway: "{ use: stub }").write(toFile: file, atomically: true, encoding: .utf8)
        // The program ignores a hang-up until its service traps them: send until one is taken.
        var applied: String?
        for _ in 0..<60 where applied == nil {
            program.send(SIGHUP)
            applied = program.line(startingWith: "applied", timeout: 0.5)
        }
        #expect(
            applied
                == "applied generation 2 changed=OrdersContainer.retries: orders.store=sql-store orders.retries=4 payment.gateway=stub-gateway",
            "\(program.lines)\n\(program.errors)")

        program.send(SIGTERM)
        #expect(program.exitStatus() == 0)
    }
}
