#if canImport(SwiftUI) && canImport(Combine)
    import SwiftUI
    import Combine

    /// Resolver's `@InjectedObject`: resolves an `ObservableObject` view model from a ``Resolver`` each time the
    /// view's struct is made, and observes it as an `ObservedObject`, as Resolver 1.x does (iOS 13).
    ///
    /// ```swift
    /// struct ContentView: View {
    ///     @InjectedObject var model: ContentViewModel
    ///     var body: some View { Text(model.title) }
    /// }
    /// ```
    ///
    /// Because SwiftUI makes a view's struct again whenever its parent's body runs, the view model is resolved
    /// again then too: register it with a scope that keeps it (`.shared`, `.cached`) for one per screen, or use
    /// Factory's `@InjectedObject` (a `StateObject`, iOS 14) from `Plugboard`.
    ///
    /// Not marked `@MainActor`, as Resolver's is not: it is main-actor isolated only as SwiftUI's
    /// `DynamicProperty` makes every conforming type (`@preconcurrency`), so Swift 5 code off the main actor
    /// makes one as it did with Resolver.
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @propertyWrapper
    public struct InjectedObject<Service: ObservableObject>: DynamicProperty {
        @ObservedObject private var service: Service

        /// Resolves `Service` (optionally named) from `container`, else from ``Resolver/root``.
        public init(name: Resolver.Name? = nil, container: Resolver? = nil) {
            _service = ObservedObject(wrappedValue: ResolverSource(name: name, container: container).resolve())
        }

        /// The view model; assigning one observes that one instead, as in Resolver.
        public var wrappedValue: Service {
            get { service }
            mutating set { _service = ObservedObject(wrappedValue: newValue) }
        }

        /// Bindings to the view model's properties.
        public var projectedValue: ObservedObject<Service>.Wrapper { $service }
    }
#endif
