import PlugboardProfileFormat

/// How one ``ProfileSystem/reload()`` ended.
public enum ReloadOutcome: Sendable, Equatable {
    /// The files passed every check, and every container now resolves with them: `generation` is the new
    /// wiring's number, and `changedFactories` the factories it rewired, as `Container.key`.
    case applied(generation: Int, changedFactories: [String])
    /// The inputs are the running ones (or differ only where no factory's wiring changes): nothing was
    /// rewired and no generation was made. Clears the degraded state of an earlier refusal.
    case unchanged(generation: Int)
    /// At least one error: every container keeps the wiring of `generation`, the one running. The
    /// diagnostics are the launch's and `plugboard validate`'s for the same files.
    case refused(generation: Int, diagnostics: [Diagnostic])

    /// Whether the attempt rewired the containers: `if await ProfileSystem.switchProfiles(to: ["demo"]).isApplied`.
    public var isApplied: Bool {
        if case .applied = self { true } else { false }
    }

    /// The generation running after this attempt, whichever way it ended: the new one when it applied, the
    /// one that kept running otherwise.
    public var generation: Int {
        switch self {
        case .applied(let generation, _), .unchanged(let generation), .refused(let generation, _): generation
        }
    }
}
