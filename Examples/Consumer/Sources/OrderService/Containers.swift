import Foundation
import Plugboard
import PlugboardProfiles

/// Where orders are kept.
public protocol OrderStore: Sendable {
    var name: String { get }
}

public struct MemoryStore: OrderStore {
    public var name: String { "memory" }
}

public struct SQLStore: OrderStore {
    public struct Settings: Decodable, Sendable {
        public var path: String
        public init(path: String) { self.path = path }
    }
    public let settings: Settings
    public init(settings: Settings) { self.settings = settings }
    public var name: String { "sql \(settings.path)" }
}

/// Sends a customer the receipt of an order.
public protocol ReceiptSender: Sendable {
    var name: String { get }
}

public struct EmailReceipts: ReceiptSender {
    public var name: String { "email" }
}

public struct NoReceipts: ReceiptSender {
    public var name: String { "none" }
}

/// Charges customers.
public protocol PaymentGateway: Sendable {
    var name: String { get }
}

public struct StubGateway: PaymentGateway {
    public var name: String { "stub" }
}

#if DEBUG
    /// Records charges instead of making them: for tests and local runs, never shipped.
    public struct RecordingGateway: PaymentGateway {
        public var name: String { "recording" }
    }
#endif

/// Card payments through the payment provider's HTTP API, with the API key the deployment provides.
public struct CardGateway: PaymentGateway {
    public struct Settings: Decodable, Sendable {
        /// The provider's API.
        public var endpoint: URL
        /// The API key: a secret, which profiles give by reference (`file:/run/secrets/payment_api_key`).
        public var apiKey: Secret

        public init(endpoint: URL, apiKey: Secret) {
            self.endpoint = endpoint
            self.apiKey = apiKey
        }
    }

    public let settings: Settings
    public init(settings: Settings) { self.settings = settings }

    /// `card api.payments.example (key: Secret(file:..., redacted))`: the key's reference, never the key.
    public var name: String { "card \(settings.endpoint.host ?? "") (key: \(settings.apiKey))" }
}

/// The orders module's container.
public final class OrderContainer: SharedContainer, AutoRegistering {
    @TaskLocal public static var shared = OrderContainer()
    public let manager = ContainerManager()
    public init() {}

    public var store: Factory<any OrderStore> { self { MemoryStore() } }
    public var maxItems: Factory<UInt> { self { 10 } }
    /// Promised: the code registers none, so every profile says which (`plugboard validate` and the launch
    /// refuse one that does not, PB410).
    public var receipts: Factory<(any ReceiptSender)?> { promised() }

    public func autoRegister() {
        applyProfile(
            store.choices([
                "memory": .make { MemoryStore() },
                "sql": .settings(SQLStore.Settings.self) { SQLStore(settings: $0) },
            ]),
            maxItems.configurable(),
            receipts.choices(["email": { EmailReceipts() }, "none": { NoReceipts() }])
        )
    }
}

/// The payments module's container.
public final class PaymentContainer: SharedContainer, AutoRegistering {
    @TaskLocal public static var shared = PaymentContainer()
    public let manager = ContainerManager()
    public init() {}

    public var gateway: Factory<any PaymentGateway> { self { StubGateway() } }

    public func autoRegister() {
        var gateways: [String: Implementation<any PaymentGateway>] = [
            "stub": .make { StubGateway() },
            "card": .settings(CardGateway.Settings.self) { CardGateway(settings: $0) },
        ]
        #if DEBUG
            // A test double that only debug builds have: a profile that names it is refused by the release
            // build, and so by `swift package plugboard-validate`, which checks the release build's catalog.
            gateways["recording"] = .make { RecordingGateway() }
        #endif
        applyProfile(gateway.choices(gateways))
    }
}

/// One line that says how the service is wired.
public func wiring() -> String {
    "store: \(OrderContainer.shared.store().name), max items: \(OrderContainer.shared.maxItems()), gateway: \(PaymentContainer.shared.gateway().name)"
}

/// Where the service's profiles are: bundled with this module by `PlugboardProfilesPlugin`, as JSON.
public enum OrderServiceProfiles {
    /// Launch options that search this module's bundled profiles (after `PLUGBOARD_PROFILE_PATH` and any folder
    /// a deployment adds).
    public static var options: ProfileOptions {
        var options = ProfileOptions()
        options.searchBundle(.module)
        return options
    }
}
