import Foundation
import Hummingbird
import PlugboardProfiles

/// `/admin`: what the running service is wired to, for its operators. Each route is a 404 unless a profile
/// turns it on (``TrafficContainer/wiringRoute``), read per request, so that a reload turns it on or off.
public struct AdminController: Sendable {
    public let dependencies: RouteDependencies

    public init(_ dependencies: RouteDependencies) {
        self.dependencies = dependencies
    }

    /// Adds the routes to `group` (`/admin`): `wiring` (the snapshot as JSON, `Schemas/plugboard-wiring.schema.json`)
    /// and `wiring.mmd` (the picture as Mermaid, as `plugboard graph` draws it).
    public func addRoutes<Context: RequestContext>(to group: RouterGroup<Context>) {
        group.get("wiring") { _, _ in
            try Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(data: snapshot().jsonData())))
        }
        group.get("wiring.mmd") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: try snapshot().mermaid)))
        }
    }

    /// The wiring now; a 404 while no profile turns the route on, a 503 before any profile launch.
    private func snapshot() throws -> WiringSnapshot {
        guard dependencies.wiringRoute() else { throw HTTPError(.notFound) }
        guard let wiring = ProfileSystem.wiring else {
            throw HTTPError(.serviceUnavailable, message: "no profiles were launched")
        }
        return wiring
    }
}
