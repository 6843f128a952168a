// plugboard-greeter-example: a command-line program built on swift-argument-parser whose greeting style comes
// from a profile chosen at launch with the program's own options:
//
//   swift run plugboard-greeter-example Ada                            # the `default` profile
//   swift run plugboard-greeter-example Ada --plugboard-profile loud   # another profile
//   swift run plugboard-greeter-example --help                         # Plugboard's options are listed
import ArgumentParser
import Foundation
import Plugboard
import PlugboardArgumentParser
import PlugboardProfiles

/// Turns a name into a greeting.
protocol Greeting: Sendable {
    func greet(_ name: String) -> String
}

struct PlainGreeting: Greeting {
    func greet(_ name: String) -> String { "Hello, \(name)." }
}

struct LoudGreeting: Greeting {
    struct Settings: Decodable, Sendable {
        /// How many exclamation marks.
        var marks: UInt8
    }

    let settings: Settings
    func greet(_ name: String) -> String {
        "HELLO, \(name.uppercased())" + String(repeating: "!", count: Int(settings.marks))
    }
}

extension Container {
    var greeting: Factory<any Greeting> { self { PlainGreeting() } }
}

extension Container: AutoRegistering {
    public func autoRegister() {
        applyProfile(
            greeting.choices([
                "plain": .make { PlainGreeting() },
                "loud": .settings(LoudGreeting.Settings.self) { LoudGreeting(settings: $0) },
            ])
        )
    }
}

/// The profiles shipped with this example (found from the source file, for `swift run`).
let greeterProfiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Profiles")
    .path

@main
struct Greeter: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Greets someone, in the style the active profile chooses.")

    @Argument(help: "Who to greet.")
    var name: String = "world"

    @OptionGroup(title: "Plugboard")
    var plugboard: ProfileLaunchOptions

    func run() throws {
        ProfileSystem.bootstrap(
            Container.shared, options: plugboard.profileOptions(ProfileOptions(directories: [greeterProfiles])))
        print(Container.shared.greeting().greet(name))
    }
}
