import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PlugboardArgumentParser
import PlugboardReloadService
import ServiceLifecycle
import TodoService

/// `todo-service --plugboard-profile development`: applies the profiles to both containers (or stops with
/// status 78 and the diagnostics, also when no profile is named: the code's in-memory store must not serve a
/// deployment by accident), then serves HTTP and reloads edited profiles until SIGTERM or SIGINT.
@main struct TodoServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-service", abstract: "A shared to-do list whose store and limits come from profiles.")

    @OptionGroup var profile: ProfileLaunchOptions

    @Option(help: "The address to listen on (0.0.0.0 to accept connections from other machines).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: "How often the profiles are looked at for edits, in seconds.")
    var pollInterval = 2.0

    @Option(help: "The log level (trace, debug, info, notice, warning, error, critical); LOG_LEVEL by default.")
    var logLevel: Logger.Level?

    func run() async throws {
        let level =
            logLevel ?? ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) }
            ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "todo-service")
        var options = profile.profileOptions()
        options.logger = logger
        options.requiresProfile = true
        options.reload.pollInterval = pollInterval
        options.reload.quietPeriod = min(1, pollInterval / 2)
        ProfileSystem.bootstrap(StoreContainer.shared, TrafficContainer.shared, options: options)

        let app = buildApplication(
            ServerOptions(host: host, port: port), logger: logger,
            services: [FactoryServices.shared, ProfileReloadService(reloadOnHangUp: true)])
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
