import Plugboard
import PlugboardProfiles

/// How much traffic the service takes: a second container, whose settings an operator changes in the
/// running service by editing the profile (the reload service applies the edit without a restart).
public final class TrafficContainer: SharedContainer, AutoRegistering {
    /// Permanent: every request's thread resolves through it without writing its reference count.
    @TaskLocal public static var shared = TrafficContainer().makePermanent()
    public let manager = ContainerManager()

    public init() {}

    /// Cached: its window's count lives as long as the limiter, until a reload makes a new one.
    public var limiter: Factory<any RateLimiter> { self { Unlimited() }.cached }

    /// Whether `GET /admin/wiring` answers: off (a 404) unless a profile turns it on (`value: true`), since it
    /// names the service's internals to whoever can reach it.
    public var wiringRoute: Factory<Bool> { self { false } }

    public func autoRegister() {
        applyProfile(
            limiter.choices([
                "unlimited": .make { Unlimited() },
                "fixed-window": .settings(FixedWindow.Settings.self) { FixedWindow(settings: $0) },
            ]),
            wiringRoute.configurable()
        )
    }
}
