#if canImport(SwiftUI)
    import SwiftUI

    /// What the preview helpers return: SwiftUI's `EmptyView` where SwiftUI is, so that a registration is a
    /// statement of a view builder (`#Preview { Container.shared.api.preview { MockAPI() }; ContentView() }`),
    /// as Factory's helpers are (and so discardable); `Void` where SwiftUI is not.
    public typealias PreviewResult = EmptyView
#else
    /// What the preview helpers return: SwiftUI's `EmptyView` where SwiftUI is, so that a registration is a
    /// statement of a view builder, as Factory's helpers are; `Void` here, where SwiftUI is not.
    public typealias PreviewResult = Void
#endif

extension Factory {
    /// Registers `factory`, as ``register(factory:)`` does, for a preview:
    /// `Container.shared.api.preview { MockAPI() }` sits in a `#Preview` without `let _ =`.
    ///
    /// - Parameter factory: Builds the instance the preview shows, replacing the definition.
    /// - Returns: `EmptyView` where SwiftUI is, so that the call sits in a view builder.
    #if canImport(SwiftUI)
        @discardableResult
    #endif
    public func preview(factory: @escaping FactoryClosure<T>) -> PreviewResult {
        register(factory: factory)
        return PreviewResult()
    }

    /// Registers `factory`, as ``register(factory:)`` does: `Container.shared.api { MockAPI() }`, Factory 3's
    /// shortest spelling, which sits in a view builder too.
    ///
    /// - Parameter factory: Builds the instance, replacing the definition.
    /// - Returns: `EmptyView` where SwiftUI is, so that the call sits in a view builder.
    #if canImport(SwiftUI)
        @discardableResult
    #endif
    public func callAsFunction(factory: @escaping FactoryClosure<T>) -> PreviewResult {
        register(factory: factory)
        return PreviewResult()
    }
}

extension ParameterFactory {
    /// Registers `factory`, as ``register(factory:)`` does, for a preview:
    /// `Container.shared.avatar.preview { MockAvatar(size: $0) }` sits in a `#Preview`.
    ///
    /// - Parameter factory: Builds the instance from the parameter, replacing the definition.
    /// - Returns: `EmptyView` where SwiftUI is, so that the call sits in a view builder.
    #if canImport(SwiftUI)
        @discardableResult
    #endif
    public func preview(factory: @escaping ParameterFactoryClosure<P, T>) -> PreviewResult {
        register(factory: factory)
        return PreviewResult()
    }

    /// Registers `factory`, as ``register(factory:)`` does: `Container.shared.avatar { MockAvatar(size: $0) }`,
    /// Factory 3's shortest spelling, which sits in a view builder too.
    ///
    /// - Parameter factory: Builds the instance from the parameter, replacing the definition.
    /// - Returns: `EmptyView` where SwiftUI is, so that the call sits in a view builder.
    #if canImport(SwiftUI)
        @discardableResult
    #endif
    public func callAsFunction(factory: @escaping ParameterFactoryClosure<P, T>) -> PreviewResult {
        register(factory: factory)
        return PreviewResult()
    }
}

extension SharedContainer {
    /// Runs `transform` with this container, for a preview: `Container.shared.preview { $0.api.register { ... } }`.
    ///
    /// - Parameter transform: Sets the container up for the preview.
    /// - Returns: `EmptyView` where SwiftUI is, so that the call sits in a view builder.
    /// - Throws: What `transform` throws.
    #if canImport(SwiftUI)
        @discardableResult
    #endif
    public func preview(_ transform: (Self) throws -> Void) rethrows -> PreviewResult {
        try transform(self)
        return PreviewResult()
    }

    /// Runs `transform` with the shared container, for a preview: `Container.preview { $0.api.register { ... } }`.
    ///
    /// - Parameter transform: Sets the shared container up for the preview.
    /// - Returns: `EmptyView` where SwiftUI is, so that the call sits in a view builder.
    /// - Throws: What `transform` throws.
    #if canImport(SwiftUI)
        @discardableResult
    #endif
    public static func preview(_ transform: (Self) throws -> Void) rethrows -> PreviewResult {
        try transform(shared)
        return PreviewResult()
    }
}

#if canImport(SwiftUI)
    extension SharedContainer {
        /// Runs `transform` with this container and returns `EmptyView`, as Factory's does where SwiftUI is, so
        /// that `Container.shared { $0.api { MockAPI() } }` is a statement of a `#Preview`. (Where SwiftUI is
        /// not, the container's own `callAsFunction(_:)` returns the container.)
        ///
        /// - Parameter transform: Sets the container up for the preview.
        /// - Returns: `EmptyView`, a statement of a view builder.
        /// - Throws: What `transform` throws.
        @discardableResult
        public func callAsFunction(_ transform: (Self) throws -> Void) rethrows -> EmptyView {
            try transform(self)
            return EmptyView()
        }
    }
#endif
