import Plugboard

/// Something a container lets profiles choose: a factory's implementations, a configurable value, or a
/// custom scope's name. Made by the factory modifiers below and handed to `applyProfile(_:)`.
public struct ProfileDeclaration: Sendable {
    enum Content: Sendable {
        case factory(FactoryDeclaration)
        case scope(String, Scope)
    }

    let content: Content

    /// Lets profiles name a custom scope: `.scope("session", .session)`.
    public static func scope(_ name: String, _ scope: Scope) -> ProfileDeclaration {
        ProfileDeclaration(content: .scope(name, scope))
    }
}

/// A prepared closure, type-erased until the typed factory that made the declaration gets it back.
struct PreparedClosure: @unchecked Sendable {
    let body: Any
}

/// What one factory allows, with the typed code that checks a profile's entry and applies it.
struct FactoryDeclaration: Sendable {
    let key: String
    let typeName: String
    var implementations: [String: ErasedImplementation]
    var value: ErasedValue?
    /// Applies a checked plan to the factory: a registration, a scope, and context overrides.
    let apply: @Sendable (_ registration: PreparedClosure?, _ scope: Scope?, _ contexts: [(FactoryContextType, PreparedClosure)]) -> Void

    struct ErasedImplementation: Sendable {
        let settingsType: String?
        let settingsShape: TypeShape?
        let prepare: @Sendable (ValueNode?) -> Result<PreparedClosure, ProfileError>
    }

    struct ErasedValue: Sendable {
        let shape: TypeShape
        let prepare: @Sendable (ValueNode) -> Result<PreparedClosure, ProfileError>
    }

    /// Combines two declarations of the same factory (implementations from one, a value from another).
    func merged(with other: FactoryDeclaration) -> FactoryDeclaration {
        var result = self
        result.implementations.merge(other.implementations) { _, new in new }
        result.value = other.value ?? value
        return result
    }

    /// The catalog entry.
    var catalogEntry: Catalog.CatalogFactory {
        var entry = Catalog.CatalogFactory(type: typeName)
        for (name, implementation) in implementations {
            entry.implementations[name] = Catalog.CatalogImplementation(
                settingsType: implementation.settingsType, settings: implementation.settingsShape)
        }
        entry.value = value?.shape
        return entry
    }
}

extension Factory {
    /// Declares the implementations a profile may choose for this factory (`use:`), by name.
    public func choices(_ implementations: [String: Implementation<T>]) -> ProfileDeclaration {
        ProfileDeclaration(content: .factory(declaration(implementations: implementations, value: nil)))
    }

    /// Declares implementations without settings: `analytics.choices(["console": { ConsoleAnalytics() }])`.
    public func choices(_ implementations: [String: @Sendable () -> T]) -> ProfileDeclaration {
        choices(implementations.mapValues { Implementation.make($0) })
    }

    func declaration(implementations: [String: Implementation<T>], value: FactoryDeclaration.ErasedValue?) -> FactoryDeclaration {
        let factory = self
        return FactoryDeclaration(
            key: key.name,
            typeName: typeName(T.self),
            implementations: implementations.mapValues { implementation in
                FactoryDeclaration.ErasedImplementation(
                    settingsType: implementation.settingsType,
                    settingsShape: implementation.settingsShape,
                    prepare: { node in implementation.prepare(node).map { PreparedClosure(body: $0) } })
            },
            value: value,
            apply: { registration, scope, contexts in
                if let registration {
                    factory.register(factory: registration.body as! @Sendable () -> T)
                }
                if let scope {
                    factory.scope(scope)
                }
                for (context, closure) in contexts {
                    factory.context(context, factory: closure.body as! @Sendable () -> T)
                }
            })
    }
}

extension Factory where T: Decodable & Sendable {
    /// Declares that a profile may set this factory's value (`value:`), decoded into `T`.
    public func configurable() -> ProfileDeclaration {
        configurable(choices: [:])
    }

    /// Declares implementations and lets a profile set the value too.
    public func configurable(choices implementations: [String: Implementation<T>]) -> ProfileDeclaration {
        let value = FactoryDeclaration.ErasedValue(shape: TypeShape.of(T.self)) { node in
            NodeDecoder.decode(T.self, from: node, code: .invalidValue).map { decoded in
                PreparedClosure(body: { @Sendable () -> T in decoded })
            }
        }
        return ProfileDeclaration(content: .factory(declaration(implementations: implementations, value: value)))
    }
}
