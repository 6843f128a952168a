/// Handing replaced states and dropped instances to the read section, which frees them once no resolution
/// under way can reach them.
extension ContainerManager {
    /// How many replaced states (and the instances they kept) wait for resolutions that began before they were
    /// replaced to finish: the reload metrics' retired-states gauge.
    package static var retiredWaiting: Int { ReadSection.shared.waiting }

    /// Frees the replaced states that no resolution under way can still read.
    package static func collectRetired() {
        ReadSection.shared.collect()
    }

    /// Releases `object` once every resolution under way now has returned: a resolution that began before a
    /// reload may still be handed the instances the reload dropped, until then. Its `deinit` runs on the
    /// thread that frees it (a writer, or ``collectRetired()``), never inside a resolution.
    package static func releaseAfterResolutionsUnderWay(_ object: AnyObject) {
        ReadSection.shared.retire(Unmanaged.passRetained(object))
    }
}
