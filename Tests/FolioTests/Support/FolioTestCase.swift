import Folio
import Foundation
import XCTest

/// Records the SQL run by a connection, through its trace hook.
final class SQLRecorder: @unchecked Sendable {
    // @unchecked Sendable: all access goes through `lock`.
    private let lock = NSLock()
    private var _queries: [String] = []

    var queries: [String] {
        lock.lock(); defer { lock.unlock() }
        return _queries
    }

    func record(_ sql: String) {
        lock.lock(); defer { lock.unlock() }
        _queries.append(sql)
    }

    func reset() {
        lock.lock(); defer { lock.unlock() }
        _queries.removeAll()
    }
}

/// The base class of Folio tests: each test gets its own database, and
/// the SQL it runs is recorded for assertions.
class FolioTestCase: XCTestCase {
    let recorder = SQLRecorder()

    /// The SQL statements run so far by databases made with
    /// ``makeDatabaseQueue(configuration:)``.
    var sqlQueries: [String] { recorder.queries }

    /// The last SQL statement run.
    var lastSQLQuery: String? { recorder.queries.last }

    /// Forgets the recorded SQL.
    func clearSQLQueries() { recorder.reset() }

    /// Returns a new in-memory database queue that records its SQL.
    func makeDatabaseQueue(configuration: Configuration = Configuration()) throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue(configuration: configuration)
        try startRecording(dbQueue)
        return dbQueue
    }

    /// Returns a database queue on a new temporary file, deleted after the
    /// test, that records its SQL.
    func makeTemporaryDatabaseQueue(configuration: Configuration = Configuration()) throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: configuration)
        try startRecording(dbQueue)
        return dbQueue
    }

    /// Returns the path of a new temporary database file, deleted after
    /// the test.
    func temporaryDatabasePath() -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("FolioTests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock {
            try? FileManager.default.removeItem(at: directory)
        }
        return directory.appendingPathComponent("db.sqlite").path
    }

    private func startRecording(_ dbQueue: DatabaseQueue) throws {
        let recorder = self.recorder
        dbQueue.inDatabase { db in
            db.trace { event in
                recorder.record(event.sql)
            }
        }
    }
}

extension Database.TraceEvent {
    /// The SQL of the statement of the event.
    var sql: String {
        switch self {
        case .statement(let statement): return statement.sql
        case .profile(let statement, _): return statement.sql
        }
    }
}
