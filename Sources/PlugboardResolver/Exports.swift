// Resolver's users import this module instead of Resolver. It brings the engine's types (`Scope`,
// `ContainerManager`) with it; its own `Resolving`, `@Injected`, `@LazyInjected`, `@WeakLazyInjected` and
// `@InjectedObject` are Resolver's and shadow the Factory-style ones of `Plugboard` in files that import it.
@_exported import Plugboard
