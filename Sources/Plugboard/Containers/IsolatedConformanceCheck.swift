import CPlugboardThread

/// Tells a type that does not conform to a registration protocol (``AutoRegistering``, Resolver's
/// `ResolverRegistering`) from one whose conformance is isolated to a global actor and was looked for
/// outside it.
///
/// A dynamic cast answers "no conformance" for both (SE-0470), and a container that took that answer would
/// resolve without its `autoRegister()`: the code's wiring, not what the program registers and its profiles
/// choose, for the rest of the process, with nothing said. The protocols inherit `SendableMetatype`, so the
/// compiler refuses such a conformance; `@preconcurrency import Plugboard` turns that refusal into a warning,
/// and then this check stops the program instead.
package enum IsolatedConformanceCheck {
    /// Stops the program when `type` conforms to the protocol of the existential `protocolType` in isolation to
    /// a global actor, after a cast to it failed; returns when the type does not conform at all.
    ///
    /// - Parameters:
    ///   - type: The conforming type whose cast failed (a container, `Resolver`).
    ///   - protocolType: The protocol, as an existential: `(any AutoRegistering).self`.
    ///   - requirement: What the conformance would have run, for the message: `autoRegister()`.
    package static func stopIfIsolated(_ type: Any.Type, to protocolType: Any.Type, running requirement: String) {
        guard let actor = isolation(of: type, to: protocolType) else { return }
        let name = String(describing: type)
        let proto = String(describing: protocolType).replacingOccurrences(of: "any ", with: "")
        fatalError(
            """
            Plugboard: \(name)'s conformance to \(proto) is isolated to \(actor), so its \(requirement) cannot \
            run here (a dynamic cast hands out an isolated conformance only on its actor, and never for a \
            protocol that inherits SendableMetatype): going on without it would resolve the code's wiring, not \
            what \(requirement) registers and the profiles choose. Make the conformance nonisolated: write \
            `extension \(name): \(proto)` without `@\(actor)`, declare \(requirement) `nonisolated` where the \
            module's default isolation is MainActor, and drop `@preconcurrency` from `import Plugboard`, which \
            turned the compiler's error about this conformance into a warning.
            """)
    }

    /// The global actor `type`'s conformance to `protocolType` is isolated to, by name ("a global actor" where
    /// the runtime cannot say which), or nil when the type does not conform.
    package static func isolation(of type: Any.Type, to protocolType: Any.Type) -> String? {
        guard let descriptor = protocolDescriptor(of: protocolType) else { return nil }
        var actor: UnsafeRawPointer?
        let conforms = plugboard_conforms_in_any_isolation(
            unsafeBitCast(type, to: UnsafeRawPointer.self), descriptor, &actor)
        guard conforms != 0 else { return nil }
        guard let actor else { return "a global actor" }
        return String(describing: unsafeBitCast(actor, to: Any.Type.self))
    }

    /// The descriptor of the one protocol of an existential type's metadata (`any P`), read from its
    /// ABI-stable layout: the kind, 32-bit flags and protocol count, a superclass where the flags say so, then
    /// the protocols. Nil for anything else.
    static func protocolDescriptor(of existential: Any.Type) -> UnsafeRawPointer? {
        let metadata = unsafeBitCast(existential, to: UnsafeRawPointer.self)
        let word = MemoryLayout<UInt>.size
        let existentialKind: UInt = 0x303
        guard metadata.load(as: UInt.self) == existentialKind,
            metadata.load(fromByteOffset: word + 4, as: UInt32.self) == 1
        else { return nil }
        let hasSuperclass = metadata.load(fromByteOffset: word, as: UInt32.self) & 0x4000_0000 != 0
        let reference = metadata.load(fromByteOffset: word + 8 + (hasSuperclass ? word : 0), as: UInt.self)
        // The low bit marks an Objective-C protocol, where there is Objective-C: never one of these.
        return UnsafeRawPointer(bitPattern: reference & ~1)
    }
}
