extension Resolver {
    /// The name of one of several registrations of the same type: `register(name: "mock") { ... }`.
    public struct Name: ExpressibleByStringLiteral, Hashable, Sendable, CustomStringConvertible {
        /// The name as written.
        public let rawValue: String

        /// A name from a string.
        ///
        /// - Parameter rawValue: The name.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// A name from a literal.
        ///
        /// - Parameter value: The name.
        public init(stringLiteral value: String) {
            self.rawValue = value
        }

        /// A name from a string, as Resolver spells it.
        ///
        /// - Parameter string: The name.
        /// - Returns: The name.
        public static func name(fromString string: String) -> Name {
            Name(string)
        }

        /// A name from a string that may be absent, as Resolver declares it: nil for nil, so that a name read
        /// from a dictionary or a launch argument passes straight to `resolve(name:)`.
        ///
        /// - Parameter string: The name, or nil.
        /// - Returns: The name, or nil.
        public static func name(fromString string: String?) -> Name? {
            string.map { Name($0) }
        }

        /// The name as written.
        public var description: String { rawValue }
    }

    /// The arguments passed to `resolve(args:)`, as the registration's factory sees them: one value
    /// (`args()`), or named values from a dictionary (`args("id")`).
    public struct Args: @unchecked Sendable {
        private let values: [String: Any]

        /// Wraps what was passed to `resolve(args:)`: a dictionary of named values, or a single value.
        ///
        /// - Parameter args: What the caller passed: a dictionary of named values, a single value, or nil.
        public init(_ args: Any?) {
            switch args {
            case let args as Args: values = args.values
            case let dictionary as [String: Any]: values = dictionary
            case .some(let value): values = ["": value]
            case .none: values = [:]
            }
        }

        /// The single argument, as `T`; stops with a message if it is missing or of another type.
        ///
        /// - Returns: The argument.
        public func callAsFunction<T>() -> T {
            guard let value: T = optional() else {
                fatalError(
                    "Plugboard: Resolver argument of type \(T.self) expected, got \(values.values.first.map { "\(type(of: $0))" } ?? "none")"
                )
            }
            return value
        }

        /// The argument named `key`, as `T`; stops with a message if it is missing or of another type.
        ///
        /// - Parameter key: The argument's name in the dictionary passed to `resolve(args:)`.
        /// - Returns: The argument.
        public func callAsFunction<T>(_ key: String) -> T {
            guard let value: T = optional(key) else {
                fatalError("Plugboard: Resolver argument '\(key)' of type \(T.self) expected")
            }
            return value
        }

        /// The single argument as `T`, or nil.
        ///
        /// - Returns: The argument, or nil when it is missing or of another type.
        public func optional<T>() -> T? {
            values.count == 1 ? values.first?.value as? T : nil
        }

        /// The argument named `key` as `T`, or nil.
        ///
        /// - Parameter key: The argument's name in the dictionary passed to `resolve(args:)`.
        /// - Returns: The argument, or nil when it is missing or of another type.
        public func optional<T>(_ key: String) -> T? {
            values[key] as? T
        }

        /// The single argument, as `T` (Resolver's spelling of `args()`).
        ///
        /// - Returns: The argument.
        public func get<T>() -> T { callAsFunction() }

        /// The argument named `key` (Resolver's spelling of `args(key)`).
        ///
        /// - Parameter key: The argument's name in the dictionary passed to `resolve(args:)`.
        /// - Returns: The argument.
        public func get<T>(_ key: String) -> T { callAsFunction(key) }
    }

    /// What a registration's factory receives: the resolver the lookup started from, and the arguments.
    public struct Call: Sendable {
        /// The resolver where resolution started; dependencies resolve from here, so a parent's mock wins.
        public let resolver: Resolver
        /// The arguments given to `resolve(args:)`.
        public let args: Args
    }
}

/// A type whose `registerAllServices()` Resolver runs once, before the first resolution:
/// `extension Resolver: ResolverRegistering { static func registerAllServices() { ... } }`.
///
/// It inherits `SendableMetatype`, so that the conformance is never isolated to a global actor (which a module
/// whose default isolation is MainActor would infer): Resolver runs it on whichever thread first resolves.
public protocol ResolverRegistering: SendableMetatype {
    /// Registers the program's services.
    static func registerAllServices()
}

extension Scope {
    /// Resolver's name for a scope that keeps one instance for the life of the application.
    public static let application = Singleton()
}

/// Resolver's graph scope keeps only objects: a struct is made anew for each injection.
extension Resolver.Call: GraphKeepsObjectsOnly {}
