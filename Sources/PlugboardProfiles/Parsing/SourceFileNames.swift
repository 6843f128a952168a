import Synchronization

/// The files a program has named in a ``SourcePosition``, each numbered once for the life of the process.
///
/// Equal paths get equal numbers, so positions compare and hash by number. A program names few files (its
/// profiles, and labels such as `<arguments>`); the names are kept for good, which is what lets a position
/// hold a number instead of a reference.
enum SourceFileNames {
    /// A file's number.
    typealias Number = UInt32

    private struct Table {
        var names: [String] = []
        var numbers: [String: Number] = [:]
    }

    private static let table = Mutex(Table())

    /// The number of `name`, given it on first use.
    static func number(of name: String) -> Number {
        table.withLock { table in
            if let number = table.numbers[name] { return number }
            let number = Number(table.names.count)
            table.names.append(name)
            table.numbers[name] = number
            return number
        }
    }

    /// The name numbered `number`.
    static func name(of number: Number) -> String {
        table.withLock { $0.names[Int(number)] }
    }
}
