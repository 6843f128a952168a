import Foundation

/// Prints a traced resolution graph parents first, each line with its depth, as Factory does: resolutions end
/// children first, so their lines wait on this thread until the graph's root (the outermost traced resolution)
/// ends, then come out in the order the resolutions started.
enum TraceOrder {
    /// One finished resolution: how deep it was (1 for a graph's root), its line, and where to log it.
    struct Entry {
        let depth: Int
        let line: String
        let log: @Sendable (String) -> Void
    }

    private static let key = "plugboard.trace"

    /// Records a finished resolution; `isRoot` says that nothing above it is traced, and so the graph is done.
    static func finished(_ entry: Entry, isRoot: Bool) {
        let dictionary = Thread.current.threadDictionary
        var pending = (dictionary[key] as? [Entry]) ?? []
        pending.append(entry)
        guard isRoot else {
            dictionary[key] = pending
            return
        }
        dictionary[key] = nil
        for ordered in preOrder(pending) {
            // Factory's layout: the level from 0, then four spaces a level.
            let indent = String(repeating: "    ", count: ordered.depth - 1)
            ordered.log("\(ordered.depth - 1): \(indent)\(ordered.line)")
        }
    }

    /// `entries` in the order they ended (children before parents) put parents first: each entry is the parent
    /// of the deeper entries that ended just before it.
    static func preOrder(_ entries: [Entry]) -> [Entry] {
        // Subtrees in order, each as its entries parents first; an entry adopts the deeper subtrees before it.
        var subtrees: [(depth: Int, entries: [Entry])] = []
        for entry in entries {
            var children: [Entry] = []
            var adopted: [[Entry]] = []
            while let last = subtrees.last, last.depth > entry.depth {
                adopted.append(last.entries)
                subtrees.removeLast()
            }
            for subtree in adopted.reversed() { children += subtree }
            subtrees.append((entry.depth, [entry] + children))
        }
        return subtrees.flatMap(\.entries)
    }
}
