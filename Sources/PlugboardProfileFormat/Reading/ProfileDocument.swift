/// A value with the place it was written.
package struct Located<Value: Sendable>: Sendable {
    /// The value.
    package var value: Value
    /// Where it was written.
    package var position: SourcePosition

    /// A located value.
    package init(_ value: Value, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

/// A piece of a document kept as written, to be decoded later into a type the program declared
/// (`value:` and `with:`).
package struct ValueNode: Sendable {
    /// The document's nodes.
    package let tree: NodeTree
    /// The node this value starts at.
    package let index: Int

    /// Where the value starts.
    package var position: SourcePosition { tree.position(of: index) }

    /// The value at node `index` of `tree`.
    package init(tree: NodeTree, index: Int) {
        self.tree = tree
        self.index = index
    }
}

/// One profile file, read and checked against the format (not yet against the program).
@_spi(Tools) public struct ProfileDocument: Sendable {
    /// The profile's name: the file name without its extension.
    @_spi(Tools) public var name: String
    /// The file it was read from.
    package var file: String
    /// The optional description.
    package var description: String?
    /// Profiles applied before this one, in order.
    package var extends: [Located<String>] = []
    /// The settings per container, in file order.
    package var containers: [ContainerSection] = []
}

/// The settings a profile gives one container.
package struct ContainerSection: Sendable {
    /// The container's name.
    package var name: Located<String>
    /// The factories' entries, in file order.
    package var entries: [FactoryEntry] {
        get { storedEntries }
        // Changed in place. With a `didSet` observer instead, every change made from another module would
        // copy the whole array first: appending entries one by one would take quadratic time.
        _modify {
            keysAreDistinct = false
            yield &storedEntries
        }
        set {
            keysAreDistinct = false
            storedEntries = newValue
        }
    }
    private var storedEntries: [FactoryEntry]
    /// Set by the reader, which makes the entries from one mapping whose keys the parser found distinct, so
    /// that merging the section into an empty one looks no key up. Any change to `entries` clears it.
    private(set) var keysAreDistinct: Bool

    /// A section of `entries`; `keysAreDistinct` when they come from one mapping, whose keys the parser checked.
    init(name: Located<String>, entries: [FactoryEntry], keysAreDistinct: Bool) {
        self.name = name
        self.storedEntries = entries
        self.keysAreDistinct = keysAreDistinct
    }
}

/// What a profile sets for one factory.
package struct FactoryEntry: Sendable {
    /// The factory key.
    package var key: Located<String>
    /// The implementation chosen (`default`: the factory's own definition).
    package var use: Located<String>?
    /// The members chosen for a list factory (`use: [console, amplitude]`), in order.
    package var members: [Located<String>]?
    /// The settings for that implementation; for a list, a mapping from member name to its settings.
    package var with: ValueNode?
    /// The factory's value, for factories declared configurable.
    package var value: ValueNode?
    /// The scope's name.
    package var scope: Located<String>?
    /// Choices that apply only in a context, in file order.
    package var contexts: [ContextChoice] = []
}

/// A choice that applies in one context: `test: mock`, or `arg: { mock1: { use: failing, with: {...} } }`.
package struct ContextChoice: Sendable {
    /// The context: `test`, `preview`, `debug`, `simulator`, `device`, or `arg:NAME`.
    package var context: Located<String>
    /// The implementation chosen.
    package var use: Located<String>?
    /// The members chosen for a list factory, in order.
    package var members: [Located<String>]?
    /// Its settings (for a list, by member name).
    package var with: ValueNode?
    /// A value instead of an implementation.
    package var value: ValueNode?
}

/// The contexts a profile can name (besides `arg`).
package let profileContexts = ["test", "preview", "debug", "simulator", "device"]

/// The scopes every program has, by the names profiles use.
package let builtInScopeNames = ["unique", "cached", "shared", "singleton", "graph"]
