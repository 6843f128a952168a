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
}

#if canImport(SwiftUI) && canImport(Combine)
    import SwiftUI
    import Combine

    /// Resolves an `ObservableObject` view model from `Container.shared` and keeps it as a `StateObject`.
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

        /// The view model.
        public var wrappedValue: T { dependency }

        /// Bindings to the view model's properties.
        public var projectedValue: ObservedObject<T>.Wrapper { $dependency }
    }
#endif
