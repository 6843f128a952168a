/// A setting after merging, with the place it came from and the places it overrode.
///
/// It names its profile by a number (see `InternedNames`), as its position names its file: a merged entry
/// holds four settings, and a large profile's merged entries are the largest thing loading it makes.
package struct Setting<Value: Sendable>: Sendable {
    /// The value in force.
    package var value: Value
    /// Where it was set.
    package var origin: SourcePosition
    /// `profile`'s number.
    private var profileNumber: InternedNames.Number
    /// Earlier settings it replaced (parents, or profiles further left), oldest first.
    package var overridden: [SourcePosition]

    /// The profile that set it.
    package var profile: String {
        get { InternedNames.name(of: profileNumber) }
        set { profileNumber = InternedNames.number(of: newValue) }
    }

    /// A setting from the profile numbered `profile`.
    init(value: Value, origin: SourcePosition, profile: InternedNames.Number, overridden: [SourcePosition] = []) {
        self.value = value
        self.origin = origin
        profileNumber = profile
        self.overridden = overridden
    }
}

/// One factory's settings after merging every applied profile.
package struct MergedEntry: Sendable {
    /// The factory key.
    package var key: String
    /// Where the factory is first named.
    package var keyPosition: SourcePosition
    /// The implementation chosen (`default` keeps the factory's own definition).
    package var use: Setting<String>?
    /// The members chosen for a list factory, in order (`use: [console, amplitude]`); `use` and `members`
    /// exclude each other, the later profile's winning.
    package var members: Setting<[Located<String>]>?
    /// Settings for the implementation (for a list, by member name).
    package var with: Setting<ValueNode>?
    /// The factory's value.
    package var value: Setting<ValueNode>?
    /// The scope's name.
    package var scope: Setting<String>?
    /// Context choices by context (`test`, `arg:mock1`).
    package var contexts: [String: Setting<ContextChoice>] = [:]
}

/// One container's merged entries, in the order the profiles first name them (parents first), so that
/// checking and applying follow the files without sorting, and a key is found without a search.
package struct MergedSection: Sendable {
    /// The entries, in the order their factories are first named.
    package private(set) var entries: [MergedEntry] = []
    /// Positions in `entries` by key, made by the first merge that may repeat a key and kept up to date by
    /// the next ones (a chain of 10,000 profiles merges 10,000 times). Nil while no merge needed one.
    private var positions: NameIndex?

    /// An empty section.
    package init() {}

    /// The entry for the factory `key`, if a profile names it: from the positions when a merge made them,
    /// else a search (for messages and tests).
    package subscript(key: String) -> MergedEntry? {
        if let positions { return positions.value(for: key).map { entries[$0] } }
        return entries.first { $0.key == key }
    }

    /// Merges each of `section`'s entries into its factory's merged entry, adding one where the factory is new.
    /// The entries are read in place: copying each (its names, positions and settings) cost more than merging it.
    mutating func merge(_ section: ContainerSection, from profile: String) {
        let profile = InternedNames.number(of: profile)
        if entries.isEmpty && section.keysAreDistinct {
            // Every entry is new: no lookups, so no index of positions is made (nearly every merge is this one).
            entries.reserveCapacity(section.entries.count)
            section.entries.withUnsafeBufferPointer { buffer in
                for index in buffer.indices {
                    entries.append(MergedEntry(first: buffer.baseAddress.unsafelyUnwrapped + index, from: profile))
                }
            }
            return
        }
        // Moved out of the property, so that adding to it copies nothing.
        var positions = self.positions ?? Self.positions(of: entries, room: section.entries.count)
        self.positions = nil
        positions.reserveCapacity(entries.count + section.entries.count)
        entries.reserveCapacity(entries.count + section.entries.count)
        section.entries.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                merge(buffer.baseAddress.unsafelyUnwrapped + index, from: profile, positions: &positions)
            }
        }
        self.positions = positions
    }

    /// The positions of `entries` by key, with room for `room` more.
    private static func positions(of entries: [MergedEntry], room: Int) -> NameIndex {
        var positions = NameIndex(capacity: entries.count + room)
        for (position, entry) in entries.enumerated() { _ = positions.valueOrInsert(entry.key, position) }
        return positions
    }

    private mutating func merge(
        _ entry: UnsafePointer<FactoryEntry>, from profile: InternedNames.Number, positions: inout NameIndex
    ) {
        // One hash lookup finds the factory or reserves the next position for it.
        let next = entries.count
        if let index = positions.valueOrInsert(entry.pointee.key.value, next) {
            entries[index].apply(entry, from: profile)
        } else {
            entries.append(MergedEntry(first: entry, from: profile))
        }
    }
}

