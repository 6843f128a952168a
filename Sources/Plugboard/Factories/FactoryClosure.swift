#if IsolatedFactoryClosures
    /// The closure a `Factory` is defined with. With the `IsolatedFactoryClosures` package trait it is
    /// `@isolated(any)`, as Factory 2.5's is, so that `self { @MainActor in ViewModel() }` also compiles in
    /// code that is not on the main actor, and resolving it off its actor stops the program.
    public typealias FactoryClosure<T> = @isolated(any) () -> T

    /// The closure a `ParameterFactory` or a context override is defined with (see ``FactoryClosure``).
    public typealias ParameterFactoryClosure<P, T> = @isolated(any) (P) -> T
#else
    /// The closure a `Factory` is defined with. As in Factory 3, it is not `@Sendable`, so it takes the
    /// isolation of the code it is written in: `@MainActor var viewModel: Factory<ViewModel> { self {
    /// ViewModel() } }` compiles in Swift 6 mode. Enable the `IsolatedFactoryClosures` package trait to write
    /// Factory 2.5's `self { @MainActor in ViewModel() }` outside main-actor code.
    public typealias FactoryClosure<T> = () -> T

    /// The closure a `ParameterFactory` or a context override is defined with (see ``FactoryClosure``).
    public typealias ParameterFactoryClosure<P, T> = (P) -> T
#endif
