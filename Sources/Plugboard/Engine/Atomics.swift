import CPlugboardThread

// The engine's atomics: a 64-bit word in memory Plugboard owns, operated on by the compiler's `__atomic`
// built-ins (see `CPlugboardAtomics.h`). The spelling follows the standard `Synchronization` module, whose
// `Atomic` needs macOS 15 / iOS 18; this runs on every release the package supports, at the same cost (each
// operation inlines to the one instruction it names).

/// A value kept in an atomic word: the engine keeps integers, flags and addresses.
@usableFromInline
protocol AtomicWordValue {
    init(atomicWord: UInt64)
    var atomicWord: UInt64 { get }
}

extension UInt: AtomicWordValue {
    @inlinable init(atomicWord: UInt64) { self.init(truncatingIfNeeded: atomicWord) }
    @inlinable var atomicWord: UInt64 { UInt64(truncatingIfNeeded: self) }
}

extension Int: AtomicWordValue {
    @inlinable init(atomicWord: UInt64) { self.init(truncatingIfNeeded: atomicWord) }
    @inlinable var atomicWord: UInt64 { UInt64(truncatingIfNeeded: self) }
}

extension UInt64: AtomicWordValue {
    @inlinable init(atomicWord: UInt64) { self = atomicWord }
    @inlinable var atomicWord: UInt64 { self }
}

extension Bool: AtomicWordValue {
    @inlinable init(atomicWord: UInt64) { self = atomicWord != 0 }
    @inlinable var atomicWord: UInt64 { self ? 1 : 0 }
}

/// The orders a load may take.
@usableFromInline
struct AtomicLoadOrdering: Sendable {
    @usableFromInline let order: Int32
    @inlinable init(_ order: Int32) { self.order = order }
    @inlinable static var relaxed: Self { Self(Int32(plugboard_order_relaxed)) }
    @inlinable static var acquiring: Self { Self(Int32(plugboard_order_acquire)) }
    @inlinable static var sequentiallyConsistent: Self { Self(Int32(plugboard_order_seq_cst)) }
}

/// The orders a store may take.
@usableFromInline
struct AtomicStoreOrdering: Sendable {
    @usableFromInline let order: Int32
    @inlinable init(_ order: Int32) { self.order = order }
    @inlinable static var relaxed: Self { Self(Int32(plugboard_order_relaxed)) }
    @inlinable static var releasing: Self { Self(Int32(plugboard_order_release)) }
    @inlinable static var sequentiallyConsistent: Self { Self(Int32(plugboard_order_seq_cst)) }
}

/// The orders a read-modify-write operation may take.
@usableFromInline
struct AtomicUpdateOrdering: Sendable {
    @usableFromInline let order: Int32
    @inlinable init(_ order: Int32) { self.order = order }
    @inlinable static var relaxed: Self { Self(Int32(plugboard_order_relaxed)) }
    @inlinable static var acquiring: Self { Self(Int32(plugboard_order_acquire)) }
    @inlinable static var releasing: Self { Self(Int32(plugboard_order_release)) }
    @inlinable static var acquiringAndReleasing: Self { Self(Int32(plugboard_order_acq_rel)) }
    @inlinable static var sequentiallyConsistent: Self { Self(Int32(plugboard_order_seq_cst)) }

    /// The order a failed compare-exchange loads with: C forbids a release there.
    @inlinable var failureOrder: Int32 {
        if order == Int32(plugboard_order_release) { return Int32(plugboard_order_relaxed) }
        if order == Int32(plugboard_order_acq_rel) { return Int32(plugboard_order_acquire) }
        return order
    }
}

/// Something that names an atomic word: the operations, written once for every kind of word.
@usableFromInline
protocol AtomicWordAccess {
    associatedtype Value: AtomicWordValue
    var address: UnsafeMutablePointer<UInt64> { get }
}

extension AtomicWordAccess {
    @inlinable @inline(__always)
    func load(ordering: AtomicLoadOrdering) -> Value {
        Value(atomicWord: plugboard_atomic_load(address, ordering.order))
    }

    @inlinable @inline(__always)
    func store(_ value: Value, ordering: AtomicStoreOrdering) {
        plugboard_atomic_store(address, value.atomicWord, ordering.order)
    }

    @inlinable @inline(__always)
    func exchange(_ value: Value, ordering: AtomicUpdateOrdering) -> Value {
        Value(atomicWord: plugboard_atomic_exchange(address, value.atomicWord, ordering.order))
    }

    @inlinable @inline(__always)
    func compareExchange(
        expected: Value, desired: Value, ordering: AtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Value) {
        var found = expected.atomicWord
        let exchanged = plugboard_atomic_compare_exchange(
            address, &found, desired.atomicWord, ordering.order, ordering.failureOrder)
        return (exchanged, Value(atomicWord: found))
    }

