#if IsolatedFactoryClosures
    /// The closure a `Factory` is defined with. With the `IsolatedFactoryClosures` package trait it is
    /// `@isolated(any)`, as Factory 2.5's is, so that `self { @MainActor in ViewModel() }` compiles.
    public typealias FactoryClosure<T> = @Sendable @isolated(any) () -> T

    /// The closure a `ParameterFactory` or a context override is defined with (see ``FactoryClosure``).
    public typealias ParameterFactoryClosure<P, T> = @Sendable @isolated(any) (P) -> T
#else
    /// The closure a `Factory` is defined with. Enable the `IsolatedFactoryClosures` package trait to define
    /// factories with closures isolated to a global actor (`self { @MainActor in ViewModel() }`).
    public typealias FactoryClosure<T> = @Sendable () -> T

    /// The closure a `ParameterFactory` or a context override is defined with (see ``FactoryClosure``).
    public typealias ParameterFactoryClosure<P, T> = @Sendable (P) -> T
#endif
