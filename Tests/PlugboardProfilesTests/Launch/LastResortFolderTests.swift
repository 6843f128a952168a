import Foundation
@_spi(Tools) import PlugboardProfileFormat
import Testing

/// The folder searched last (`Bundle.main`'s at a launch) is found only when a profile is in no other folder:
/// finding it on Linux lists the executable's folder.
@Suite struct LastResortFolderTests {
    /// A folder of its own holding `name.yaml`, removed when the test ends.
    private func folder(holding names: [String]) throws -> String {
        let path = NSTemporaryDirectory() + "plugboard-last-resort-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in names {
            try "plugboard: 1\n".write(toFile: path + "/\(name).yaml", atomically: true, encoding: .utf8)
        }
        return path
    }

    @Test func aProfileFoundEarlierNeverAsksForTheLastFolder() throws {
        let first = try folder(holding: ["app"])
        let last = try folder(holding: ["app"])
        defer { for path in [first, last] { try? FileManager.default.removeItem(atPath: path) } }
        let asked = Asked()
        let library = ProfileLibrary(
            directories: [first],
            lastResort: {
                asked.count += 1
                return last
            })
        #expect(try library.locate("app").get() == first + "/app.yaml")
        #expect(asked.count == 0)
    }

    @Test func aProfileOnlyInTheLastFolderIsFoundThere() throws {
        let first = try folder(holding: ["other"])
        let last = try folder(holding: ["app"])
        defer { for path in [first, last] { try? FileManager.default.removeItem(atPath: path) } }
        let library = ProfileLibrary(directories: [first], lastResort: { last })
        #expect(try library.locate("app").get() == last + "/app.yaml")
    }

    @Test func aProfileFoundNowhereNamesTheLastFolderAndItsProfiles() throws {
        let first = try folder(holding: ["other"])
        let last = try folder(holding: ["staging"])
        defer { for path in [first, last] { try? FileManager.default.removeItem(atPath: path) } }
        let library = ProfileLibrary(directories: [first], lastResort: { last })
        guard case .failure(let diagnostic) = library.locate("stagin") else {
            Issue.record("a profile that is nowhere was found")
            return
        }
        #expect(diagnostic.code == .profileNotFound)
        #expect(diagnostic.message.contains("other, staging"))
        #expect(diagnostic.message.contains("did you mean 'staging'?"))
        #expect(diagnostic.message.contains(last), "the searched folders include the last one")
    }
}

/// How many times a test's last folder was asked for (on the test's own thread).
private final class Asked: @unchecked Sendable {
    var count = 0
}