/// The result of merging profiles: `extends` chains first, then several active profiles left to right,
/// field by field.
@_spi(Tools) public struct MergedProfile: Sendable {
    /// The profiles asked for.
    package var names: [String]
    /// Every document applied, in order (parents first).
    package var documents: [ProfileDocument]
    /// The merged entries per container name.
    package var containers: [String: MergedSection] = [:]
    /// Where each container is first named.
    package var containerPositions: [String: SourcePosition] = [:]
    /// The overrides merged over the files, by their origins (`$PLUGBOARD__Container__store__use`), in order.
    package var overrides: [String] = []
    /// Where an override of one field inside `with` or `value` replaced that field, by where the override set
    /// it: what `explain` says the field overrode (the setting as a whole keeps its own history).
    package var replacedFields: [SourcePosition: [SourcePosition]] = [:]

    /// Merges `documents`, given in the order they apply.
    @_spi(Tools) public init(names: [String], documents: [ProfileDocument]) {
        self.names = names
        self.documents = documents
        for document in documents { merge(document) }
    }

    /// Merges one more document over the result so far: how every file is merged, and then each override.
    package mutating func merge(_ document: ProfileDocument) {
        for section in document.containers {
            if containerPositions[section.name.value] == nil {
                containerPositions[section.name.value] = section.name.position
            }
            // Merged in place: one lookup per entry, no copy of the entries merged so far.
            var merged = containers.removeValue(forKey: section.name.value) ?? MergedSection()
            merged.merge(section, from: document.name)
            containers[section.name.value] = merged
        }
    }
}

extension MergedEntry {
    /// The entry of a factory that `entry` is the first to name: what `apply` makes of an empty entry,
    /// made at once (assigning an optional setting into an existing entry goes through its type's value
    /// witnesses, about 150 instructions each, even when the old value is nil).
    init(first entry: UnsafePointer<FactoryEntry>, from profile: InternedNames.Number) {
        func setting<V>(_ value: V, at origin: SourcePosition) -> Setting<V> {
            Setting(value: value, origin: origin, profile: profile)
        }
        // A value replaces the implementation and its settings, as in `apply`.
        let value = entry.pointee.value
        self.init(
            key: entry.pointee.key.value, keyPosition: entry.pointee.key.position,
            use: value == nil ? entry.pointee.use.map { setting($0.value, at: $0.position) } : nil,
            members: value == nil ? entry.pointee.members.map { setting($0, at: Self.origin(of: $0, in: entry)) } : nil,
            with: value == nil ? entry.pointee.with.map { setting($0, at: $0.position) } : nil,
            value: value.map { setting($0, at: $0.position) },
            scope: entry.pointee.scope.map { setting($0.value, at: $0.position) })
        for choice in entry.pointee.contexts {
            contexts[choice.context.value] = setting(choice, at: choice.context.position)
        }
    }

    /// Where a list was written: its first member, or the factory's key for an empty list.
    static func origin(of members: [Located<String>], in entry: UnsafePointer<FactoryEntry>) -> SourcePosition {
        members.first?.position ?? entry.pointee.key.position
    }

    mutating func apply(_ entry: UnsafePointer<FactoryEntry>, from profile: InternedNames.Number) {
        // Replaced in place: the usual first setting has nothing to move into `overridden`, and copying
        // the old setting out and back cost more than the merge itself.
        func replace<V>(_ setting: inout Setting<V>?, with value: V, at origin: SourcePosition) {
            var overridden: [SourcePosition] = []
            if let old = setting { overridden = old.overridden + [old.origin] }
            setting = Setting(value: value, origin: origin, profile: profile, overridden: overridden)
        }
        if let use = entry.pointee.use {
            // Settings belong to the implementation they were given for: choosing another one drops them.
            if use.value != self.use?.value { with = nil }
            replace(&self.use, with: use.value, at: use.position)
            members = nil
            value = nil
        }
        if let chosen = entry.pointee.members {
            // A list replaces the list before it whole, and the settings given for the old list go with it
            // unless the members are the same ones in the same order.
            if chosen.map(\.value) != self.members?.value.map(\.value) { with = nil }
            replace(&members, with: chosen, at: Self.origin(of: chosen, in: entry))
            use = nil
            value = nil
        }
        if let with = entry.pointee.with {
            replace(&self.with, with: with, at: with.position)
        }
        if let value = entry.pointee.value {
            replace(&self.value, with: value, at: value.position)
            use = nil
            members = nil
            with = nil
        }
        if let scope = entry.pointee.scope {
            replace(&self.scope, with: scope.value, at: scope.position)
        }
        for choice in entry.pointee.contexts {
            replace(&contexts[choice.context.value], with: choice, at: choice.context.position)
        }
    }
}
