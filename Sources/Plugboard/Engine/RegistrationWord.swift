/// A factory's key number and flags in one word: the number in the low 32 bits, the flags above. A 64-bit word
/// on every platform, not a `UInt`: on watchOS devices (arm64_32) a `UInt` has 32 bits, and the flags would fall
/// off its top. `.ci/thirty-two-bit` checks this layout in a 32-bit build.
@usableFromInline
enum RegistrationWord {
    /// Parameter factories may resolve themselves with other parameters; plain factories may not (a cycle).
    @inlinable static var repeatable: UInt64 { 1 << 32 }
    /// Set by `once()`: later modifiers in the chain apply even once the slot is sealed.
    @inlinable static var pastOnce: UInt64 { 1 << 33 }
    /// Set by `promised()`.
    @inlinable static var promise: UInt64 { 1 << 34 }
    /// The definition is a plain `() -> T` (see ``FactoryBody``).
    @inlinable static var plain: UInt64 { 1 << 35 }
    /// The carried scope was set before `once()`, so a sealed slot keeps it out.
    @inlinable static var scopeBeforeOnce: UInt64 { 1 << 36 }
    /// Set by `scopeOnParameters`: the factory's scoped instances are kept per parameter, whatever its slot
    /// says at the moment (see ``ParameterKeys``).
    @inlinable static var parameterKeyed: UInt64 { 1 << 37 }
    /// Where the serial of the scope the factory carries starts (0 for none; see ``Scope/serial``).
    @inlinable static var scopeShift: UInt64 { 38 }
    /// The bits of the carried scope's serial.
    @inlinable static var scopeMask: UInt64 { ~0 &<< scopeShift }
    /// The largest serial the word carries: 26 bits, which a `UInt` holds on every platform.
    @inlinable static var maxScopeSerial: UInt { UInt(truncatingIfNeeded: scopeMask &>> scopeShift) }
    /// The largest key number the word carries: 32 bits, and no more than an `Int` holds (31 bits on a 32-bit
    /// platform).
    @inlinable static var maxID: Int { Int(truncatingIfNeeded: min(UInt64(UInt32.max), UInt64(Int.max))) }

    /// A word for key number `id` (at most ``maxID``) with `flags`.
    @inlinable @inline(__always)
    static func make(id: Int, flags: UInt64) -> UInt64 {
        UInt64(truncatingIfNeeded: id) & 0xFFFF_FFFF | flags  // masked: the flags above are known clear
    }

    /// The key's number in `word`.
    @inlinable @inline(__always)
    static func id(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }

    /// `word` carrying the scope of `serial` in place of the one it carried (none when `serial` is too large).
    @inlinable @inline(__always)
    static func carrying(scope serial: UInt, in word: UInt64) -> UInt64 {
        let carried = serial <= maxScopeSerial ? UInt64(serial) &<< scopeShift : 0
        return word & ~scopeMask | carried
    }

    /// The serial of the scope `word` carries, or 0.
    @inlinable @inline(__always)
    static func scopeSerial(_ word: UInt64) -> UInt { UInt(truncatingIfNeeded: word &>> scopeShift) }
}
