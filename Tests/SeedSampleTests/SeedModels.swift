// The types the seed documents use in their samples, kept as small as the samples need.
import Foundation

protocol MyServiceType: AnyObject {
    var id: UUID { get }
}

protocol ServiceType: AnyObject {}

class MyService: MyServiceType, ServiceType {
    let id = UUID()
}

final class MockService: MyService {}
final class MockService2: MyService {}
final class EmptyService: MyService {}
final class MockAnalyticsEngine: MyService {}
final class NullAnalyticsEngine: MyService {}
final class MyNewMock: MyService {}

final class MockServiceN: MyService {
    let n: Int
    init(_ n: Int) { self.n = n }
}

final class MockError: MyService {
    let code: Int
    init(_ code: Int) { self.code = code }
}

final class SimpleService {
    let id = UUID()
}

final class School {}

struct ParameterService {
    let value: Int
}

final class MyConstructedService {
    let service: MyServiceType
    init(service: MyServiceType) { self.service = service }
}

protocol UserProviding {}
