#if os(iOS) && canImport(UIKit)
    import UIKit

    /// Resolver's storyboard hook: a view controller that conforms resolves its dependencies in
    /// `resolveViewController()` when a storyboard that instantiates it sets the user-defined runtime attribute
    /// `resolving` (a Boolean, checked) in Interface Builder, as in Resolver.
    ///
    /// ```swift
    /// extension ProfileViewController: StoryboardResolving {
    ///     func resolveViewController() {
    ///         viewModel = resolver.resolve()
    ///     }
    /// }
    /// ```
    public protocol StoryboardResolving: Resolving {
        /// Resolves the view controller's dependencies, once the storyboard has made it.
        func resolveViewController()
    }

    extension UIViewController {
        /// Set by a storyboard's runtime attribute: calls ``StoryboardResolving/resolveViewController()`` on a
        /// view controller that conforms. Reads as true, as in Resolver.
        @objc public dynamic var resolving: Bool {
            get { true }
            set {
                if let resolving = self as? any StoryboardResolving { resolving.resolveViewController() }
            }
        }
    }
#endif
