import Foundation
import OrderService
import Plugboard
import PlugboardProfilesTesting
import PlugboardTesting
import Testing

let profiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Profiles")
    .standardized.path

extension Trait where Self == ContainerTrait<OrderContainer> {
    static var orders: Self { .init(shared: OrderContainer.$shared, container: .init()) }
}

extension Trait where Self == ProfileTrait {
    static func ordersProfile(_ name: String) -> Self {
        .profile(name, directories: [profiles], container: OrderContainer.$shared, OrderContainer.init)
    }
}

@Suite struct OrderServiceTests {
    @Test(.orders) func withoutAProfileTheCodesDefaults() {
        #expect(OrderContainer.shared.store().name == "memory")
    }

    @Test(.orders) func aTestRegistersItsOwnMock() {
        OrderContainer.shared.store.register { SQLStore(settings: .init(path: "mock")) }
        #expect(OrderContainer.shared.store().name == "sql mock")
    }

    @Test(.ordersProfile("staging")) func aTestAppliesAProfile() {
        #expect(OrderContainer.shared.store().name == "sql /var/lib/orders.db")
        #expect(OrderContainer.shared.maxItems() == 50)
    }
}
