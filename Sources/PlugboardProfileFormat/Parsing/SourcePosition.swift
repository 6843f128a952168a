/// A place in a file.
///
/// A position names its file by a number (see `InternedNames`), so that it holds no reference: a profile
/// keeps a position for every key and value it sets, and copying a path's string with each one cost a
/// reference count update per copy, which was a tenth of parsing and checking a large profile. It keeps
/// its line and column in 32 bits (a profile is at most 2 GiB, ``ParseLimits/inputCeiling``): 12 bytes.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `file`'s number among the files the program has named.
    private var fileNumber: InternedNames.Number
    private var storedLine: Int32
    private var storedColumn: Int32

    /// 1-based line.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// 1-based column, in characters.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// The file's path as given.
    public var file: String {
        get { InternedNames.name(of: fileNumber) }
        set { fileNumber = InternedNames.number(of: newValue) }
    }

    /// A position.
    package init(file: String, line: Int, column: Int) {
        self.init(fileNumber: InternedNames.number(of: file), line: line, column: column)
    }

    /// A position in the file numbered `fileNumber` (a parser numbers its file once).
    init(fileNumber: InternedNames.Number, line: Int, column: Int) {
        self.fileNumber = fileNumber
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// File order: by file (its path's UTF-8 bytes, as files are told apart), then line, then column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        if lhs.fileNumber != rhs.fileNumber { return lhs.file.utf8.lexicographicallyPrecedes(rhs.file.utf8) }
        return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}

extension SourcePosition: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, line, column
    }

    /// Decodes `{"file": ..., "line": ..., "column": ...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column))
    }

    /// Encodes `{"file": ..., "line": ..., "column": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
