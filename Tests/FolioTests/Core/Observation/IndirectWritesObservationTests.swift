import CSQLite
import Folio
import XCTest

/// Writes that SQLite performs on behalf of a statement that does not look
/// like a write (a function that writes through the C API, as extensions
/// such as PowerSync do, GRDB issue 1863) are seen by the update hook, and
/// notified to transaction observers and observations.
final class IndirectWritesObservationTests: FolioTestCase {
    private final class Recorder: TransactionObserver, @unchecked Sendable {
        var events: [String] = []
        var commits = 0
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {
            events.append("\(event.kind) \(event.tableName) \(event.rowID)")
        }
        func databaseDidCommit(_ db: Database) { commits += 1 }
        func databaseDidRollback(_ db: Database) { }
    }

    /// A function that inserts a row in `log` through the C API, out of
    /// sight of Folio's statement authorizer.
    private func addWritingFunction(_ db: Database) {
        nonisolated(unsafe) let connection = db.sqliteConnection
        db.add(function: DatabaseFunction("logValue", argumentCount: 1, pure: false) { values in
            let value = Int.fromDatabaseValue(values[0]) ?? 0
            let code = sqlite3_exec(connection, "INSERT INTO log (value) VALUES (\(value))", nil, nil, nil)
            return Int(code)
        })
    }

    private func makeLogQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE log (id INTEGER PRIMARY KEY, value INTEGER)")
            try db.execute(sql: "CREATE TABLE other (id INTEGER PRIMARY KEY)")
            addWritingFunction(db)
        }
        return dbQueue
    }

    func testTransactionObserversHearWritesOfFunctionsInSelectStatements() throws {
        let dbQueue = try makeLogQueue()
        let recorder = Recorder()
        try dbQueue.write { db in db.add(transactionObserver: recorder) }
        try dbQueue.writeWithoutTransaction { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT logValue(42)"), Int(SQLITE_OK))
        }
        XCTAssertEqual(recorder.events, ["insert log 1"])
        XCTAssertEqual(recorder.commits, 1)

        try dbQueue.write { db in
            _ = try Int.fetchOne(db, sql: "SELECT logValue(43)")
            try db.execute(sql: "INSERT INTO other DEFAULT VALUES")
        }
        XCTAssertEqual(recorder.events, ["insert log 1", "insert log 2", "insert other 1"])
        XCTAssertEqual(recorder.commits, 2)
    }

    func testRegionObservationsAndValueObservationsSeeWritesOfFunctions() throws {
        let dbQueue = try makeLogQueue()
        let changes = ValueRecorder<Int>()
        let regionObservation = DatabaseRegionObservation(tracking: Table("log"))
        let regionCancellable = regionObservation.start(in: dbQueue, onError: { XCTFail("\($0)") }, onChange: { db in
            changes.append((try? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM log")) ?? -1)
        })
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM log")! }
            .start(in: dbQueue, scheduling: .async(onQueue: .main), onError: { XCTFail("\($0)") }, onChange: values.append)
        wait(for: [values.expectation(self, "initial") { $0 == [0] }], timeout: 10)
        try dbQueue.write { db in _ = try Int.fetchOne(db, sql: "SELECT logValue(1)") }
        wait(for: [values.expectation(self, "change") { $0 == [0, 1] }], timeout: 10)
        XCTAssertEqual(changes.values, [1])
        withExtendedLifetime((regionCancellable, cancellable)) { }
    }

    func testWritesOfFunctionsCalledByUpdateStatementsAreNotifiedWithTheStatementsOwnChanges() throws {
        let dbQueue = try makeLogQueue()
        let recorder = Recorder()
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO other (id) VALUES (1), (2)") }
        dbQueue.writeWithoutTransaction { db in db.add(transactionObserver: recorder) }
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE other SET id = id + 10 WHERE logValue(id) = 0")
        }
        XCTAssertEqual(recorder.events.filter { $0.hasPrefix("insert log") }.count, 2)
        XCTAssertEqual(recorder.events.filter { $0.hasPrefix("update other") }.count, 2)
        XCTAssertEqual(recorder.commits, 1)
    }

    func testChangesOfFullTextVirtualTablesAreNotifiedToObservationsOfTheTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE document USING fts5(body)")
        }
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'sqlite'")! }
            .start(in: dbQueue, scheduling: .async(onQueue: .main), onError: { XCTFail("\($0)") }, onChange: values.append)
        wait(for: [values.expectation(self, "initial") { $0 == [0] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO document (body) VALUES ('sqlite is small')") }
        wait(for: [values.expectation(self, "change") { $0 == [0, 1] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
    }
}
