import Foundation
import PlugboardProfiles
import Testing

/// `ProfileOptions.environment` is the process's until a program sets it, read when it is used.
@Suite struct ProfileOptionsEnvironmentTests {
    @Test func defaultOptionsSeeTheProcessEnvironment() {
        let options = ProfileOptions()
        #expect(options.environment == ProcessInfo.processInfo.environment)
    }

    @Test func oneVariableSetKeepsTheRestOfTheProcessEnvironment() throws {
        var options = ProfileOptions()
        options.environment["PLUGBOARD_PROFILE"] = "staging"
        #expect(options.environment["PLUGBOARD_PROFILE"] == "staging")
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        #expect(options.environment["PATH"] == path)
    }

    @Test func anAssignedEnvironmentIsExactlyWhatWasSet() {
        var options = ProfileOptions(directories: ["/srv/profiles"])
        options.environment = ["PLUGBOARD_PROFILE_PATH": "/etc/app/profiles"]
        #expect(options.environment == ["PLUGBOARD_PROFILE_PATH": "/etc/app/profiles"])
        // The search path reads the variable from the assigned environment, ahead of the program's folders.
        #expect(options.searchPath.prefix(2) == ["/etc/app/profiles", "/srv/profiles"])
    }
}
