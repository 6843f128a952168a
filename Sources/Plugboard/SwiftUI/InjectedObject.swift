#if canImport(SwiftUI) && canImport(Combine)
    import SwiftUI
    import Combine

    /// Resolves an `ObservableObject` view model from `Container.shared` and keeps it as a `StateObject`.
    ///
    /// ```swift
    /// struct ContentView: View {
    ///     @InjectedObject(\.contentViewModel) var model: ContentViewModel
    ///     var body: some View { Text(model.title) }
    /// }
    /// ```
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

    /// Sendable where the view model is, as Factory 3 declares it, so that a view holding one may cross into
    /// `@Sendable` closures. The wrapper only hands out the object `StateObject` keeps.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    extension InjectedObject: @unchecked Sendable where T: Sendable {}
#endif
