#if canImport(SwiftUI) && canImport(Observation)
    import Observation
    import SwiftUI

    /// Resolves an `@Observable` view model from a shared container the first time the view reads it, and keeps
    /// it in SwiftUI's `State` for the view's lifetime.
    ///
    /// ```swift
    /// struct ContentView: View {
    ///     @InjectedObservable(\.contentViewModel) var model
    ///     var body: some View { Text(model.title) }
    /// }
    /// ```
    ///
    /// SwiftUI builds a `State`'s initial value each time it makes the view's struct and keeps only the first;
    /// resolving on first read, not in `init`, makes one view model per view, as Factory 3's wrapper does.
    /// `Observable` came with iOS 17, macOS 14, tvOS 17 and watchOS 10: the wrapper has the same floor, as
    /// Factory's does.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @MainActor @propertyWrapper
    public struct InjectedObservable<T: Observable>: DynamicProperty {
        @State private var dependency: ResolvedOnFirstRead<T>

        /// Resolves `keyPath` on `Container.shared` when the view first reads the value.
        public init(_ keyPath: KeyPath<Container, Factory<T>>) {
            _dependency = State(wrappedValue: ResolvedOnFirstRead { Container.shared[keyPath: keyPath]() })
        }

        /// Resolves `keyPath` on the shared instance of a container of your own when the view first reads it.
        public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
            _dependency = State(wrappedValue: ResolvedOnFirstRead { C.shared[keyPath: keyPath]() })
        }

        /// A view model given directly, without resolving one (previews and tests); made on first read.
        public init(_ wrappedValue: @autoclosure @escaping () -> T) {
            _dependency = State(wrappedValue: ResolvedOnFirstRead(wrappedValue))
        }

        /// The view model.
        public var wrappedValue: T { dependency.value }

        /// A binding to the view model, for `$model.property` bindings; the view model itself is not replaced
        /// through it.
        public var projectedValue: Binding<T> {
            // Through `State`'s own binding and a key path, not `Binding(get:set:)`: its closures are
            // `@Sendable`, and a closure that returns a `T` captures `T`'s metatype, which Swift 6 refuses there.
            $dependency.boundValue
        }
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension InjectedObservable: @unchecked Sendable where T: Sendable {}

    /// A value made the first time it is read, then kept: what `InjectedObservable` keeps in its `State`.
    final class ResolvedOnFirstRead<T>: @unchecked Sendable {
        private let cell = LazyCell<T>()
        private let make: () -> T

        init(_ make: @escaping () -> T) {
            self.make = make
        }

        /// The value, made on the first read (behind `LazyCell`'s lock, though views read it on the main actor).
        var value: T { cell.value(make) }

        /// The value as a settable property, for ``InjectedObservable/projectedValue``: setting it does nothing.
        var boundValue: T {
            get { value }
            set {}
        }
    }
#endif
