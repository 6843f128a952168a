import Foundation
import OrderService
import Plugboard
import PlugboardProfiles
import PlugboardProfilesTesting
import PlugboardTesting
import Testing

/// The service's profiles as written (the app's bundle has them as JSON).
let profiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources/OrderService/Profiles").standardized.path

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

    @Test func theCardGatewayNamesItsKeyByReferenceOnly() throws {
        let gateway = CardGateway(
            settings: .init(
                endpoint: try #require(URL(string: "https://api.payments.example")),
                apiKey: Secret(reference: "file:/run/secrets/payment_api_key", value: "pk-live-123")))
        #expect(gateway.name == "card api.payments.example (key: Secret(file:/run/secrets/payment_api_key, redacted))")
        #expect(gateway.settings.apiKey.value == "pk-live-123")
    }
}
