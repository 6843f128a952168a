@_spi(Tools) import PlugboardProfileFormat

/// Decoding a profile's `value:` or `with:` into the program's own type at launch, with the validator's
/// diagnostics: the same file gives the same findings on both sides.
enum LiveDecoding {
    /// Decodes `node` into `T`. When that fails, the findings are those of checking `node` against `T`'s
    /// catalog shape, every one of them (a decoder stops at the first); only a failure the shape cannot
    /// explain (a check in the type's own `init(from:)`) is reported as the decoder's. Either way there is at
    /// least one error. Success costs one decode. (It throws rather than returning a `Result`, as
    /// ``NodeDecoder/decoded(_:from:code:secrets:)`` does.) `secrets` resolves the launch's secret references.
    static func decode<T: Decodable>(
        _ type: T.Type, from node: ValueNode, code: DiagnosticCode, secrets: SecretResolver?
    ) throws(ProfileError) -> T {
        do {
            return try NodeDecoder.decoded(T.self, from: node, code: code, secrets: secrets)
        } catch {
            // The validator's note that the program checks further (PB409) is not the launch's to make: it is
            // that check.
            let found = ShapeChecker.check(node, against: TypeShape.of(T.self), code: code, secrets: secrets).filter {
                $0.code != .checkedByProgram
            }
            throw found.isEmpty ? error : ProfileError(found)
        }
    }
}
