/// The key nodes a settings type read, in order: the first four are kept inline, so that decoding a type of a
/// few fields allocates nothing for them, and the rest in an array.
struct KeyNodeReads {
    private var inline: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    private var more: [Int] = []
    /// How many reads there are.
    private(set) var count = 0

    mutating func append(_ node: Int) {
        switch count {
        case 0: inline.0 = node
        case 1: inline.1 = node
        case 2: inline.2 = node
        case 3: inline.3 = node
        default: more.append(node)
        }
        count += 1
    }

    /// Whether `node` was read. (Slots not yet used hold -1, which is no node.)
    func contains(_ node: Int) -> Bool {
        inline.0 == node || inline.1 == node || inline.2 == node || inline.3 == node || more.contains(node)
    }

    /// Every read, in order.
    var all: [Int] {
        Array([inline.0, inline.1, inline.2, inline.3].prefix(count)) + more
    }
}
