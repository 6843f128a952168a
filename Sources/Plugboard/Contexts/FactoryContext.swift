import Foundation

/// The situation the program runs in, which decides the context overrides that apply.
///
/// Detected once at start-up: launch arguments, an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS`), a test run
/// (XCTest or Swift Testing, under `swift test` or Xcode), a simulator, a debug build. The environment
/// variable `PLUGBOARD_CONTEXT` forces contexts on or off, e.g. `PLUGBOARD_CONTEXT=test,-debug`.
/// Every field can be changed at run time, which tests use to exercise context overrides:
///
/// ```swift
/// FactoryContext.current.isTest = false
/// FactoryContext.setArg("mock1", forKey: "myService")
/// ```
public struct FactoryContext: Sendable, Equatable {
    /// The launch arguments that `onArg` overrides match.
    public var arguments: [String]
    /// Arguments added at run time with ``setArg(_:forKey:)``; they match `onArg` like launch arguments.
    public var runtimeArguments: [String: String]
    /// Running in an Xcode preview.
    public var isPreview: Bool
    /// Running under a test runner.
    public var isTest: Bool
    /// Running in a simulator.
    public var isSimulator: Bool
    /// The library was built for debugging.
    public var isDebug: Bool

    /// The context this process runs in, as detected (``detected(arguments:environment:)``): what Factory's
    /// `FactoryContext()` gives. ``empty`` is the context with every fact off.
    public init() {
        self = Self.detected()
    }

    /// A context with every fact off and no arguments: no override applies in it.
    public static var empty: FactoryContext { FactoryContext(arguments: []) }

    /// Creates a context with the given facts (the ones left out are off).
    ///
    /// - Parameters:
    ///   - arguments: The launch arguments `onArg` and `onArgs` match.
    ///   - runtimeArguments: Arguments set at run time, by key (see `setArg(_:forKey:)`).
    ///   - isPreview: Whether the program runs in an Xcode preview.
    ///   - isTest: Whether it runs tests.
    ///   - isSimulator: Whether it runs in a simulator.
    ///   - isDebug: Whether it is a debug build.
    public init(
        arguments: [String] = [],
        runtimeArguments: [String: String] = [:],
        isPreview: Bool = false,
        isTest: Bool = false,
        isSimulator: Bool = false,
        isDebug: Bool = false
    ) {
        self.arguments = arguments
        self.runtimeArguments = runtimeArguments
        self.isPreview = isPreview
        self.isTest = isTest
        self.isSimulator = isSimulator
        self.isDebug = isDebug
    }

    /// The context the program runs in. Setting it (or one of its fields) takes effect on the next resolution.
    /// Inside ``withContext(_:operation:)``, the context given there.
    public static var current: FactoryContext {
        get {
            if overrideCount.load(ordering: .relaxed) > 0, let override = ContextSnapshot.override {
                return override.context
            }
            return ReadSection.read { storage.withCurrent { $0.context } }
        }
        set {
            ReadSection.writing(under: storageLock) { storage.replace(with: ContextSnapshot(newValue)) }
        }
    }

    /// Adds a run-time argument that `onArg(argument)` overrides match, under a key that ``removeArg(forKey:)`` takes.
    ///
    /// - Parameters:
    ///   - argument: The argument, as `onArg` names it.
    ///   - key: What `removeArg(forKey:)` removes it by.
    public static func setArg(_ argument: String, forKey key: String) {
        ReadSection.writing(under: storageLock) {
            var context = storage.withCurrent { $0.context }
            context.runtimeArguments[key] = argument
            storage.replace(with: ContextSnapshot(context))
        }
    }

    /// Removes a run-time argument added with ``setArg(_:forKey:)``.
    ///
    /// - Parameter key: The key it was added under.
    public static func removeArg(forKey key: String) {
        ReadSection.writing(under: storageLock) {
            var context = storage.withCurrent { $0.context }
            context.runtimeArguments[key] = nil
            storage.replace(with: ContextSnapshot(context))
        }
    }

