import Foundation

/// The modifiers shared by `Factory` and `ParameterFactory`. Each one changes the container's settings for
/// this factory and returns the factory, so they chain like SwiftUI modifiers:
///
/// ```swift
/// var analytics: Factory<Analytics> {
///     self { LiveAnalytics() }
///         .singleton
///         .onTest { NullAnalytics() }
/// }
/// ```
///
/// Modifiers inside a definition run again on every access ("the factory wins"); put `once()` after the
/// ones that should run only the first time.
public protocol FactoryModifying {
    /// The parameter type (`Void` for `Factory`).
    associatedtype P
    /// The resolved type.
    associatedtype T
    /// The factory's container, key and own definition.
    var registration: FactoryRegistration<P, T> { get set }
}

extension FactoryModifying {
    // MARK: Scopes

    /// Sets how long resolved instances live (see ``Scope``). Changing the scope drops a cached instance.
    ///
    /// - Parameter scope: The scope: `.unique`, `.cached`, `.shared`, `.singleton`, `.graph` or your own.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func scope(_ scope: Scope) -> Self {
        registration.applyScope(scope)
        var carrying = consume self  // then remember it (see `FactoryRegistration.carryScope`)
        carrying.registration.carryScope(scope.serial)
        return carrying
    }

    /// A new instance on every resolution, whatever the container's `defaultScope`.
    @inlinable public var unique: Self {
        @inline(__always) consuming get { builtinScope(Scope.uniqueSerial) { .unique } }
    }
    /// One instance per container until its cache is reset.
    @inlinable public var cached: Self {
        @inline(__always) consuming get { builtinScope(Scope.cachedSerial) { .cached } }
    }
    /// The same instance while someone else holds it.
    @inlinable public var shared: Self {
        @inline(__always) consuming get { builtinScope(Scope.sharedSerial) { .shared } }
    }
    /// One instance per process, whatever container resolves it.
    @inlinable public var singleton: Self {
        @inline(__always) consuming get { builtinScope(Scope.singletonSerial) { Scope.processSingleton } }
    }
    /// One instance per resolution graph.
    @inlinable public var graph: Self { @inline(__always) consuming get { builtinScope(Scope.graphSerial) { .graph } } }

    /// Sets one of the shared scopes; when the factory already has it, no scope object is even loaded.
    @inlinable @inline(__always)
    consuming func builtinScope(_ serial: UInt, _ scope: () -> Scope) -> Self {
        registration.setBuiltinScope(serial, scope)
        // Written out rather than shared with `scope(_:)`: through a helper, the optimizer retained a copy
        // of the manager around the getter again (see `FactoryRegistration.carryScope`).
        var carrying = consume self
        carrying.registration.carryScope(serial)
        return carrying
    }

    /// Makes a scoped instance expire once it went unused for `seconds`, as Factory's does: each resolution
    /// that gets the kept instance before then starts its time again. The time is the wall clock's, so it also
    /// runs while a device sleeps.
    ///
    /// - Parameters:
    ///   - seconds: How long an unused instance is kept.
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func timeToLive(_ seconds: TimeInterval, caller: StaticString = #function) -> Self {
        registration.setTimeToLive(seconds, caller: caller)
        return self
    }

    // MARK: Decorators

    /// Runs `decorator` with every instance this factory resolves, cached ones included.
    ///
    /// Like a factory's closure, a decorator takes the isolation of the code it is written in.
    ///
    /// - Parameters:
    ///   - decorator: Run with each instance.
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func decorator(
        _ decorator: @escaping (T) -> Void, caller: StaticString = #function
    ) -> Self {
        registration.setDecorator(decorator, caller: caller)
        return self
    }

    /// Runs `decorator` with every instance this factory resolves and whether this resolution made it (false
    /// when a scope handed out an instance it kept): `decorator { service, isNew in if isNew { ... } }`.
    ///
    /// - Parameters:
    ///   - decorator: Run with each instance and whether this resolution made it.
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func decorator(
        _ decorator: @escaping (T, Bool) -> Void, caller: StaticString = #function
    ) -> Self {
        registration.setDecorator(decorator, caller: caller)
        return self
    }

    // MARK: Contexts

    /// Resolves with `factory` instead when the program runs in any of `contexts`.
    ///
    /// - Parameters:
    ///   - contexts: The contexts in which `factory` resolves.
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    ///   - factory: What resolves in that context instead of the definition.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func context(
        _ contexts: FactoryContextType..., caller: StaticString = #function,
        factory: @escaping ParameterFactoryClosure<P, T>
    ) -> Self {
        registration.setContexts(contexts, factory, caller: caller)
        return self
    }

    /// Resolves with `factory` when the program was launched with `argument` (or it was set at run time).
    ///
    /// - Parameters:
    ///   - argument: The launch argument (or one set with `FactoryContext.setArg`) that selects `factory`.
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    ///   - factory: What resolves in that context instead of the definition.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func onArg(
        _ argument: String, caller: StaticString = #function, factory: @escaping ParameterFactoryClosure<P, T>
    ) -> Self {
        registration.setContexts([.arg(argument)], factory, caller: caller)
        return self
    }

    /// Resolves with `factory` when the program was launched with any of `arguments`.
    ///
    /// - Parameters:
    ///   - arguments: Launch arguments, any of which selects `factory`.
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    ///   - factory: What resolves in that context instead of the definition.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func onArgs(
        _ arguments: [String], caller: StaticString = #function, factory: @escaping ParameterFactoryClosure<P, T>
    ) -> Self {
        registration.setContexts([.args(arguments)], factory, caller: caller)
        return self
    }

    /// Resolves with `factory` in Xcode previews.
    ///
    /// - Parameters:
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    ///   - factory: What resolves in that context instead of the definition.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func onPreview(
        caller: StaticString = #function, factory: @escaping ParameterFactoryClosure<P, T>
    ) -> Self {
        registration.setContexts([.preview], factory, caller: caller)
        return self
    }

    /// Resolves with `factory` under a test runner.
    ///
    /// - Parameters:
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    ///   - factory: What resolves in that context instead of the definition.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func onTest(
        caller: StaticString = #function, factory: @escaping ParameterFactoryClosure<P, T>
    ) -> Self {
        registration.setContexts([.test], factory, caller: caller)
        return self
    }

    /// Resolves with `factory` in debug builds.
    ///
    /// - Parameters:
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    ///   - factory: What resolves in that context instead of the definition.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func onDebug(
        caller: StaticString = #function, factory: @escaping ParameterFactoryClosure<P, T>
    ) -> Self {
        registration.setContexts([.debug], factory, caller: caller)
        return self
    }

    /// Resolves with `factory` in a simulator.
    ///
    /// - Parameters:
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    ///   - factory: What resolves in that context instead of the definition.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func onSimulator(
        caller: StaticString = #function, factory: @escaping ParameterFactoryClosure<P, T>
    ) -> Self {
        registration.setContexts([.simulator], factory, caller: caller)
        return self
    }

    /// Resolves with `factory` on a device (not a simulator).
    ///
    /// - Parameters:
    ///   - caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    ///   - factory: What resolves in that context instead of the definition.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func onDevice(
        caller: StaticString = #function, factory: @escaping ParameterFactoryClosure<P, T>
    ) -> Self {
        registration.setContexts([.device], factory, caller: caller)
        return self
    }

    // MARK: Once and resets

    /// Makes the modifiers before it apply only the first time (per container, until a reset): later
    /// accesses keep what was changed from outside the definition since.
    ///
    /// - Parameter caller: Where the modifier is written, for the warning a sealed factory gives; leave it out.
    /// - Returns: The factory, for the next modifier.
    @inlinable
    public consuming func once(caller: StaticString = #function) -> Self {
        registration.seal(caller: caller)
        registration.pastOnce = true
        return self
    }

    /// Clears what `options` names for this factory (everything by default), in this container; a
    /// singleton's instance is cleared too.
    ///
    /// - Parameter options: What to reset; everything by default.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func reset(_ options: FactoryResetOptions = .all) -> Self {
        registration.reset(options)
        return self
    }

    /// The labelled spelling of ``reset(_:)``.
    ///
    /// - Parameter options: What to reset: the registration, the scope's instances, the context overrides.
    /// - Returns: The factory, for the next modifier.
    @inlinable @discardableResult
    public consuming func reset(options: FactoryResetOptions) -> Self {
        registration.reset(options)
        return self
    }

    // MARK: Identity

    /// The factory's key: the name of the property that defines it.
    public var key: FactoryKey { registration.key }
    /// The name of the container that owns the factory, as messages spell it: its type's name (a
    /// a `Resolver`'s own name). Valid even after a temporary container is gone.
    public var containerName: String { registration.containerName }
}
