import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// Something a container lets profiles choose: a factory's implementations, a configurable value, or a
/// custom scope's name. Made by the factory modifiers below and handed to `applyProfile(_:)`.
public struct ProfileDeclaration: Sendable {
    enum Content: Sendable {
        case factory(FactoryDeclaration)
        case scope(String, Scope)
    }

    let content: Content

    /// Lets profiles name a custom scope: `.scope("session", .session)`.
    ///
    /// - Parameters:
    ///   - name: The name profiles write in `scope:`.
    ///   - scope: The scope it stands for.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public static func scope(_ name: String, _ scope: Scope) -> ProfileDeclaration {
        ProfileDeclaration(content: .scope(name, scope))
    }
}

/// What one factory allows, with the typed code that checks a profile's entry and applies it.
///
/// A class, not a struct: declarations are handed around whole (kept per container, looked up for every
/// entry checked), and sharing one costs a single reference count instead of one per field.
final class FactoryDeclaration: Sendable {
    let key: String
    /// The type the factory makes; named only for the catalog (reflecting a name is slow).
    let type: Any.Type
    /// The implementations by name; for a list factory, its members.
    let implementations: [String: ErasedImplementation]
    let value: ErasedValue?
    /// For a factory declared with `members(_:)`, how the chosen members become the list.
    let list: ListComposition?
    /// The scope the definition sets on every access, by name; a profile's `scope` cannot win over it.
    let definitionScope: String?
    /// The factory's slot in its container: where the launch and every reload rewire it.
    let slotID: Int
    /// A checked entry (a registration, a scope, and context overrides) as one write over the code's wiring:
    /// how the launch and every reload apply it (see ``ContainerRewiring``).
    let edit: Edit
    /// What a reload does to the instance the factory's scope keeps (nil: drop it when the change reaches it).
    let reload: KeptInstanceReload?
    /// For a `promised()` factory, what a profile that does not provide it gets when the code's `autoRegister()`
    /// registered nothing for it (PB410): an error, or a warning once the code said it registers it later.
    let promise: Diagnostic.Severity?

    typealias Edit =
        @Sendable (
            _ registration: PreparedClosure?, _ scope: Scope?, _ contexts: [(FactoryContextType, PreparedClosure)]
        ) -> WiringEdit

    init(
        key: String, type: Any.Type, implementations: [String: ErasedImplementation], value: ErasedValue?,
        definitionScope: String?, slotID: Int, edit: @escaping Edit,
        reload: KeptInstanceReload? = nil, promise: Diagnostic.Severity? = nil, list: ListComposition? = nil
    ) {
        self.key = key
        self.type = type
        self.implementations = implementations
        self.value = value
        self.list = list
        self.definitionScope = definitionScope
        self.slotID = slotID
        self.edit = edit
        self.reload = reload
        self.promise = promise
    }

    /// One implementation, its factory's type erased. Its settings' type is named and its shape worked out
    /// only for the catalog: a launch that applies a profile needs neither.
    enum ErasedImplementation: Sendable {
        /// No settings: the closure to register, as is.
        case plain(PreparedClosure)
        /// Settings of type `type`, decoded from `with:` (their secrets resolved through the resolver given)
        /// into the closure to register.
        case settings(
            type: Any.Type, shape: @Sendable () -> TypeShape,
            prepare: @Sendable (ValueNode?, SecretResolver?) -> Result<PreparedClosure, ProfileError>)

        var settingsType: Any.Type? {
            if case .settings(let type, _, _) = self { return type }
            return nil
        }

        /// The settings' shape, for the catalog.
        var settingsShape: TypeShape? {
            if case .settings(_, let shape, _) = self { return shape() }
            return nil
        }

        /// Checks the settings (absent: none given), their secrets resolved through `secrets`, and returns the
        /// closure to register.
        func prepare(_ settings: ValueNode?, secrets: SecretResolver?) -> Result<PreparedClosure, ProfileError> {
            switch self {
            case .plain(let closure): .success(closure)
            case .settings(_, _, let prepare): prepare(settings, secrets)
            }
        }
    }

    struct ErasedValue: Sendable {
        let shape: @Sendable () -> TypeShape
        /// Decodes the value (its secrets resolved through the resolver given) into the closure to register.
        let prepare: @Sendable (ValueNode, SecretResolver?) -> Result<PreparedClosure, ProfileError>
    }

    /// Builds a list factory's registration from its chosen members' closures, in order.
    struct ListComposition: Sendable {
        let compose: @Sendable ([PreparedClosure]) -> PreparedClosure
    }

