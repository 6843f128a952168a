/// The identity of a factory inside a container: its key (the property's name) and its types, interned
/// once into a small integer so that containers find a factory's slot by indexing an array.
public struct FactoryKey: Hashable, Sendable, CustomStringConvertible {
    /// The dense number every container uses as the index of this factory's slot.
    @usableFromInline package let id: Int

    @usableFromInline
    init(id: Int) {
        self.id = id
    }

    /// Interns a key given as a literal (`#function`): after the first call, a lock-free probe on its address.
    @inlinable @inline(__always)
    init(_ name: StaticString, _ first: Any.Type, _ second: Any.Type) {
        id = literalKeyID(name, ObjectIdentifier(first), ObjectIdentifier(second))
    }

    /// Interns a key given as a run-time string (type-keyed registrations, profiles).
    ///
    /// - Parameters:
    ///   - name: The key's name.
    ///   - first: The factory's parameter type.
    ///   - second: The factory's result type.
    public init(name: String, _ first: Any.Type, _ second: Any.Type) {
        id = FactoryKeyRegistry.shared.id(named: name, ObjectIdentifier(first), ObjectIdentifier(second))
    }

    /// Interns a key identified by its types alone (type-keyed registrations): a lock-free probe after the
    /// first call; `name` is asked for only then.
    @inlinable @inline(__always)
    package init(typeKeyed first: Any.Type, _ second: Any.Type, name: () -> String) {
        id = FactoryKeyRegistry.id(typeKeyed: ObjectIdentifier(first), ObjectIdentifier(second), name: name)
    }

    /// The factory's key as written in code: `service`, or `service(id:)` for a function.
    public var name: String { FactoryKeyRegistry.shared.name(of: id) }

    /// The factory's key and the type it produces, for messages.
    public var description: String { name }
}

/// A literal key's id: a lock-free probe on the literal's address, interning it the first time. One call
/// instead of inlined code, so that container getters stay small enough to inline; the first-time path is a
/// function of its own, so the probe needs no stack frame. A free function: a static one takes its type's
/// metatype, and the optimizer's version without it is reached through a forwarding thunk on every call.
@usableFromInline @inline(never)
func literalKeyID(_ name: StaticString, _ first: ObjectIdentifier, _ second: ObjectIdentifier) -> Int {
    let address = KeyAddress.literal(name)
    let a = UInt(bitPattern: first), b = UInt(bitPattern: second)
    if let id = FactoryKeyRegistry.find(address, a, b) {
        return id
    }
    return FactoryKeyRegistry.internLiteral(name, address: address, a, b)
}

/// Maps (key literal address or text, types) to dense ids.
///
/// The fast table is keyed by the literal's address and is published for lock-free probes; the slow path
/// canonicalises by text so that the same key written at two call sites (or inlined into two modules) is
/// the same factory.
@usableFromInline
final class FactoryKeyRegistry: @unchecked Sendable {
    @usableFromInline static let shared = FactoryKeyRegistry()

    @usableFromInline
    struct Entry {
        var address: UInt64
        var first: UInt
        var second: UInt
        var id: Int
    }

    /// One table entry. The address is stored last, with release ordering, so a reader that sees it sees the rest.
    @usableFromInline
    struct AtomicEntry {
        /// The entry's four words, in the table's allocation.
        @usableFromInline let base: UnsafeMutablePointer<UInt64>
        @inlinable init(_ base: UnsafeMutablePointer<UInt64>) { self.base = base }
        @inlinable var address: AtomicWord<UInt64> { AtomicWord(base) }
        @inlinable var first: AtomicWord<UInt> { AtomicWord(base + 1) }
        @inlinable var second: AtomicWord<UInt> { AtomicWord(base + 2) }
        @inlinable var id: AtomicWord<Int> { AtomicWord(base + 3) }
    }

    /// An open-addressing table; never freed once published (old tables are kept, so readers need no section).
    @usableFromInline
    final class Table: @unchecked Sendable {
        @usableFromInline let mask: Int
        @usableFromInline let words: UnsafeMutablePointer<UInt64>

        init(capacity: Int) {
            mask = capacity - 1
            words = .allocate(capacity: capacity * 4)
            words.initialize(repeating: 0, count: capacity * 4)
        }

        /// Entry `index`: four words, the address last written.
        @inlinable @inline(__always)
        func entry(_ index: Int) -> AtomicEntry {
            AtomicEntry(words + index &* 4)
        }

        @inlinable @inline(__always)
        func find(_ address: UInt64, _ first: UInt, _ second: UInt) -> Int? {
            var index = KeyAddress.hash(address) & mask
            while true {
                let entry = self.entry(index)
                let stored = entry.address.load(ordering: .acquiring)
                if stored == 0 { return nil }
                if stored == address && entry.first.load(ordering: .relaxed) == first
                    && entry.second.load(ordering: .relaxed) == second
                {
                    return entry.id.load(ordering: .relaxed)
                }
                index = (index &+ 1) & mask
            }
        }

