import Foundation
import Logging
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// What tells two generations' entries apart: per container, fingerprints of the merged entries.
extension RunningProfiles {
    /// Per container: its merged entries' fingerprints, with the values of the secret references they name
    /// hashed in.
    static func fingerprints(of launch: ProfileGeneration) -> [String: SectionFingerprints] {
        guard launch.isApplied, let merged = launch.merged else { return [:] }
        var secrets: [String: UInt64] = [:]
        for secret in launch.secretReads?.fingerprints ?? [] { secrets[secret.reference.description] = secret.hash }
        return merged.containers.mapValues { SectionFingerprints($0, secrets: secrets) }
    }

    /// The keys whose fingerprints differ, or that only one side names, per container that has any.
    static func changedKeys(from old: [String: SectionFingerprints], to new: [String: SectionFingerprints])
        -> [String: Set<String>]
    {
        var changed: [String: Set<String>] = [:]
        for container in Set(old.keys).union(new.keys) {
            let keys = SectionFingerprints.changedKeys(
                from: old[container] ?? SectionFingerprints(), to: new[container] ?? SectionFingerprints())
            if !keys.isEmpty { changed[container] = keys }
        }
        return changed
    }
}
