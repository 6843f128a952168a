import Foundation

/// Turns the closures users define factories with (``FactoryClosure``) into the plain closures the engine
/// keeps.
///
/// With the `IsolatedFactoryClosures` package trait, those closures are `@isolated(any)`, so that one isolated
/// to a global actor (`self { @MainActor in ViewModel() }`, as Factory 2.5 allows) is accepted and keeps its
/// isolation. Resolution is synchronous, so the engine cannot hop to that actor: it checks instead, on every
/// build, that the caller is already on it, and stops the program with a message naming the factory when it
/// is not. A closure without isolation is kept as it is. Without the trait, the closures are plain, as in
/// Factory 3, and these functions only mark them `@Sendable`.
///
/// Why the engine may treat them as `@Sendable`: a closure that is not `@Sendable` takes the isolation of the
/// code that wrote it, as Factory 3's do, and Factory 3 calls it from whatever thread resolves it, as the
/// engine does. A closure isolated to an actor must be resolved on that actor, which the caller states
/// (`resolveOnMainActor()`); with the trait, the engine checks it.
///
/// Why the bit cast is sound: an `@isolated(any)` function is a thick function whose context also carries the
/// isolation, and it is called exactly like a plain one. The cast is of the holder object, not of the function:
/// an `@isolated(any)` function type as a generic argument (`unsafeBitCast(closure, to:)`) needs the Swift 6.0
/// runtime (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2; SE-0431), above the package's floor, while one
/// kept in a stored property, as Factory 2.5 keeps it, does not.
///
/// Why a trait and not the default: Swift gives every escaping `@isolated(any)` closure a heap context for
/// its isolation, even a closure literal without isolation or captures. A getter makes its factory's closure
/// on every access, so the getter paid a malloc each time: a cached hit through the getter went from 237 to
/// 609 instructions, a unique resolve from 450 to 884 (callgrind, one run).
@usableFromInline
enum IsolatedFactoryClosure {
    /// A `Factory` closure the engine may call from any synchronous code.
    @inlinable @inline(__always)
    static func plain<T>(_ closure: @escaping FactoryClosure<T>, site: StaticString) -> @Sendable () -> T {
        #if IsolatedFactoryClosures
            let body = unsafeBitCast(IsolatedBody(closure), to: PlainBody<T>.self).body
            guard let actor = closure.isolation else { return body }
            return {
                checkIsolation(actor, site: site)
                return body()
            }
        #else
            return unsafeBitCast(closure, to: (@Sendable () -> T).self)
        #endif
    }

    /// A `ParameterFactory` (or context override) closure the engine may call from any synchronous code.
    @inlinable @inline(__always)
    static func taking<P, T>(
        _ closure: @escaping ParameterFactoryClosure<P, T>, site: StaticString
    ) -> @Sendable (P) -> T {
        #if IsolatedFactoryClosures
            let body = unsafeBitCast(IsolatedParameterBody(closure), to: PlainParameterBody<P, T>.self).body
            guard let actor = closure.isolation else { return body }
            return { parameters in
                checkIsolation(actor, site: site)
                return body(parameters)
            }
        #else
            return unsafeBitCast(closure, to: (@Sendable (P) -> T).self)
        #endif
    }

    /// Stops the program when an isolated factory is resolved away from its actor: the instance would be
    /// made where its initializer may not run, and a silently unsafe object is worse than a stop.
    @usableFromInline
    static func checkIsolation(_ actor: any Actor, site: StaticString) {
        let message = {
            "Plugboard: a factory closure from '\(site)' is isolated to \(type(of: actor)) and was resolved off it; "
                + "resolve it from code isolated to that actor (for example a @MainActor function)"
        }
        if actor === MainActor.shared {
            if !MainQueueCheck.isOnMainQueue { fatalError(message()) }
        } else if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            actor.preconditionIsolated(message())
        }
    }
}

#if IsolatedFactoryClosures
    /// Holds a `Factory` closure as written, for ``IsolatedFactoryClosure/plain(_:site:)`` to read as a
    /// ``PlainBody``: the two classes have one stored property each, laid out alike.
    @usableFromInline
    final class IsolatedBody<T> {
        @usableFromInline let body: FactoryClosure<T>
        @inlinable init(_ body: @escaping FactoryClosure<T>) { self.body = body }
    }

    /// ``IsolatedBody`` as the engine reads it.
    @usableFromInline
    final class PlainBody<T> {
        @usableFromInline let body: @Sendable () -> T
        @inlinable init(_ body: @escaping @Sendable () -> T) { self.body = body }
    }

    /// Holds a `ParameterFactory` closure as written (see ``IsolatedBody``).
    @usableFromInline
    final class IsolatedParameterBody<P, T> {
        @usableFromInline let body: ParameterFactoryClosure<P, T>
        @inlinable init(_ body: @escaping ParameterFactoryClosure<P, T>) { self.body = body }
    }

    /// ``IsolatedParameterBody`` as the engine reads it.
    @usableFromInline
    final class PlainParameterBody<P, T> {
        @usableFromInline let body: @Sendable (P) -> T
        @inlinable init(_ body: @escaping @Sendable (P) -> T) { self.body = body }
    }
#endif

/// Tells, without trapping, whether the caller runs on the main actor's executor: the main thread, or a
/// block of the main dispatch queue (which a test runner on Linux may drain on another thread). The runtime's
/// own check traps inside libdispatch with a message that does not name the factory.
enum MainQueueCheck {
    /// A value the main queue carries, so that `DispatchQueue.getSpecific` finds it only in its blocks.
    private static let marker: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    static var isOnMainQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: marker) != nil
    }
}
