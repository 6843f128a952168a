/// One wiring a program ran: the launch's (number 1) or an applied reload's.
public struct ProfileGeneration: Sendable, Equatable {
    /// 1 for the launch, one more for each applied reload.
    public let number: Int
    /// The factories this generation rewired, as `Container.key` (at the launch: every factory the profiles change).
    public let changedFactories: [String]
    /// The profile files it was made from, parents first.
    public let files: [String]
    /// A hash of those files' contents, as the launch's log line prints it.
    public let contentHash: String

    init(_ launch: ProfileLaunch, number: Int, changed: [String]) {
        self.number = number
        changedFactories = changed
        files = launch.files
        contentHash = launch.contentHash
    }
}
