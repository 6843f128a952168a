/// A value with the place it was written.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// Where it was written.
    public var position: SourcePosition

    /// A located value.
    public init(_ value: Value, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

/// A piece of a document kept as written, to be decoded later into a type the program declared
/// (`value:` and `with:`).
public struct ValueNode: Sendable {
    /// The document's nodes.
    public let tree: NodeTree
    /// The node this value starts at.
    public let index: Int

    /// Where the value starts.
    public var position: SourcePosition { tree.position(of: index) }
}

/// One profile file, read and checked against the format (not yet against the program).
public struct ProfileDocument: Sendable {
    /// The profile's name: the file name without its extension.
    public var name: String
    /// The file it was read from.
    public var file: String
    /// The optional description.
    public var description: String?
    /// Profiles applied before this one, in order.
    public var extends: [Located<String>] = []
    /// The settings per container, in file order.
    public var containers: [ContainerSection] = []
}

/// The settings a profile gives one container.
public struct ContainerSection: Sendable {
    /// The container's name.
    public var name: Located<String>
    /// The factories' entries, in file order.
    public var entries: [FactoryEntry] {
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
public struct FactoryEntry: Sendable {
    /// The factory key.
    public var key: Located<String>
    /// The implementation chosen (`default`: the factory's own definition).
    public var use: Located<String>?
    /// The settings for that implementation.
    public var with: ValueNode?
    /// The factory's value, for factories declared configurable.
    public var value: ValueNode?
    /// The scope's name.
    public var scope: Located<String>?
    /// Choices that apply only in a context, in file order.
    public var contexts: [ContextChoice] = []
}

/// A choice that applies in one context: `test: mock`, or `arg: { mock1: { use: failing, with: {...} } }`.
public struct ContextChoice: Sendable {
    /// The context: `test`, `preview`, `debug`, `simulator`, `device`, or `arg:NAME`.
    public var context: Located<String>
    /// The implementation chosen.
    public var use: Located<String>?
    /// Its settings.
    public var with: ValueNode?
    /// A value instead of an implementation.
    public var value: ValueNode?
}

/// The contexts a profile can name (besides `arg`).
public let profileContexts = ["test", "preview", "debug", "simulator", "device"]

/// The scopes every program has, by the names profiles use.
public let builtInScopeNames = ["unique", "cached", "shared", "singleton", "graph"]
