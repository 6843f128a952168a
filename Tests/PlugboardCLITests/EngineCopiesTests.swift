import Foundation
import Testing

/// Two copies of Plugboard's engine in one process (an app that links it statically into two frameworks):
/// Plugboard says so once, naming both images, with the fix; one copy says nothing.
@Suite struct EngineCopiesTests {
    /// The `PlugboardDynamic` product, built beside the test binaries.
    static var dynamicLibrary: String {
        #if canImport(Darwin)
            let name = "libPlugboardDynamic.dylib"
        #else
            let name = "libPlugboardDynamic.so"
        #endif
        return (CLI.binary("plugboard-engine-copies") as NSString).deletingLastPathComponent + "/" + name
    }

    @Test func aSecondCopyIsNamedOnceWithTheFix() throws {
        let library = Self.dynamicLibrary
        try #require(FileManager.default.fileExists(atPath: library), "the PlugboardDynamic product is built")
        let run = try CLI.run([library], executable: "plugboard-engine-copies")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "answer=42 again=42\n")
        let warnings = run.errors.components(separatedBy: "two copies of Plugboard's engine").count - 1
        #expect(warnings == 1, "\(run.errors)")
        #expect(run.errors.contains("one in \(library)"), "the first copy's image is named: \(run.errors)")
        #expect(run.errors.contains("depend on the `PlugboardDynamic` product"))
    }

    @Test func oneCopySaysNothing() throws {
        let run = try CLI.run([], executable: "plugboard-engine-copies")
        #expect(run.status == 0)
        #expect(run.output == "answer=42 again=42\n")
        #expect(run.errors.isEmpty, "\(run.errors)")
    }
}