    @inlinable @inline(__always)
    func compareExchange(
        expected: Value, desired: Value, successOrdering: AtomicUpdateOrdering, failureOrdering: AtomicLoadOrdering
    ) -> (exchanged: Bool, original: Value) {
        var found = expected.atomicWord
        let exchanged = plugboard_atomic_compare_exchange(
            address, &found, desired.atomicWord, successOrdering.order, failureOrdering.order)
        return (exchanged, Value(atomicWord: found))
    }
}

extension AtomicWordAccess where Value: FixedWidthInteger {
    @inlinable @inline(__always) @discardableResult
    func wrappingAdd(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: plugboard_atomic_fetch_add(address, operand.atomicWord, ordering.order))
        return (old, old &+ operand)
    }

    @inlinable @inline(__always) @discardableResult
    func wrappingSubtract(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: plugboard_atomic_fetch_sub(address, operand.atomicWord, ordering.order))
        return (old, old &- operand)
    }

    @inlinable @inline(__always) @discardableResult
    func bitwiseOr(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: plugboard_atomic_fetch_or(address, operand.atomicWord, ordering.order))
        return (old, old | operand)
    }

    @inlinable @inline(__always) @discardableResult
    func bitwiseAnd(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: plugboard_atomic_fetch_and(address, operand.atomicWord, ordering.order))
        return (old, old & operand)
    }
}

/// An atomic word at an address someone else owns: a slot of a table, a per-thread counter.
@usableFromInline
struct AtomicWord<Value: AtomicWordValue>: AtomicWordAccess, @unchecked Sendable {
    @usableFromInline let address: UnsafeMutablePointer<UInt64>
    @inlinable init(_ address: UnsafeMutablePointer<UInt64>) { self.address = address }
}

/// Words allocated together, so that an object with several atomics pays one allocation for them all.
@usableFromInline
final class AtomicWords: ManagedBuffer<Int, UInt64> {
    /// `count` words, each zero.
    @inlinable
    static func make(count: Int) -> AtomicWords {
        let made = unsafeDowncast(AtomicWords.create(minimumCapacity: count) { _ in count }, to: AtomicWords.self)
        made.withUnsafeMutablePointerToElements { $0.initialize(repeating: 0, count: count) }
        return made
    }

    /// The word at `index`, viewed as `Value`.
    @inlinable @inline(__always)
    func word<Value: AtomicWordValue>(_ index: Int, as _: Value.Type = Value.self) -> AtomicWord<Value> {
        AtomicWord(withUnsafeMutablePointerToElements { $0 + index })
    }
}

/// Process-wide atomics the resolution path reads, in C's static words (see `plugboard_static_word`).
@usableFromInline
enum StaticWords {
    /// ``FactoryKeyRegistry``'s table of literal keys, read by every getter.
    @inlinable static var keyTable: AtomicWord<UInt> { AtomicWord(plugboard_static_word(0)) }
}

/// A static atomic value: its word is allocated once and lives as long as the process, so that reaching it
/// is one load of the address, as a global's inline storage would be.
@usableFromInline
struct Atomic<Value: AtomicWordValue>: AtomicWordAccess, @unchecked Sendable {
    @usableFromInline let address: UnsafeMutablePointer<UInt64>

    @inlinable
    init(_ value: Value) {
        address = .allocate(capacity: 1)
        address.initialize(to: value.atomicWord)
    }
}

/// An object that keeps its atomic words inline, as its first stored property (a tuple of `UInt64`s written
/// only through these views), so that its atomics cost no allocation of their own: a new container and a
/// new slot are made with the same number of allocations as with the standard `Atomic`.
///
/// `_getUnsafePointerToStoredProperties` gives the address where an object's stored properties start, which
/// is where the first one is laid out; each conforming type checks that in its initializer (in debug builds).
@usableFromInline
protocol InlineAtomicWords: AnyObject {}

extension InlineAtomicWords {
    /// The inline word at `index`, viewed as `Value`.
    @inlinable @inline(__always)
    func inlineWord<Value: AtomicWordValue>(_ index: Int, as _: Value.Type = Value.self) -> AtomicWord<Value> {
        AtomicWord(_getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: UInt64.self) + index)
    }

    /// Checks that the words sit where ``inlineWord(_:as:)`` finds them: `first` is the address of the first
    /// word, as the initializer sees it.
    func checkInlineWords(_ first: UnsafeMutablePointer<UInt64>) {
        assert(
            UnsafeMutableRawPointer(first) == _getUnsafePointerToStoredProperties(self),
            "the atomic words of \(type(of: self)) must be its first stored property")
    }
}
