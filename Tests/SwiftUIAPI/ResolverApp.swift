// A SwiftUI view written for Resolver 1.x, with `import Resolver` changed to `import PlugboardResolver`, in
// Swift 5 mode as Resolver's users build: `.ci/swiftui-api` type-checks it against PlugboardResolver built with
// the stand-ins in `Stubs/`.
import PlugboardResolver
import SwiftUI

final class CounterModel: ObservableObject {
    @Published var count = 0
}

extension Resolver.Name {
    static let other = Self("other")
}

/// Resolver's wrapper is iOS 13's, so a view for iOS 13 uses it as written.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
struct CounterView: View {
    @InjectedObject var model: CounterModel
    @InjectedObject(name: .other, container: .main) var other: CounterModel

    var body: some View {
        Text("\(model.count) \(other.count)")
    }

    /// Resolver's `wrappedValue` has a `mutating set`: assigning observes the new view model.
    mutating func replaceModel() {
        model = CounterModel()
    }

    func bindings() -> Binding<Int> {
        $model.count
    }
}

/// A view model's holder made off the main actor, in code that adopted no concurrency: Resolver's wrapper is
/// main-actor isolated only as SwiftUI's `DynamicProperty` makes it (`@preconcurrency`), so Swift 5 code that
/// is not on the main actor makes one, as it did with Resolver.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
struct CounterHolder {
    @InjectedObject var model: CounterModel
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
func makeHolderOffTheMainActor() -> CounterHolder {
    CounterHolder()
}
