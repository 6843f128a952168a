/// A context a profile entry may choose for (`contexts: { test: ..., arg:demo: ... }`), as the format names
/// it; the applying module turns it into the engine's `FactoryContextType`.
package enum ProfileContext: Hashable, Sendable {
    /// Under a test runner.
    case test
    /// In an Xcode preview.
    case preview
    /// In a debug build.
    case debug
    /// In a simulator.
    case simulator
    /// On a device.
    case device
    /// When the program was launched with this argument (`arg:NAME`).
    case argument(String)
}
