import Plugboard
import PlugboardTesting
import Testing

extension Container {
    var wrapped: Factory<Thing> { self { Thing() } }
    var wrappedCounted: Factory<Thing> { self { Thing("counted") } }
}

final class Consumer {
    @Injected(\.wrapped) var injected: Thing
    @LazyInjected(\.wrappedCounted) var lazy: Thing
    @WeakLazyInjected(\.wrapped) var weakLazy: Thing?
    @DynamicInjected(\.wrapped) var dynamic: Thing
    @Injected(\TestContainer.unique) var fromOwnContainer: Thing
    @InjectedType var typed: TypeKeyed?
}

final class TypeKeyed: Sendable {}

@Suite(.container) struct PropertyWrapperTests {
    @Test func injectedResolvesWhenTheObjectIsMade() {
        Container.shared.wrapped.register { Thing("mock") }
        let consumer = Consumer()
        Container.shared.wrapped.register { Thing("later") }
        #expect(consumer.injected.name == "mock")
        consumer.$injected.resolve()
        #expect(consumer.injected.name == "later")
    }

    @Test func lazyInjectedResolvesOnFirstRead() {
        let consumer = Consumer()
        #expect(!consumer.$lazy.isResolved)
        Container.shared.wrappedCounted.register { Thing("registered before first read") }
        #expect(consumer.lazy.name == "registered before first read")
        #expect(consumer.lazy === consumer.lazy)
    }

    @Test func weakLazyInjectedLetsGo() {
        let consumer = Consumer()
        #expect(consumer.weakLazy == nil, "nothing holds a unique instance")
        let held = Thing("held")
        Container.shared.wrapped.register { held }
        let other = Consumer()
        #expect(other.weakLazy === held)
    }

    @Test func dynamicInjectedResolvesOnEveryRead() {
        let consumer = Consumer()
        #expect(consumer.dynamic !== consumer.dynamic)
        Container.shared.wrapped.register { Thing("now") }
        #expect(consumer.dynamic.name == "now")
    }

    @Test func injectedFromACustomSharedContainer() {
        TestContainer.$shared.withValue(TestContainer()) {
            TestContainer.shared.unique.register { Thing("own") }
            #expect(Consumer().fromOwnContainer.name == "own")
        }
    }

    @Test func injectedTypeResolvesTypeKeyedRegistrations() {
        #expect(Consumer().typed == nil)
        let instance = TypeKeyed()
        Container.shared.register { instance }
        #expect(Consumer().typed === instance)
        #expect(Container.shared.resolve(TypeKeyed.self) === instance)
    }

    @Test func dependencyFunction() {
        Container.shared.wrapped.register { Thing("function") }
        #expect(dependency(\.wrapped).name == "function")
        #expect(dependency(\TestContainer.unique).name == "real")
    }
}
