import ArgumentParser
import Foundation
import OrderService
import PlugboardArgumentParser
import PlugboardProfiles

@main
struct OrderServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order-service", abstract: "Prints how the service is wired.")

    @OptionGroup(title: "Plugboard")
    var plugboard: ProfileLaunchOptions

    func run() throws {
        ProfileSystem.bootstrap(
            OrderContainer.shared, PaymentContainer.shared,
            options: plugboard.profileOptions(OrderServiceProfiles.options))
        print(wiring())
    }
}
