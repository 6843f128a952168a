/// Resolves `extends` depth first, each profile once, parents before children, with a bounded depth.
struct ChainResolver {
    let library: ProfileLibrary
    var failed: Set<String> = []
    var placed: Set<String> = []
    var ordered: [ProfileDocument] = []
    var diagnostics: [Diagnostic] = []
    /// The profiles being resolved, outermost first: a name found here again is a cycle.
    var stack: [String] = []
    /// Where the outermost profile was asked for: a chain too deep is that profile's fault, not its last link's.
    var root = SourcePosition(file: "<launch>", line: 1, column: 1)

    init(library: ProfileLibrary) {
        self.library = library
    }

    mutating func visit(_ name: String, requestedAt position: SourcePosition) {
        if let index = stack.firstIndex(of: name) {
            let cycle = stack[index...] + [name]
            diagnostics.append(
                Diagnostic(.extendsCycle, "extends cycle: \(cycle.joined(separator: " -> "))", at: position))
            return
        }
        if placed.contains(name) || failed.contains(name) { return }
        let limit = library.limits.maxExtendsDepth
        if stack.count >= limit {
            diagnostics.append(
                Diagnostic(
                    .extendsTooDeep,
                    "extends chain deeper than \(limit) profiles (\(stack.first!) -> ... -> \(stack.last!) -> \(name)); ParseLimits.maxExtendsDepth sets the limit",
                    at: root))
            failed.insert(name)
            return
        }
        let document: ProfileDocument
        switch library.locate(name, requestedAt: position) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            failed.insert(name)
            return
        case .success(let file):
            let (read, found) = library.loaded.load(file)
            diagnostics += found
            guard let read else {
                failed.insert(name)
                return
            }
            document = read
        }
        stack.append(name)
        for parent in document.extends {
            visit(parent.value, requestedAt: parent.position)
        }
        stack.removeLast()
        if placed.insert(name).inserted { ordered.append(document) }
    }
}