        /// Adds an entry in place; concurrent probes see it whole or not at all. Call under the registry's lock.
        func insert(_ entry: Entry) {
            var index = KeyAddress.hash(entry.address) & mask
            while self.entry(index).address.load(ordering: .relaxed) != 0 { index = (index &+ 1) & mask }
            let slot = self.entry(index)
            slot.first.store(entry.first, ordering: .relaxed)
            slot.second.store(entry.second, ordering: .relaxed)
            slot.id.store(entry.id, ordering: .relaxed)
            slot.address.store(entry.address, ordering: .releasing)
        }
    }

    private struct TextKey: Hashable {
        let name: String
        let first: ObjectIdentifier
        let second: ObjectIdentifier
    }

    /// The current fast table (a retained `Table`'s address; 0 before the first key), a statically
    /// initialized global so that probing it needs no lazy-initialization check.
    @inlinable static var fastTable: AtomicWord<UInt> { StaticWords.keyTable }
    private let lock = PlatformLock()
    private nonisolated(unsafe) var fastEntries: [Entry] = []
    private nonisolated(unsafe) var idsByText: [TextKey: Int] = [:]
    private nonisolated(unsafe) var names: [String] = []
    private nonisolated(unsafe) var retiredTables: [Table] = []

    private init() {
        // Room for a program's keys up front: growing rehashes every key's text, which a launch that declares
        // a thousand factories paid again at each doubling.
        idsByText.reserveCapacity(1024)
        names.reserveCapacity(1024)
        fastEntries.reserveCapacity(1024)
        Self.fastTable.store(
            UInt(bitPattern: Unmanaged.passRetained(Table(capacity: 256)).toOpaque()), ordering: .releasing)
    }

    /// The current fast table. Call under `lock` (only writers replace it).
    private var currentTable: Table {
        Unmanaged<Table>.fromOpaque(
            UnsafeRawPointer(bitPattern: Self.fastTable.load(ordering: .acquiring)).unsafelyUnwrapped
        )
        .takeUnretainedValue()
    }

    /// Looks a literal key up in the fast table without touching `shared`.
    @inlinable @inline(__always)
    static func find(_ address: UInt64, _ first: UInt, _ second: UInt) -> Int? {
        let raw = fastTable.load(ordering: .acquiring)
        guard raw != 0 else { return nil }
        return Unmanaged<Table>.fromOpaque(UnsafeRawPointer(bitPattern: raw).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.find(address, first, second) }
    }

    /// The first use of a literal key: its text is interned under the registry's lock.
    @inline(never)
    static func internLiteral(_ name: StaticString, address: UInt64, _ first: UInt, _ second: UInt) -> Int {
        shared.intern(name.description, address: address, first, second)
    }

    @inlinable @inline(__always)
    static func id(typeKeyed first: ObjectIdentifier, _ second: ObjectIdentifier, name: () -> String) -> Int {
        let a = UInt(bitPattern: first), b = UInt(bitPattern: second)
        let address = KeyAddress.typeKeyed(a, b)
        if let id = Self.find(address, a, b) {
            return id
        }
        return shared.intern(name(), address: address, a, b)
    }

    @usableFromInline
    func intern(_ text: String, address: UInt64, _ first: UInt, _ second: UInt) -> Int {
        lock.withLock {
            let current = currentTable
            if let id = current.find(address, first, second) { return id }
            let id = canonicalID(text, first, second)
            let entry = Entry(address: address, first: first, second: second, id: id)
            fastEntries.append(entry)
            if fastEntries.count * 2 > current.mask + 1 {
                let grown = Table(capacity: (current.mask + 1) * 4)
                for existing in fastEntries { grown.insert(existing) }
                retiredTables.append(current)  // readers may still probe it: keep it alive
                let published = UInt(bitPattern: Unmanaged.passRetained(grown).toOpaque())
                Unmanaged<Table>.fromOpaque(
                    UnsafeRawPointer(bitPattern: Self.fastTable.exchange(published, ordering: .acquiringAndReleasing))
                        .unsafelyUnwrapped
                ).release()
            } else {
                current.insert(entry)
            }
            return id
        }
    }

    func id(named name: String, _ first: ObjectIdentifier, _ second: ObjectIdentifier) -> Int {
        lock.withLock { canonicalID(name, UInt(bitPattern: first), UInt(bitPattern: second)) }
    }

    /// Must be called under `lock`.
    private func canonicalID(_ name: String, _ first: UInt, _ second: UInt) -> Int {
        let key = TextKey(
            name: name,
            first: unsafeBitCast(first, to: ObjectIdentifier.self),
            second: unsafeBitCast(second, to: ObjectIdentifier.self)
        )
        if let id = idsByText[key] { return id }
        let id = names.count
        // A factory keeps its key's number in its word (see `RegistrationWord`).
        precondition(id <= RegistrationWord.maxID, "Plugboard: more factory keys than a registration word holds")
        names.append(name)
        idsByText[key] = id
        return id
    }

    func name(of id: Int) -> String {
        lock.withLock { id < names.count ? names[id] : "#\(id)" }
    }
}
