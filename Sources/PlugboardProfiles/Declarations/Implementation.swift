import Foundation
import Plugboard
@_spi(Tools) import PlugboardProfileFormat

/// One named implementation a profile may choose for a factory of `T`, with optional settings
/// (`with:` in a profile) decoded into a `Decodable` type the program declares.
///
/// ```swift
/// httpClient.choices([
///     "urlsession": .settings(HTTPSettings.self) { URLSessionClient(timeout: $0.timeoutSeconds) },
///     "stub": .make { StubClient() },
/// ])
/// ```
public struct Implementation<T>: Sendable {
    /// The implementation with its closure's type erased, as declarations keep it.
    let erased: FactoryDeclaration.ErasedImplementation

    /// An implementation without settings.
    ///
    /// - Parameter body: Builds the instance, each time the factory's scope asks for one.
    /// - Returns: The implementation, to name in `choices(_:)`.
    public static func make(_ body: @escaping @Sendable () -> T) -> Self {
        Implementation(erased: .plain(PreparedClosure(box: ClosureBoxing<Void, T>().box { _ in body() })))
    }

    /// An implementation built from settings of type `S`, decoded from the profile's `with:` (an absent
    /// `with:` decodes from an empty mapping, so settings with defaults may be left out).
    ///
    /// - Parameters:
    ///   - type: The settings' type, which the profile's `with:` decodes into (and the catalog describes).
    ///   - body: Builds the instance from the decoded settings.
    /// - Returns: The implementation, to name in `choices(_:)`.
    public static func settings<S: Decodable & Sendable>(_ type: S.Type, _ body: @escaping @Sendable (S) -> T) -> Self {
        let boxing = ClosureBoxing<Void, T>()
        return Implementation(
            erased: .settings(type: S.self, shape: { TypeShape.of(S.self) }) { node, secrets in
                Result { () throws(ProfileError) in
                    let settings = try LiveDecoding.decode(
                        S.self, from: node ?? ValueNode.emptyMapping, code: .invalidSettings, secrets: secrets)
                    return PreparedClosure(box: boxing.box { _ in body(settings) })
                }
            })
    }
}

/// A type's name without its module: `FixedClock.Settings`, `Array<String>`. Worked out once per type
/// (declaring a factory asks for it on every `applyProfile`, and reflecting a type's name is slow).
func typeName(_ type: Any.Type) -> String {
    profileTypeNames.name(of: type)
}

private let profileTypeNames = TypeNameCache { type in
    // `String(reflecting:)`'s text, from the runtime directly (see `TypeNameCache.containers`), with each
    // type's module left out, its generic arguments' too: `Array<AuditSink>`, `Dictionary<String, Int>`.
    withoutModules(_typeName(type, qualified: true))
}

/// `name` with the first component of every qualified type name in it left out (the module): a nested
/// type keeps its parent, `FixedClock.Settings`.
func withoutModules(_ name: String) -> String {
    var result = ""
    var word = ""
    func flush() {
        if let dot = word.firstIndex(of: "."), !word.hasPrefix(".") {
            result += word[word.index(after: dot)...]
        } else {
            result += word
        }
        word = ""
    }
    for character in name {
        if character.isLetter || character.isNumber || character == "_" || character == "." {
            word.append(character)
        } else {
            flush()
            result.append(character)
        }
    }
    flush()
    return result
}
