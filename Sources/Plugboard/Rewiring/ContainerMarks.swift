/// The containers a publication marked as it found them (see ``ContainerManager/markContainers(holding:into:)``).
package struct ContainerMarks {
    /// Every container considered, by store serial: those the publication names to begin with, and those found.
    var containers: Set<UInt64>
    /// The containers the publication names.
    package let listed: Set<UInt64>
    /// What each container found had before its mark.
    var earlier: [(container: UInt64, epoch: UInt64)] = []

    /// Marks that begin with the containers `managers` manage, which the publication marks itself.
    package init(_ managers: [ContainerManager]) {
        listed = Set(managers.map(\.slots.serial))
        containers = listed
    }
}
