#if canImport(SwiftUI) && canImport(Combine)
    import SwiftUI
    import Combine

    /// Resolver's `@InjectedObject`: resolves an `ObservableObject` view model from a ``Resolver`` and keeps
    /// it as a `StateObject` for the view's lifetime.
    ///
    /// `StateObject` came with iOS 14, macOS 11, tvOS 14 and watchOS 7: the wrapper has the same floor, as
    /// Factory's and Resolver's do.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
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
