/// What the key table is probed by (see ``FactoryKeyRegistry``): a key literal's address, or a stand-in for
/// one. A 64-bit word on every platform, so that the tags above any address (bits 63 and 62) exist where a
/// `UInt` has 32 bits (watchOS devices' arm64_32). `.ci/thirty-two-bit` checks these in a 32-bit build.
@usableFromInline
enum KeyAddress {
    /// A literal's text address, or for a literal of one Unicode scalar (which a `StaticString` keeps inline)
    /// the scalar with bit 63 set. Read from the literal's words without branching: `StaticString` is
    /// `@frozen`, its first word is the address or the scalar, and bit 0 of its flags byte says which.
    @inlinable @inline(__always)
    static func literal(_ name: StaticString) -> UInt64 {
        let (start, _, flags) = unsafeBitCast(name, to: (UInt, UInt, UInt8).self)
        return UInt64(start) | UInt64(flags & 1) &<< 63
    }

    /// The stand-in for a key identified by its types alone: the types mixed, so that such keys spread over
    /// the table, with bit 62 set, which no literal's address or inline scalar has.
    @inlinable @inline(__always)
    static func typeKeyed(_ first: UInt, _ second: UInt) -> UInt64 {
        (UInt64(first) ^ UInt64(second) &<< 1) &>> 2 | 1 &<< 62
    }

    /// Where probing for `address` starts, before the table's mask: the address decides alone (a literal used
    /// with several types probes on to the next entries).
    @inlinable @inline(__always)
    static func hash(_ address: UInt64) -> Int {
        Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 17)
    }
}
