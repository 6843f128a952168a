extension Dictionary where Key == String {
    /// The value for `name`, found by comparing names when the dictionary holds only a few.
    ///
    /// A factory declares a handful of implementations, and checking or applying an entry asks for its
    /// implementation two or three times. Hashing a `String` (SipHash) costs about 350 instructions a
    /// lookup; comparing a few short names costs about a third of that. Inlinable, so that the module that
    /// holds the dictionary specializes it: unspecialized, each step of the walk was a call into the standard
    /// library's generic dictionary code, about 800 instructions a lookup.
    @inlinable
    package func value(named name: String) -> Value? {
        guard count <= 8 else { return self[name] }
        // Keys only: iterating pairs would copy (and retain) every value on the way.
        var index = keys.startIndex
        while index != keys.endIndex {
            if keys[index] == name { return values[index] }
            keys.formIndex(after: &index)
        }
        return nil
    }
}
