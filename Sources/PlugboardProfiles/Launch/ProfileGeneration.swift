import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// One wiring of the program's profiles: the launch's (number 1) or an applied reload's. It says what made
/// the wiring (the active profiles, the files read, the single-setting overrides), every finding, and whether
/// the profiles apply to every container or to none. Its fields never change once it is made.
///
/// ``ProfileSystem/launch(_:options:)-([ManagedContainer],_)`` returns the launch's (and
/// ``ProfileSystem/bootstrap(_:options:)-(ManagedContainer...,_)`` acts on it); ``ProfileSystem/current`` is the
/// running one, which each applied reload replaces; ``ProfileSystem/reloadOutcomes`` tells each new one. Containers
/// made later apply the running generation's checked result for their type, reading nothing again.
///
/// `applyProfile(...)` returns the generation as one container applied it: its ``profiledFactories`` are that
/// container's, and when the container's declarations do not match the ones the generation was checked against,
/// it is ``Outcome/refused`` with the mismatch, while the rest of the program runs the generation.
public struct ProfileGeneration: Sendable, Equatable {
    /// How a generation's pipeline ended.
    public enum Outcome: Sendable, Equatable {
        /// Every check passed: the profiles apply to every container (also when no profile is active).
        case applied
        /// At least one error: no container is rewired; ``FailurePolicy`` decides what the program does.
        case refused
        /// `--plugboard-export-catalog PATH` asked for the catalog, which was written there; nothing applied.
        case catalogExported(path: String)
        /// The catalog was asked for but could not be written; nothing applied.
        case catalogNotWritten(path: String, reason: String)
    }

    /// 1 for the launch, one more for each applied reload (what ``ReloadOutcome/applied(generation:changedFactories:)``
    /// numbers).
    public internal(set) var number = 1
    /// How the pipeline ended: applied, or refused with every container keeping its wiring.
    public internal(set) var outcome: Outcome
    /// The active profiles and what chose them.
    public internal(set) var selection: ProfileSelection
    /// The files read, parents first.
    public internal(set) var files: [String] = []
    /// A hash of the files' contents (FNV-1a, 64 bits, hex), to tell versions apart in logs.
    public internal(set) var contentHash: String = ""
    /// Every finding, in file order: errors when refused, warnings either way.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// The containers the profiles were checked against, sorted.
    public internal(set) var containers: [String] = []
    /// The single-setting overrides applied over the files, by origin (`$PLUGBOARD__Container__store__use`,
    /// `--plugboard-set Container.store.use`), in the order they apply. Their values are not kept here.
    public internal(set) var overrides: [String] = []
    /// The factories the profiles wire differently from the code, as `Container.key`, container by container:
    /// every one this generation's profiles choose for, whether or not the reload that made it changed it
    /// (what a reload changed is ``ReloadOutcome/applied(generation:changedFactories:)``'s list).
    public var profiledFactories: [String] {
        changedKeys.keys.sorted().flatMap { container in
            // One concatenation per name: an interpolation costs twice as much, for every factory changed.
            let prefix = container + "."
            return changedKeys[container]!.map { prefix + $0 }
        }
    }
    /// The keys the profiles change, per container (what ``profiledFactories`` spells out).
    var changedKeys: [String: [String]] = [:]
    /// The merged profiles, kept so that containers made later apply them without reading the files again.
    var merged: MergedProfile?
    /// The custom scopes of every container checked, which profiles may name in any container's section.
    var customScopes: [String: Scope] = [:]
    /// What resolved the secrets at launch, for containers made later, which decode their settings again.
    var secrets: SecretResolver?
    /// Every file read (profiles, parents, `file:` secrets), with a hash of what was read: what a watcher
    /// watches and a reload compares.
    var inputFiles: [(path: String, hash: UInt64)] = []
    /// Every path a profile's lookup tried, there or not (`app.yaml`, `app.yml`, `app.json` in each folder
    /// searched until one had it): a file appearing there changes what the same lookup finds.
    var lookups: [String] = []
    /// Which file each read read (device, inode, bytes), for a watcher to tell a read of the file it waited on.
    var readIdentities: [String: FileIdentity] = [:]
    /// One hash of every input: the files read, the secrets' values and the overrides' values.
    var inputsHash: UInt64 = 0
    /// The secret references resolved, with hashes of their values.
    var secretReads: SecretReads?

    /// Whether the profiles apply: ``outcome`` is ``Outcome/applied``.
    public var isApplied: Bool { outcome == .applied }
}

extension ProfileGeneration {
    /// Two generations are equal when they are the same wiring, made the same way: the same number and
    /// outcome, from the same files, profiles and overrides, with the same findings and the same factories
    /// profiled. What they keep for containers made later is not compared.
    public static func == (lhs: ProfileGeneration, rhs: ProfileGeneration) -> Bool {
        lhs.number == rhs.number && lhs.outcome == rhs.outcome && lhs.selection == rhs.selection
            && lhs.files == rhs.files && lhs.contentHash == rhs.contentHash && lhs.inputsHash == rhs.inputsHash
            && lhs.diagnostics == rhs.diagnostics && lhs.containers == rhs.containers
            && lhs.overrides == rhs.overrides && lhs.changedKeys == rhs.changedKeys
    }
}
