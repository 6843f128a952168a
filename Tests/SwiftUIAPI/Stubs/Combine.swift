// A stand-in for Apple's Combine, for `.ci/swiftui-api`: only what Plugboard's SwiftUI API and its client use,
// with the shapes (generics, isolation, availability) the SDK declares. Not part of any target.

/// An object whose changes a view observes (Combine's `ObservableObject`, iOS 13).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ObservableObject: AnyObject {}

/// A published property (Combine's `@Published`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
