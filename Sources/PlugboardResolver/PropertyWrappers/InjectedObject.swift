#if canImport(SwiftUI) && canImport(Combine)
    import SwiftUI
    import Combine

    /// Resolver's `@InjectedObject`: resolves an `ObservableObject` view model from a ``Resolver`` and keeps
    /// it as a `StateObject` for the view's lifetime.
    @MainActor @propertyWrapper
    public struct InjectedObject<Service: ObservableObject>: DynamicProperty {
        @StateObject private var service: Service

        /// Resolves `Service` (optionally named) from `container`, else from ``Resolver/root``.
        public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
            _service = StateObject(wrappedValue: ResolverSource(name: name, container: container).resolve())
        }

        /// The view model.
        public var wrappedValue: Service { service }

        /// Bindings to the view model's properties.
        public var projectedValue: ObservedObject<Service>.Wrapper { $service }
    }
#endif