    /// The context detected from this process: arguments, environment, build and platform.
    ///
    /// - Parameters:
    ///   - arguments: The launch arguments; the process's by default.
    ///   - environment: The environment (`XCODE_RUNNING_FOR_PREVIEWS`, `PLUGBOARD_CONTEXT`, a test runner's); the
    ///     process's by default.
    /// - Returns: The context.
    public static func detected(
        arguments: [String] = ProcessInfo.processInfo.arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> FactoryContext {
        var context = FactoryContext(arguments: arguments)
        context.isPreview = environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1"
        context.isTest = Self.looksLikeTestRun(arguments: arguments, environment: environment)
        #if targetEnvironment(simulator)
            context.isSimulator = true
        #endif
        #if DEBUG
            context.isDebug = true
        #endif
        if let forced = environment["PLUGBOARD_CONTEXT"] {
            for item in forced.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let on = !item.hasPrefix("-")
                switch item.drop(while: { $0 == "-" }) {
                case "test": context.isTest = on
                case "preview": context.isPreview = on
                case "debug": context.isDebug = on
                case "simulator": context.isSimulator = on
                case "device": context.isSimulator = !on
                default: break
                }
            }
        }
        return context
    }

    /// Runs `operation` as if the program ran in `context`, for this task and its child tasks only; other
    /// tasks keep seeing ``current``. Lets tests of context overrides run in parallel.
    ///
    /// - Parameters:
    ///   - context: The context resolutions see.
    ///   - operation: What runs in it.
    ///   - isolation: The caller's actor, where `operation` runs; leave it out.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withContext<R>(
        _ context: FactoryContext,
        operation: () async throws -> R,
        isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> R {
        overrideCount.wrappingAdd(1, ordering: .relaxed)
        defer { overrideCount.wrappingSubtract(1, ordering: .relaxed) }
        return try await ContextSnapshot.$override.withValue(ContextSnapshot(context), operation: operation)
    }

    /// The synchronous form of ``withContext(_:operation:isolation:)``.
    ///
    /// - Parameters:
    ///   - context: The context resolutions see.
    ///   - operation: What runs in it.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withContext<R>(_ context: FactoryContext, operation: () throws -> R) rethrows -> R {
        overrideCount.wrappingAdd(1, ordering: .relaxed)
        defer { overrideCount.wrappingSubtract(1, ordering: .relaxed) }
        return try ContextSnapshot.$override.withValue(ContextSnapshot(context), operation: operation)
    }

    @usableFromInline static let overrideCount = Atomic<Int>(0)

    /// XCTest and Swift Testing leave these marks on Linux and Apple platforms, under `swift test` and Xcode.
    static func looksLikeTestRun(arguments: [String], environment: [String: String]) -> Bool {
        let markers = [
            "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier", "SWT_SWIFT_TESTING",
        ]
        if markers.contains(where: { environment[$0] != nil }) { return true }
        if arguments.contains(where: { $0.contains(".xctest") || $0 == "--testing-library" }) { return true }
        let process = ProcessInfo.processInfo.processName
        return process.hasSuffix(".xctest") || process.hasSuffix("PackageTests") || process == "xctest"
            || process == "swiftpm-testing-helper"
    }

    private static let storageLock = PlatformLock()
    @usableFromInline static let storage = Published.standalone(ContextSnapshot(FactoryContext.detected()))

    /// The override among `contexts` that applies now, by the documented precedence. Call in a read section.
    @inlinable
    static func matching(_ contexts: ContextOverrides, checkArguments: Bool) -> AnyObject? {
        if overrideCount.load(ordering: .relaxed) > 0, let override = ContextSnapshot.override {
            return match(contexts, checkArguments: checkArguments, in: override)
        }
        return storage.withCurrent { match(contexts, checkArguments: checkArguments, in: $0) }
    }

    @inlinable
    static func match(_ contexts: ContextOverrides, checkArguments: Bool, in snapshot: ContextSnapshot) -> AnyObject? {
        let context = snapshot.context
        if checkArguments {
            for argument in context.arguments {
                if let found = contexts[.arg(argument)] { return found }
            }
            for argument in snapshot.sortedRuntimeArguments {
                if let found = contexts[.arg(argument)] { return found }
            }
        }
        if context.isPreview, let found = contexts[.preview] { return found }
        if context.isTest, let found = contexts[.test] { return found }
        if context.isSimulator, let found = contexts[.simulator] { return found }
        if !context.isSimulator, let found = contexts[.device] { return found }
        if context.isDebug, let found = contexts[.debug] { return found }
        return nil
    }
}

/// A published copy of the current context.
@usableFromInline
final class ContextSnapshot: @unchecked Sendable {
    /// The context set by `FactoryContext.withContext` for this task, if any.
    @TaskLocal @usableFromInline static var override: ContextSnapshot?

    @usableFromInline let context: FactoryContext
    /// Run-time arguments in a fixed order, so that the same setup always picks the same override.
    @usableFromInline let sortedRuntimeArguments: [String]

    init(_ context: FactoryContext) {
        self.context = context
        sortedRuntimeArguments = context.runtimeArguments.sorted { $0.key < $1.key }.map(\.value)
    }
}