    /// Combines two declarations of the same factory (implementations from one, a value from another).
    func merged(with other: FactoryDeclaration) -> FactoryDeclaration {
        FactoryDeclaration(
            key: key, type: type, implementations: implementations.merging(other.implementations) { _, new in new },
            value: other.value ?? value, definitionScope: definitionScope, slotID: slotID, edit: edit,
            reload: other.reload ?? reload, promise: [promise, other.promise].compactMap { $0 }.min(),
            list: other.list ?? list)
    }

    /// The type as a catalog names it. An async factory's builds are kept as `AsyncBuild<T>`: people read
    /// `async T`.
    var catalogTypeName: String {
        (type as? any AsyncBuilding.Type).map { "async " + typeName($0.instanceType) } ?? typeName(type)
    }

    /// The catalog entry.
    var catalogEntry: Catalog.CatalogFactory {
        var entry = Catalog.CatalogFactory(type: catalogTypeName)
        for (name, implementation) in implementations {
            entry.implementations[name] = Catalog.CatalogImplementation(
                settingsType: implementation.settingsType.map(typeName), settings: implementation.settingsShape)
        }
        entry.value = value?.shape()
        entry.definitionScope = definitionScope
        if list != nil { entry.list = true }
        return entry
    }
}

extension Factory {
    /// Declares the implementations a profile may choose for this factory (`use:`), by name.
    ///
    /// - Parameter implementations: Each name a profile's `use:` may write, with what it builds.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public func choices(_ implementations: [String: Implementation<T>]) -> ProfileDeclaration {
        // A closure, not `\.erased`: a key path into a generic type is built at run time, at each call (about
        // 10,000 instructions, a launch's largest cost per declared factory).
        ProfileDeclaration(
            content: .factory(declaration(implementations: implementations.mapValues { $0.erased }, value: nil)))
    }

    /// Declares implementations without settings: `analytics.choices(["console": { ConsoleAnalytics() }])`.
    ///
    /// - Parameter implementations: Each name a profile's `use:` may write, with what it builds.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public func choices(_ implementations: [String: @Sendable () -> T]) -> ProfileDeclaration {
        let boxing = ClosureBoxing<Void, T>()
        var erased: [String: FactoryDeclaration.ErasedImplementation] = [:]
        erased.reserveCapacity(implementations.count)
        for (name, body) in implementations { erased[name] = .plain(PreparedClosure(box: boxing.box { _ in body() })) }
        return ProfileDeclaration(content: .factory(declaration(implementations: erased, value: nil)))
    }

    func declaration(
        implementations: [String: FactoryDeclaration.ErasedImplementation], value: FactoryDeclaration.ErasedValue?,
        reload: KeptInstanceReload? = nil, promise: Diagnostic.Severity = .error,
        list: FactoryDeclaration.ListComposition? = nil
    ) -> FactoryDeclaration {
        let factory = self
        return FactoryDeclaration(
            key: registration.key.name,
            type: T.self,
            implementations: implementations,
            value: value,
            definitionScope: registration.definitionScopeName,
            slotID: registration.slotID,
            edit: { registration, scope, contexts in
                // Only `default` in a context needs a box made here (rare): its boxing is made then, not with
                // every declaration, which would look the box's type up for every factory declared.
                let target = factory.registration
                return target.wiringEdit(
                    registration: registration?.box, scope: scope,
                    contexts: contexts.map { context, closure in
                        (context, closure.isDefinition ? ClosureBoxing().box(target.definition) : closure.box)
                    })
            },
            reload: reload, promise: registration.isPromised ? promise : nil, list: list)
    }

    /// Declares that the code registers this `promised()` factory itself, later than `autoRegister()` (after a
    /// login, say), where the launch and `plugboard validate` cannot see it: a profile that does not provide it
    /// gets a warning (PB410), not an error.
    ///
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public func providedLater() -> ProfileDeclaration {
        ProfileDeclaration(content: .factory(declaration(implementations: [:], value: nil, promise: .warning)))
    }
}

extension Factory where T: Decodable & Sendable {
    /// Declares that a profile may set this factory's value (`value:`), decoded into `T`, and, with `choices`,
    /// name one of these implementations (`use:`) instead: `apiBaseURL.configurable()`.
    ///
    /// - Parameter implementations: What a profile's `use:` may name, as `choices(_:)` declares them; none by
    ///   default.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public func configurable(choices implementations: [String: Implementation<T>] = [:]) -> ProfileDeclaration {
        let boxing = ClosureBoxing<Void, T>()
        let value = FactoryDeclaration.ErasedValue(shape: { TypeShape.of(T.self) }) { node, secrets in
            Result { () throws(ProfileError) in
                let decoded = try LiveDecoding.decode(T.self, from: node, code: .invalidValue, secrets: secrets)
                return PreparedClosure(box: boxing.box { _ in decoded })
            }
        }
        return ProfileDeclaration(
            content: .factory(declaration(implementations: implementations.mapValues { $0.erased }, value: value)))
    }
}

