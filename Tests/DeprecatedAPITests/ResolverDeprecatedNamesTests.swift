// Deprecated spellings still work until they are removed: this target calls them as a program written
// against them does, so its compiler warnings (deprecations, the point of the target) are not shown.
import PlugboardResolver
import Testing

@Suite struct ResolverDeprecatedNamesTests {
    /// Resolver 1.0's `Resolver(parent:)`, deprecated in Resolver for `Resolver(child:)`, searches the
    /// container it is given after its own registrations, as `child:` does.
    @Test func aResolverMadeWithAParentSearchesIt() {
        let parent = Resolver()
        parent.register { "from the parent" }
        let resolver = Resolver(parent: parent)
        #expect(resolver.resolve(String.self) == "from the parent")
        resolver.register { "its own" }
        #expect(resolver.resolve(String.self) == "its own")
    }
}
