/// Handing replaced states and dropped instances to the read section, which frees them once no resolution
/// under way can reach them.
extension ContainerManager {
    /// How many replaced states (and the instances they kept) wait for resolutions that began before they were
    /// replaced to finish: the reload metrics' retired-states gauge.
    package static var retiredWaiting: Int { ReadSection.shared.waiting }

    /// Starts holding back what this thread frees (replaced states and the instances they kept), until the
    /// matching ``endHoldingFrees()``: for code that holds a lock of its own around the engine's writes (the
    /// reload lock), so that no `deinit` runs under it. Pairs nest.
    package static func beginHoldingFrees() {
        ReadSection.beginWriting()
    }

    /// Ends ``beginHoldingFrees()``, after the lock it covers was let go: releases what was held back once this
    /// thread holds no engine lock and is between resolutions.
    package static func endHoldingFrees() {
        ReadSection.endWriting()
    }

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
