/// One factory in a chain of async builds: its container and key.
@usableFromInline
package struct AsyncResolutionStep: Hashable, Sendable, CustomStringConvertible {
    /// The container's manager: a factory's identity within the program.
    let manager: ObjectIdentifier
    let key: FactoryKey
    /// `Container.key`, as a cycle's message spells it.
    let containerName: String

    @usableFromInline package var description: String { "\(containerName).\(key.name)" }

    @usableFromInline package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.manager == rhs.manager && lhs.key == rhs.key
    }
    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(manager)
        hasher.combine(key)
    }
}

/// The async builds the current task is part of, outermost first: a build that resolves a factory already in
/// it would wait for itself.
enum AsyncResolution {
    @TaskLocal static var chain: [AsyncResolutionStep] = []
}

/// Why an ``AsyncFactory`` resolution failed without its factory's closure throwing.
public enum AsyncResolutionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A build resolved, directly or through others, the factory it builds: the chain, outermost first,
    /// ending with the factory that was asked for again (`Container.database`, `Container.pool`,
    /// `Container.database`). A synchronous factory stops the program on a cycle; an async one throws this.
    case cycle([String])

    public var description: String {
        switch self {
        case .cycle(let chain): "async factory cycle: " + chain.joined(separator: " -> ")
        }
    }
}
