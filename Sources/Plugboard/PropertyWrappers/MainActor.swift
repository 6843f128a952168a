extension Factory {
    /// Resolves a factory of a main-actor type from main-actor code.
    ///
    /// Resolution itself is synchronous and thread-safe; this spelling states that the instance is made
    /// (and used) on the main actor, where its initializer may touch main-actor state.
    @MainActor
    public func resolveOnMainActor() -> T {
        registration.resolve(())
    }
}

extension ParameterFactory {
    /// Resolves a parameter factory of a main-actor type from main-actor code.
    @MainActor
    public func resolveOnMainActor(_ parameters: P) -> T {
        registration.resolve(parameters)
    }

    /// Resolves a parameter factory on `actor` (see ``Factory/resolveOnGlobalActor(_:)``).
    public func resolveOnGlobalActor(_ actor: isolated some Actor, parameters: P) -> T {
        registration.resolve(parameters)
    }
}

extension Factory {
    /// Resolves on `actor`, for a factory isolated to a global actor other than the main actor:
    /// `await Container.shared.dataManager.resolveOnGlobalActor(BackgroundActor.shared)`.
    ///
    /// The call runs on `actor` (its `isolated` parameter), so awaiting it from other code hops there first.
    /// Pass the actor the factory's closure is isolated to: the factory does not carry that isolation, so the
    /// compiler cannot check it.
    public func resolveOnGlobalActor(_ actor: isolated some Actor) -> T {
        registration.resolve(())
    }
}

#if canImport(SwiftUI) && canImport(Combine)
    import SwiftUI
    import Combine

    /// Resolves an `ObservableObject` view model from `Container.shared` and keeps it as a `StateObject`.
    ///
    /// `StateObject` came with iOS 14, macOS 11, tvOS 14 and watchOS 7: the wrapper has the same floor, as
    /// Factory's and Resolver's do.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    @MainActor @propertyWrapper
    public struct InjectedObject<T: ObservableObject>: DynamicProperty {
        @StateObject private var dependency: T

        /// Resolves `keyPath` on `Container.shared` once for the view's lifetime.
        public init(_ keyPath: KeyPath<Container, Factory<T>>) {
            _dependency = StateObject(wrappedValue: Container.shared[keyPath: keyPath]())
        }

        /// Resolves `keyPath` on the shared instance of a container of your own.
        public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
            _dependency = StateObject(wrappedValue: C.shared[keyPath: keyPath]())
        }

        /// A view model given directly, without resolving one (previews and tests).
        public init(_ wrappedValue: T) {
            _dependency = StateObject(wrappedValue: wrappedValue)
        }

        /// The view model.
        public var wrappedValue: T { dependency }

        /// Bindings to the view model's properties.
        public var projectedValue: ObservedObject<T>.Wrapper { $dependency }
    }
#endif
