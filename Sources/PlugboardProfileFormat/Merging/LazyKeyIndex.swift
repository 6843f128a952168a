import Foundation

/// A merged section's entry positions by factory key, made the first time a key is looked up.
///
/// Merging one profile's section into an empty one needs no lookups (its keys are distinct: see
/// ``ContainerSection``), and that is nearly every merge: a program applies one profile, or a parent and a
/// child that name different factories. For a profile of 164,000 keys, making the table took two thirds of the
/// time merging did.
/// The section's copies share the index (it is only ever filled from the entries they share), so it sits
/// behind a lock to be made once by whichever thread asks first. The lock is a POSIX one (`NSLock`), which
/// ThreadSanitizer follows; it does not see `Synchronization.Mutex` take and release its lock on Linux.
final class LazyKeyIndex: @unchecked Sendable {
    private let lock = NSLock()
    /// Read and written only under `lock`.
    private var table: NameIndex?

    /// An index to make from the entries when it is first asked for.
    init() {}

    /// An index already made.
    init(_ made: NameIndex) {
        table = made
    }

    /// The position of `key` in `entries`, the entries this index was made for.
    func position(of key: String, in entries: [MergedEntry]) -> Int? {
        lock.withLock {
            if table == nil { table = Self.make(entries) }
            return table.unsafelyUnwrapped.value(for: key)
        }
    }

    /// The table, to change for entries that are about to change: moved out when no copy of the section
    /// shares this index, copied otherwise.
    static func take(_ index: inout LazyKeyIndex, for entries: [MergedEntry]) -> NameIndex {
        let unique = isKnownUniquelyReferenced(&index)
        let shared = index
        return shared.lock.withLock {
            let made = shared.table ?? make(entries)
            shared.table = unique ? nil : made
            return made
        }
    }

    private static func make(_ entries: [MergedEntry]) -> NameIndex {
        var table = NameIndex(capacity: entries.count)
        for (position, entry) in entries.enumerated() {
            _ = table.valueOrInsert(entry.key, position)
        }
        return table
    }
}
