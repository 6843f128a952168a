import Foundation
import Plugboard

/// Which generation each reload made the running one, and at which wiring epoch, for as long as a resolution
/// that started before that epoch may still run. A container that applies the running generation meanwhile (a
/// new instance made inside such a resolution, or one auto-registering while the reload publishes) publishes
/// the generation each of those resolutions began in first, then each newer one stamped with its epoch, so
/// that every resolution reads one generation in every container (see `ContainerManager.writing(asOf:_:)`).
final class EpochGenerations: @unchecked Sendable {
    /// One reload's publication: the generation it made running, at `epoch`, and the one it replaced.
    struct Step {
        let epoch: UInt64
        let generation: ProfileGeneration
        let replaced: ProfileGeneration
    }

    private let lock = NSLock()
    private var steps: [Step] = []

    /// Records that the publication under way on this thread makes `generation` the running one in place of
    /// `replaced`. Steps no resolution can read before any more are let go.
    func record(_ generation: ProfileGeneration, replacing replaced: ProfileGeneration) {
        let epoch = ContainerManager.epochPublishedOnThisThread
        guard epoch != 0 else { return }
        let settled = ContainerManager.settledEpoch
        lock.withLock {
            steps.removeAll { $0.epoch <= settled }
            steps.append(Step(epoch: epoch, generation: generation, replaced: replaced))
        }
    }

    /// What a container applying the running generation must publish for a resolution that reads `epoch`: the
    /// generation that resolution began in, then each newer one with the epoch that made it running. Empty
    /// when no reload has made a generation running since `epoch`.
    func publications(readingAsOf epoch: UInt64) -> [(epoch: UInt64, generation: ProfileGeneration)] {
        let settled = ContainerManager.settledEpoch
        let newer = lock.withLock {
            // A replaced generation is let go of as soon as nothing can read it (its secrets with it).
            steps.removeAll { $0.epoch <= settled }
            return steps.filter { $0.epoch > epoch }
        }
        guard let first = newer.first else { return [] }
        return [(0, first.replaced)] + newer.map { ($0.epoch, $0.generation) }
    }

    /// The epoch at which `generation` became the running one, or 0 when no recorded reload made it so.
    func epoch(of generation: ProfileGeneration) -> UInt64 {
        lock.withLock { steps.last { $0.generation.number == generation.number }?.epoch ?? 0 }
    }
}
