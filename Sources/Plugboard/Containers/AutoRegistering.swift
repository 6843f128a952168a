/// A container whose `autoRegister()` runs once per container instance, on its first use, and again after
/// `reset()` or `reset(options: .registration)`. Registrations made there clear no cached instance.
///
/// The first use may be on any thread or actor, so the conformance is never isolated to a global actor: the
/// protocol inherits `SendableMetatype`, and the compiler refuses `extension MyContainer: @MainActor
/// AutoRegistering`, which a module whose default isolation is MainActor would otherwise infer for a container
/// type of its own. There, declare `autoRegister()` `nonisolated` when the compiler asks for it. Where the
/// refusal was turned into a warning (`@preconcurrency import Plugboard`), the container's first use stops the
/// program, naming the container and the fix: it never resolves without its `autoRegister()`.
public protocol AutoRegistering: SendableMetatype {
    /// Registers, overrides and declares what this container needs before its first resolution.
    func autoRegister()
}
