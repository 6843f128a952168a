/// A container whose `autoRegister()` runs once per container instance, on its first use, and again after
/// `reset()` or `reset(options: .registration)`. Registrations made there clear no cached instance.
public protocol AutoRegistering {
    /// Registers, overrides and declares what this container needs before its first resolution.
    func autoRegister()
}
