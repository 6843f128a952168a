import ArgumentParser
import Hummingbird
import Logging
import PlugboardArgumentParser
import PlugboardReloadService
import ServiceLifecycle
import TodoService

/// `todo-service --plugboard-profile development`: applies the profiles to both containers (or stops with
/// status 78 and the diagnostics), then serves HTTP and reloads edited profiles until SIGTERM or SIGINT.
@main struct TodoServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-service", abstract: "A shared to-do list whose store and limits come from profiles.")

    @OptionGroup var profile: ProfileLaunchOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: "How often the profiles are looked at for edits, in seconds.")
    var pollInterval = 2.0

    func run() async throws {
        var logger = Logger(label: "todo-service")
        logger.logLevel = .info
        var options = profile.profileOptions()
        options.logger = logger
        options.reload.pollInterval = pollInterval
        options.reload.quietPeriod = min(1, pollInterval / 2)
        ProfileSystem.bootstrap(StoreContainer.shared, TrafficContainer.shared, options: options)

        let app = Application(
            router: TodoRoutes.router(), configuration: .init(address: .hostname(host, port: port)), logger: logger)
        let group = ServiceGroup(
            services: [app, ProfileReloadService(reloadOnHangUp: true)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        try await group.run()
    }
}