extension ParameterFactory {
    /// Declares the implementations a profile may choose for this parameter factory (`use:`), by name; each
    /// gets the parameter as the definition does: `avatar.choices(["placeholder": { PlaceholderAvatar(id: $0) }])`.
    /// A profile may also set its scope and contexts; `value:` and `with:` are for plain factories.
    ///
    /// - Parameter implementations: Each name a profile's `use:` may write, with what it builds from the
    ///   parameter.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    public func choices(_ implementations: [String: @Sendable (P) -> T]) -> ProfileDeclaration {
        let boxing = ClosureBoxing<P, T>()
        var erased: [String: FactoryDeclaration.ErasedImplementation] = [:]
        erased.reserveCapacity(implementations.count)
        for (name, body) in implementations { erased[name] = .plain(PreparedClosure(box: boxing.box(body))) }
        let factory = self
        return ProfileDeclaration(
            content: .factory(
                FactoryDeclaration(
                    key: registration.key.name,
                    type: T.self,
                    implementations: erased,
                    value: nil,
                    definitionScope: registration.definitionScopeName,
                    slotID: registration.slotID,
                    edit: { registration, scope, contexts in
                        let target = factory.registration
                        return target.wiringEdit(
                            registration: registration?.box, scope: scope,
                            contexts: contexts.map { context, closure in
                                (context, closure.isDefinition ? boxing.box(target.definition) : closure.box)
                            })
                    }, promise: registration.isPromised ? .error : nil)))
    }
}

extension Factory {
    /// Declares a list whose members a profile chooses, by name and in order (`use: [console, amplitude]`):
    /// every analytics sink, log destination or middleware an environment wants, each with its own settings
    /// (`with: { amplitude: { apiKey: ... } }`).
    ///
    /// ```swift
    /// var analytics: Factory<[any Analytics]> { self { [ConsoleAnalytics()] } }
    ///
    /// applyProfile(analytics.members([
    ///     "console": .make { ConsoleAnalytics() },
    ///     "amplitude": .settings(AmplitudeSettings.self) { AmplitudeAnalytics(settings: $0) },
    /// ]))
    /// ```
    ///
    /// The factory's definition stays the list a program without a profile gets (`use: default` keeps it).
    /// The list is built whole, each member once, in the profile's order, and the factory's scope keeps the
    /// whole list: members have no scope of their own.
    ///
    /// - Parameter members: Each name a profile's `use:` list may write, with what it builds.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    @inlinable
    public func members<Element>(_ members: [String: Implementation<Element>]) -> ProfileDeclaration
    where T == [Element] {
        declaringList(of: members, building: Self.listBuilder(of: Element.self))
    }

    /// Declares a list's members without settings: `analytics.members(["console": { ConsoleAnalytics() }])`.
    ///
    /// - Parameter members: Each name a profile's `use:` list may write, with what it builds.
    /// - Returns: The declaration to pass to `applyProfile(...)`.
    @inlinable
    public func members<Element>(_ members: [String: @Sendable () -> Element]) -> ProfileDeclaration
    where T == [Element] {
        declaringList(of: members.mapValues { Implementation.make($0) }, building: Self.listBuilder(of: Element.self))
    }

    /// What makes the chosen members' boxed closures (each boxed as `Implementation<Element>` boxes it) the box
    /// of one closure that builds them all, in order. Inlined into the program's module, so that the closure a
    /// resolution runs is specialized for its `Element`: built by generic code, a list of three cost 13 times
    /// a hand-written one.
    @inlinable
    static func listBuilder<Element>(of _: Element.Type) -> @Sendable ([AnyObject]) -> AnyObject where T == [Element] {
        { boxes in
            let bodies = boxes.map { ClosureBoxing<Void, Element>.body(of: $0) }
            return ClosureBoxing<Void, [Element]>().box { _ in
                var list: [Element] = []
                list.reserveCapacity(bodies.count)
                for body in bodies { list.append(body(())) }
                return list
            }
        }
    }

    /// The declaration of a list of `members`, whose chosen boxes `build` makes one registration.
    @usableFromInline
    func declaringList<Element>(
        of members: [String: Implementation<Element>], building build: @escaping @Sendable ([AnyObject]) -> AnyObject
    ) -> ProfileDeclaration where T == [Element] {
        let list = FactoryDeclaration.ListComposition { members in PreparedClosure(box: build(members.map { $0.box })) }
        return ProfileDeclaration(
            content: .factory(declaration(implementations: members.mapValues { $0.erased }, value: nil, list: list)))
    }
}
