/// A factory's key number and flags in one word: the number in the low 32 bits, the flags above.
@usableFromInline
enum RegistrationWord {
    /// Parameter factories may resolve themselves with other parameters; plain factories may not (a cycle).
    @inlinable static var repeatable: UInt { 1 << 32 }
    /// Set by `once()`: later modifiers in the chain apply even once the slot is sealed.
    @inlinable static var pastOnce: UInt { 1 << 33 }
    /// Set by `promised()`.
    @inlinable static var promise: UInt { 1 << 34 }
    /// The definition is a plain `() -> T` (see ``FactoryBody``).
    @inlinable static var plain: UInt { 1 << 35 }
    /// The carried scope was set before `once()`, so a sealed slot keeps it out.
    @inlinable static var scopeBeforeOnce: UInt { 1 << 36 }
    /// Set by `scopeOnParameters`: the factory's scoped instances are kept per parameter, whatever its slot
    /// says at the moment (see ``ParameterKeys``).
    @inlinable static var parameterKeyed: UInt { 1 << 37 }
    /// Where the serial of the scope the factory carries starts (0 for none; see ``Scope/serial``).
    @inlinable static var scopeShift: UInt { 38 }
    /// The bits of the carried scope's serial.
    @inlinable static var scopeMask: UInt { ~0 &<< scopeShift }
    /// The largest serial the word carries.
    @inlinable static var maxScopeSerial: UInt { scopeMask &>> scopeShift }

    /// The key's number in `word`.
    @inlinable @inline(__always)
    static func id(_ word: UInt) -> Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }

    /// The serial of the scope `word` carries, or 0.
    @inlinable @inline(__always)
    static func scopeSerial(_ word: UInt) -> UInt { word &>> scopeShift }
}
