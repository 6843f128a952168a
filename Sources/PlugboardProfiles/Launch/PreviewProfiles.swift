import Plugboard
@_spi(Tools) import PlugboardProfileFormat

extension ProfileSystem {
    /// Shows one SwiftUI preview with `profiles`: an empty list, a long one, an error state, each a profile of
    /// its own, in the `#Preview` that names it.
    ///
    /// ```swift
    /// #Preview("No notes") {
    ///     ProfileSystem.preview("empty", in: Container.shared, SharingContainer.shared)
    ///     NotesView()
    /// }
    /// ```
    ///
    /// Each container is reset first (registrations, caches, and the process's singletons), so that nothing a
    /// preview shown before in the same process set leaks into this one; then `profiles` are read, checked
    /// against every container listed and applied to all of them, as a launch does, without becoming the
    /// program's launch. Factory's preview helpers still work after it
    /// (`Container.shared.api.preview { MockAPI() }`, written below this call, wins over the profile). A profile
    /// that cannot apply stops the preview with its findings, which Xcode shows: a preview never shows a
    /// half-wired screen.
    ///
    /// - Parameters:
    ///   - profiles: The profiles to show, in the order they merge.
    ///   - containers: Every container the previewed views resolve from.
    ///   - options: Where profiles are found (``ProfileOptions/searchBundle(_:folder:)`` for a bundle's), as at
    ///     launch; its ``ProfileOptions/profiles`` are replaced by `profiles`.
    /// - Returns: SwiftUI's `EmptyView` where SwiftUI is, so that the call is a statement of the preview.
    #if canImport(SwiftUI)
        @discardableResult
    #endif
    public static func preview(
        _ profiles: String..., in containers: any ManagedContainer..., options: ProfileOptions = ProfileOptions()
    ) -> PreviewResult {
        var options = options
        options.profiles = profiles
        options.failurePolicy = .keepDefaults
        Scope.singleton.reset()
        for container in containers { container.manager.reset() }
        let (launch, _) = start(containers, options: options)
        guard launch.isApplied else {
            let findings = launch.diagnostics.map { "\($0)" }.joined(separator: "\n")
            preconditionFailure(
                "Plugboard: the preview's profiles \(profiles.joined(separator: ",")) cannot apply:\n\(findings)")
        }
        return PreviewResult()
    }
}
