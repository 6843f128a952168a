/// Resolver's `Resolving`: a type that resolves its dependencies from a ``Resolver``.
///
/// ```swift
/// final class ProfileViewController: Resolving {
///     lazy var viewModel: ProfileViewModel = resolver.resolve()
/// }
/// ```
public protocol Resolving {
    /// The container this type resolves from: ``Resolver/root`` unless the type says otherwise.
    var resolver: Resolver { get }
}

extension Resolving {
    /// ``Resolver/root``, read on each access, so that switching the root reaches every `Resolving` type.
    public var resolver: Resolver { Resolver.root }
}
