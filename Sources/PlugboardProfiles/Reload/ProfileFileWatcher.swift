import Foundation
@_spi(Tools) import PlugboardProfileFormat

/// Watches every file the running profiles were made from (profiles, `extends` parents, `file:` secrets)
/// and reloads when they change: one watcher per process, which ``ProfileSystem/watchProfiles()`` runs.
///
/// It polls: each look takes every path's `stat` and resolved path, so Kubernetes' `..data` symbolic link
/// swap, an editor's rename-over save, a truncate and write, and network or overlay file systems all show
/// as a change, with no event to miss. A change is reloaded once every file has stayed as it is for the
/// quiet period (``ReloadOptions/quietPeriod``): a save made of several steps is one reload, a file that is
/// missing for a moment is waited for, and a reload never reads a file in the middle of a save it saw.
/// A file that stays missing for ten quiet periods is reloaded as it is, and refused (never read as empty).
/// Changes made while a reload runs are seen by the next look and reloaded after it.
///
/// A same-size edit within one tick of the file system's clock leaves the size and times as they were (git's
/// "racy clean" problem): a file whose modification time is that close to now is also hashed at each look, and
/// a hash other than the one the last look or read saw is a change.
package final class ProfileFileWatcher: @unchecked Sendable {
    /// The profiles it reloads; nil for the watcher of a program that launched none.
    package let profiles: RunningProfiles?
    private let interval: Double
    private let quietPeriod: Double
    /// The file system and clock looked at.
    private let files: any WatchedFileSystem
    /// How close to now, in nanoseconds, a file's modification time makes its signature untrustworthy: a
    /// coarse file system's tick (two seconds covers FAT's), and two polls, so that a look hashes it at least
    /// once after any edit its times cannot show.
    private let racyWindow: Int64
    /// Guards ``looks``.
    private let lock = NSLock()
    private var looks = Looks()

    /// What the last look saw.
    private struct Looks {
        /// Each watched path's signature at the last look; nil for a path that was missing.
        var seen: [String: FileSignature?] = [:]
        /// The hash of each file last hashed, by a look or by the reload that read it.
        var hashes: [String: UInt64] = [:]
        /// When a look last saw something change, while a reload is due.
        var changedAt: Double?
        /// When a watched path was first seen missing, while one is.
        var missingSince: Double?
        /// False until the first look, which reloads once: files may have changed since the launch read them.
        var looked = false
        /// Whether the program's configuration told a change since the last look.
        var configurationChanged = false
    }

    init(_ profiles: RunningProfiles?, options: ReloadOptions, files: any WatchedFileSystem = LocalFileSystem()) {
        self.profiles = profiles
        self.files = files
        interval = max(0.01, options.pollInterval)
        quietPeriod = max(0, options.quietPeriod)
        racyWindow = Int64((2 + 2 * interval) * 1_000_000_000)
        if let profiles { looks.hashes = profiles.readHashes }
    }

    /// Looks at the files every ``ReloadOptions/pollInterval`` seconds and reloads after changes, until the
    /// task is cancelled. A refused reload is logged and waited out: it never ends the loop. The program's
    /// configuration (``ProfileOptions/valueSource``) is followed too, where it tells its changes.
    package func run() async {
        await withTaskGroup(of: Void.self) { group in
            if let source = profiles?.options.valueSource {
                group.addTask { await source.watchChanges { [weak self] in self?.configurationChanged() } }
            }
            while !Task.isCancelled {
                // The look reads the files, and may reload: on the reloads' thread, off the cooperative pool.
                if let profiles {
                    _ = await profiles.offThePool { cancelled in
                        self.look(at: ProcessInfo.processInfo.systemUptime, unless: cancelled)
                    }
                }
                try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            }
            group.cancelAll()
        }
    }

    /// Counts a change of the program's configuration as a change of the files: the next look starts the
    /// quiet period, and a reload reads the configuration again once it is over.
    package func configurationChanged() {
        lock.withLock { looks.configurationChanged = true }
    }

    /// One look at the files at time `now` (seconds on any monotonic clock): reloads, and returns the outcome,
    /// when a change has been quiet for the quiet period. What ``run()`` does on each tick; tests call it with
    /// times of their own. `stopped` says the watcher was stopped meanwhile (its task cancelled).
    package func look(at now: Double, unless stopped: @escaping () -> Bool = { Task.isCancelled }) -> ReloadOutcome? {
        guard let profiles else { return nil }
        let paths = profiles.watchedFiles
        let lookups = profiles.watchedLookups
        let wallClock = files.wallClock()
        let due: [String: FileIdentity]? = lock.withLock {
            var changed = !looks.looked || looks.configurationChanged
            looks.configurationChanged = false
            var missing = false
            var seen: [String: FileSignature?] = [:]
            for path in paths {
                let signature = files.signature(of: path)
                if signature == nil { missing = true }
                if looks.looked, looks.seen[path] != .some(signature) { changed = true }
                seen[path] = .some(signature)
                // Times this close to now may hide an edit: the bytes tell.
                if let signature, wallClock - signature.modified <= racyWindow, let hash = files.contentHash(of: path) {
                    if let before = looks.hashes[path], before != hash { changed = true }
                    looks.hashes[path] = hash
                }
            }
            // Where a lookup found nothing, or another file: one appearing (a new parent, a profile in an earlier
            // folder, a second file of one name) is a change; their absence is the usual state, never waited for.
            for path in lookups where seen[path] == nil {
                let signature = files.signature(of: path)
                if looks.looked, let before = looks.seen[path], before != signature { changed = true }
                seen[path] = .some(signature)
            }
            looks.seen = seen
            looks.looked = true
            looks.missingSince = missing ? looks.missingSince ?? now : nil
            if changed { looks.changedAt = now }
            guard let changedAt = looks.changedAt, now - changedAt >= quietPeriod else { return nil }
            // A path missing for a moment (a save that renames the old file away first) is waited for.
            if let since = looks.missingSince, now - since < quietPeriod * 10 { return nil }
            looks.changedAt = nil
            // What the reload must read: the files as this look saw them settled.
            return looks.seen.compactMapValues { $0?.identity }
        }
        guard let waitedOn = due else { return nil }
        // A watcher stopped meanwhile (a service shutting down) applies nothing more. A read that caught a file
        // being written or replaced since this look is set aside: the change is waited out again.
        guard let outcome = profiles.reload(unless: stopped, waitedOn: waitedOn) else {
            if !stopped() { lock.withLock { looks.changedAt = now } }
            return nil
        }
        // The reload may have read files, or tried paths, that a look has not seen yet: they count as the reload
        // found them. A path it found nothing at is absent, whatever is there now (a parent created while the
        // reload ran is a change for the next look); a file it read keeps its signature only while it is still
        // the file it read. What it read is the bytes the next looks compare with.
        let watched = profiles.watchedFiles + profiles.watchedLookups
        let read = profiles.readHashes
        let identities = profiles.readIdentities
        lock.withLock {
            for path in watched where looks.seen[path] == nil {
                let signature = identities[path].flatMap { identity in
                    files.signature(of: path).flatMap { $0.identity == identity ? $0 : nil }
                }
                looks.seen[path] = .some(signature)
            }
            looks.hashes.merge(read) { _, new in new }
        }
        return outcome
    }
}
