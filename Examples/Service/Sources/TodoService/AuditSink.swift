import Foundation
import Logging

/// Where the service records each item it adds: the members of `StoreContainer.audit`, a list each
/// environment's profile chooses (`use: [log, file]`), none by default.
public protocol AuditSink: Sendable {
    /// Records that `todo` was added.
    func recordAdded(_ todo: Todo) throws
}

/// Logs each added item at `notice`, through the service's logging.
public struct LogAudit: AuditSink {
    let logger = Logger(label: "todo-service.audit")

    public init() {}

    public func recordAdded(_ todo: Todo) {
        logger.notice("added item \(todo.id): \(todo.title)")
    }
}

/// Appends each added item to a file as a JSON line, for a log shipper or an auditor to pick up.
public struct FileAudit: AuditSink {
    public struct Settings: Decodable, Sendable {
        /// The file's path; made when missing.
        public var path: String
    }

    let settings: Settings
    /// One writer at a time, so that two requests' lines never interleave.
    private let lock = NSLock()

    public init(settings: Settings) {
        self.settings = settings
    }

    public func recordAdded(_ todo: Todo) throws {
        var line = try JSONEncoder().encode(todo)
        line.append(UInt8(ascii: "\n"))
        try lock.withLock {
            if !FileManager.default.fileExists(atPath: settings.path) {
                _ = FileManager.default.createFile(atPath: settings.path, contents: nil)
            }
            guard let handle = FileHandle(forWritingAtPath: settings.path) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: settings.path])
            }
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: line)
        }
    }
}
