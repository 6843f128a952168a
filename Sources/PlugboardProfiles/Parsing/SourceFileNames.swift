import Synchronization

/// The files a program has named in a ``SourcePosition``, each numbered once for the life of the process.
///
/// Paths with the same bytes get the same number, so positions compare and hash by number. (Bytes, not
/// `String` equality: two paths that differ only in how an accented letter is encoded are two files on
/// Linux, and each keeps its own spelling.) A program names few files (its profiles, and labels such as
/// `<arguments>`); the names are kept for good, which is what lets a position hold a number instead of a
/// reference.
enum SourceFileNames {
    /// A file's number.
    typealias Number = UInt32

    private struct Table {
        var names: [String] = []
        var numbers: [[UInt8]: Number] = [:]
    }

    private static let table = Mutex(Table())

    /// The number of `name`, given it on first use.
    static func number(of name: String) -> Number {
        let bytes = Array(name.utf8)
        return table.withLock { table in
            if let number = table.numbers[bytes] { return number }
            let number = Number(table.names.count)
            table.names.append(name)
            table.numbers[bytes] = number
            return number
        }
    }

    /// The name numbered `number`.
    static func name(of number: Number) -> String {
        table.withLock { $0.names[Int(number)] }
    }
}
