// A stand-in for Apple's SwiftUI, for `.ci/swiftui-api`: only what Plugboard's SwiftUI API and its client use,
// with the shapes (generics, isolation, availability, Sendable closures) the iOS 18 SDK declares, so that
// Plugboard's `#if canImport(SwiftUI)` code is type-checked on Linux. Not part of any target.
@_exported import Combine
@_exported import Observation

/// A piece of user interface (main-actor isolated, as the SDK declares it).
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

/// A view that shows nothing: what Factory's preview helpers return.
@frozen
public struct EmptyView: View {
    @inlinable nonisolated public init() {}
    public var body: Never { fatalError() }
}

/// A view of text.
public struct Text: View {
    nonisolated public init(_ content: String) {}
    public var body: Never { fatalError() }
}

/// Several views in one.
public struct TupleView<T>: View {
    nonisolated public init(_ value: T) {}
    public var body: Never { fatalError() }
}

/// The result builder of `body` and `#Preview`: each statement must be a `View`.
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }
}

/// A property a view's storage manages (main-actor isolated, as the SDK declares it).
@MainActor @preconcurrency
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A two-way reference to a value.
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let read: @Sendable () -> Value
    public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {
        read = { fatalError("a stand-in binding is never read") }
    }
    public var wrappedValue: Value { read() }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

/// A view's own storage of a value.
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

/// A view's own `ObservableObject`, made once (iOS 14).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@frozen @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    public var wrappedValue: ObjectType { fatalError() }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}

/// An `ObservableObject` a view observes, owned elsewhere (iOS 13).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper @frozen
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    @dynamicMemberLookup @frozen
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<
            Subject
        > {
            fatalError()
        }
    }
    public init(wrappedValue: ObjectType) {}
    public init(initialValue: ObjectType) {}
    public var wrappedValue: ObjectType {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError() }
}
