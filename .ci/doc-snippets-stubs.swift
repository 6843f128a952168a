// Placeholder types the documentation's snippets use, each a trivial definition; `.ci/doc-snippets` adds every
// section but the ones a snippet declares itself. (Not part of any target: only the snippet check reads it.)
import Foundation
import PlugboardProfiles
import PlugboardResolver

// stub: APIClient LiveAPIClient MockAPIClient
protocol APIClient: Sendable {}
struct LiveAPIClient: APIClient {}
struct MockAPIClient: APIClient {}
// stub: Session
final class Session: Sendable {
    init(api: any APIClient = LiveAPIClient()) {}
}
// stub: Analytics LiveAnalytics NullAnalytics ConsoleAnalytics MockAnalytics
protocol Analytics: Sendable {}
struct LiveAnalytics: Analytics {}
struct NullAnalytics: Analytics {}
struct ConsoleAnalytics: Analytics {}
struct MockAnalytics: Analytics {}
// stub: Avatar
final class Avatar: Sendable {
    init(id: Int) {}
    init(size: Int) {}
}
// stub: AccountLoading AccountLoader MockNoAccounts MockAccounts
protocol AccountLoading: Sendable {}
struct AccountLoader: AccountLoading {
    init(api: any APIClient = LiveAPIClient()) {}
}
struct MockNoAccounts: AccountLoading {}
struct MockAccounts: AccountLoading {
    let count: Int
}
// stub: AccountsViewModel
final class AccountsViewModel: @unchecked Sendable {
    var isEmpty = true
    init(container: Container = .shared) {}
    func load() async {}
}
// stub: Networking MockNetwork MockError
protocol Networking: Sendable {}
struct LiveNetwork: Networking {}
struct MockNetwork: Networking {}
struct MockError: Networking {
    init(_ status: Int) {}
}
// stub: UserViewModel
final class UserViewModel: Sendable {
    init(id: Int) {}
}
// stub: ImageCache UnitOfWork Token Service Coordinator RowModel
final class ImageCache: Sendable {}
final class UnitOfWork: Sendable {}
final class Token: Sendable {
    static func fetch() -> Token { Token() }
}
final class Service: Sendable {}
final class Coordinator: Sendable {}
final class RowModel: Sendable {
    init(_ item: Int) {}
}
// stub: items
let items = [1, 2, 3]
// stub: MemoryStore FileStore Store
protocol Store: Sendable {
    var summary: String { get }
}
struct MemoryStore: Store {
    var summary: String { "memory (2 seeded)" }
}
struct FileStore: Store {
    struct Settings: Decodable, Sendable {
        var path: String
    }
    init(settings: Settings) {}
    var summary: String { "file" }
}
// stub: Clock SystemClock FixedClock
protocol Clock: Sendable {}
struct SystemClock: Clock {}
struct FixedClock: Clock {
    struct Settings: Decodable, Sendable {
        var at: Date
    }
    init(settings: Settings) {}
}
// stub: LogFormat PlainLogFormat JSONLogFormat
protocol LogFormat: Sendable {}
struct PlainLogFormat: LogFormat {}
struct JSONLogFormat: LogFormat {}
// stub: sessionScope
extension Scope {
    static let session = Cached()
}
// stub: factory api
extension Container {
    var api: Factory<any APIClient> { self { LiveAPIClient() } }
}
// stub: factory analytics
extension Container {
    var analytics: Factory<any Analytics> { self { LiveAnalytics() } }
}
// stub: factory accounts
extension Container {
    var accounts: Factory<any AccountLoading> { self { AccountLoader() } }
}
// stub: factory accountLoader
extension Container {
    var accountLoader: Factory<any AccountLoading> { self { AccountLoader() } }
}
// stub: factory networking
extension Container {
    var networking: Factory<any Networking> { self { LiveNetwork() } }
}
// stub: factory coordinator
extension Container {
    var coordinator: Factory<Coordinator> { self { Coordinator() }.shared }
}
// stub: factory rowModel
extension Container {
    var rowModel: ParameterFactory<Int, RowModel> { self { RowModel($0) } }
}
// stub: factory session
extension Container {
    var session: Factory<Session> { self { Session() }.cached }
}
// stub: factory store
extension Container {
    var store: Factory<any Store> { self { MemoryStore() } }
}
// stub: factory greeting
extension Container {
    var greeting: Factory<String> { self { "Notes" } }
}
// stub: factory clock
extension Container {
    var clock: Factory<any Clock> { self { SystemClock() } }
}
// stub: factory logFormat
extension Container {
    var logFormat: Factory<any LogFormat> { self { PlainLogFormat() } }
}
// stub: setupMocks
extension Container {
    func setupMocks() {}
}
// stub: PaymentContainer
final class PaymentContainer: SharedContainer {
    @TaskLocal static var shared = PaymentContainer()
    let manager = ContainerManager()
}
// stub: MyContainer
final class MyContainer: SharedContainer {
    @TaskLocal static var shared = MyContainer()
    let manager = ContainerManager()
    var service: Factory<Service> { self { Service() } }
}
// stub: XYZNetworkService XYZSessionService XYZMockSessionService Repository
class XYZSessionService {}
final class XYZMockSessionService: XYZSessionService {}
final class XYZNetworkService {
    init(session: XYZSessionService) {}
}
final class Repository {
    init(store: XYZSessionService) {}
}
// stub: XCUIApplication
/// XCUITest's, which only Apple's XCTest has: what the UI-test snippets use.
final class XCUIApplication {
    var launchArguments: [String] = []
    func launch() {}
    var staticTexts: XCUIElementQuery { XCUIElementQuery() }
}
struct XCUIElementQuery {
    subscript(_ label: String) -> XCUIElement { XCUIElement() }
}
struct XCUIElement {
    var exists: Bool { true }
}
// stub: notes
extension ProfileOptions {
    /// The iOS article's options, which its later snippets use.
    static var notes: ProfileOptions { ProfileOptions() }
}
// stub: View Text PreviewProvider ViewBuilder
/// SwiftUI's, which only Apple's systems have: what the preview snippets use.
@MainActor protocol View {
    associatedtype Body: View
    var body: Body { get }
}
extension Never: View {
    var body: Never { fatalError() }
}
struct Text: View {
    init(_ text: String) {}
    var body: Never { fatalError() }
}
@MainActor protocol PreviewProvider {
    associatedtype Previews: View
    static var previews: Previews { get }
}
/// What a `#Preview`'s closure is (`.ci/doc-snippets` turns the macro into a function built with it). Off
/// SwiftUI the preview helpers return `Void`, which stands for their `EmptyView` here.
@MainActor @resultBuilder enum ViewBuilder {
    static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    static func buildExpression(_: Void) -> Text { Text("") }
    static func buildBlock<each Content: View>(_ content: repeat each Content) -> Text { Text("") }
}
