import Foundation

/// The names of files and profiles that positions and merged settings refer to, each numbered once for the
/// life of the process, so that a ``SourcePosition`` or a ``Setting`` holds a number instead of a string.
///
/// A profile keeps a position for every key and value it sets, and a merged setting for each; copying a
/// name's string with each one cost a reference count update per copy, and its 16 bytes per setting.
/// Names with the same bytes get the same number, so positions compare and hash by number. (Bytes, not
/// `String` equality: two paths that differ only in how an accented letter is encoded are two files on
/// Linux, and each keeps its own spelling.) A program names few files and profiles; the names are kept for
/// good, which is what lets the number stand for the name. The table takes a POSIX lock (`NSLock`), which
/// ThreadSanitizer follows.
enum InternedNames {
    /// A name's number.
    typealias Number = UInt32

    /// The names by number and the numbers by name, read and written only under `lock`.
    private final class Table: @unchecked Sendable {
        let lock = NSLock()
        var names: [String] = []
        var numbers: [[UInt8]: Number] = [:]
    }

    private static let table = Table()

    /// The number of `name`, given it on first use.
    static func number(of name: String) -> Number {
        let bytes = Array(name.utf8)
        return table.lock.withLock {
            if let number = table.numbers[bytes] { return number }
            let number = Number(table.names.count)
            table.names.append(name)
            table.numbers[bytes] = number
            return number
        }
    }

    /// The name numbered `number`.
    static func name(of number: Number) -> String {
        table.lock.withLock { table.names[Int(number)] }
    }
}
