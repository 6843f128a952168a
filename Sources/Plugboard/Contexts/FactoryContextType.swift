/// A situation in which a context override applies (see `context(_:factory:)` and the `on...` modifiers).
///
/// Precedence when several match: `arg`/`args`, then `preview`, `test`, `simulator`, `device`, `debug`;
/// all of them win over a registered closure, which wins over the factory's own definition.
public enum FactoryContextType: Hashable, Sendable, CustomStringConvertible {
    /// The program was launched with this argument, or it was set with `FactoryContext.setArg(_:forKey:)`.
    case arg(String)
    /// Any of these launch arguments.
    case args([String])
    /// Running in an Xcode preview.
    case preview
    /// Running under a test runner (XCTest or Swift Testing), or forced with `PLUGBOARD_CONTEXT=test`.
    case test
    /// The library was built for debugging.
    case debug
    /// Running in a simulator.
    case simulator
    /// Running on a device (anything that is not a simulator).
    case device

    /// The context's name as profiles and messages spell it: `test`, `arg:mock1`.
    public var description: String {
        switch self {
        case .arg(let argument): "arg:\(argument)"
        case .args(let arguments): "args:\(arguments.joined(separator: ","))"
        case .preview: "preview"
        case .test: "test"
        case .debug: "debug"
        case .simulator: "simulator"
        case .device: "device"
        }
    }
}
