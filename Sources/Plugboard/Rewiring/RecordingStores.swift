import CPlugboardThread

/// Every store that recorded what a kept instance was built from (see ``ScopedBuilds``): a reload works out
/// what its change reaches over all of them, in containers the profiles list or not (a handler's container
/// that caches an instance built from a listed one).
///
/// A store adds itself at its first record and removes itself in its `deinit`, which waits for this registry's
/// lock: so a store found under the lock can be read and written under it without being retained (a retain
/// could meet a store whose last release already started its `deinit`). The lock is recursive, because what a
/// write under it frees may free a container in turn.
final class RecordingStores: @unchecked Sendable {
    static let shared = RecordingStores()

    private let lock = PlatformLock(recursive: true)
    private var stores: [UInt64: Unmanaged<SlotStore>] = [:]

    func add(_ store: SlotStore) {
        lock.withLock { stores[store.serial] = Unmanaged.passUnretained(store) }
    }

    func remove(_ store: SlotStore) {
        lock.withLock { _ = stores.removeValue(forKey: store.serial) }
    }

    /// Runs `body` over the stores that recorded builds, under the lock: none of them is freed meanwhile.
    /// `body` must not keep them.
    func withEach<R>(_ body: ([UInt64: Unmanaged<SlotStore>]) -> R) -> R {
        lock.withLock { body(stores) }
    }
}

/// The serial of the next store made: a number never reused in the process (see ``ResolvedFactory``).
enum StoreSerials {
    static func next() -> UInt64 {
        AtomicWord<UInt64>(plugboard_static_word(3)).wrappingAdd(1, ordering: .relaxed).newValue
    }
}
