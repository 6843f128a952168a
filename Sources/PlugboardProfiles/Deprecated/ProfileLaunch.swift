/// What 0.4 called the launch's result, which is now one ``ProfileGeneration`` like every reload's: the
/// members a program read of it (`outcome`, `selection`, `files`, `diagnostics`, `isApplied`...) are the
/// generation's, spelled the same.
@available(*, deprecated, renamed: "ProfileGeneration")
public typealias ProfileLaunch = ProfileGeneration

extension ProfileGeneration {
    /// The factories the profiles wire differently from the code, as 0.4's `ProfileLaunch` named them.
    @available(*, deprecated, renamed: "profiledFactories")
    public var changedFactories: [String] { profiledFactories }
}

/// What 0.4's `applyProfile(...)` returned: the generation as one container applied it, which is now a
/// ``ProfileGeneration`` like the launch's. It was an `Error`; a program that threw it throws its
/// ``ProfileGeneration/diagnostics`` instead.
@available(*, deprecated, renamed: "ProfileGeneration")
public typealias ProfileReport = ProfileGeneration

extension ProfileGeneration {
    /// Whether profiles or single-setting overrides were applied, as 0.4's `ProfileReport.applied` said: false
    /// when the profiles applied but none was active and nothing was overridden.
    @available(*, deprecated, message: "read isApplied, and selection.source for whether a profile was active")
    public var applied: Bool {
        isApplied && (selection.source != .none || !overrides.isEmpty)
    }
}
