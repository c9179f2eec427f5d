import Folio
import XCTest

final class DatabaseReaderBackupTests: FolioTestCase {
    private func fill(_ writer: some DatabaseWriter, rowCount: Int = 3) throws {
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB)")
            for _ in 0..<rowCount {
                try db.execute(sql: "INSERT INTO t (payload) VALUES (zeroblob(1024))")
            }
        }
    }

    private func count(_ reader: some DatabaseReader) throws -> Int? {
        try reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
    }

    func testQueueToQueue() throws {
        let source = try makeDatabaseQueue()
        try fill(source)
        let destination = try DatabaseQueue()
        try source.backup(to: destination)
        XCTAssertEqual(try count(destination), 3)
    }

    func testQueueToPool() throws {
        let source = try makeDatabaseQueue()
        try fill(source)
        let destination = try makeDatabasePool()
        try source.backup(to: destination)
        XCTAssertEqual(try count(destination), 3)
        // The destination pool remains in WAL mode.
        XCTAssertEqual(try destination.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }, "wal")
    }

    func testPoolToQueue() throws {
        let source = try makeDatabasePool()
        try fill(source)
        let destination = try DatabaseQueue()
        try source.backup(to: destination)
        XCTAssertEqual(try count(destination), 3)
    }

    func testPoolToPool() throws {
        let source = try makeDatabasePool()
        try fill(source)
        let destination = try makeDatabasePool()
        try source.backup(to: destination)
        XCTAssertEqual(try count(destination), 3)
    }

    func testBackupRunsInAReadAndABarrierWrite() throws {
        let source = try makeDatabaseQueue()
        try fill(source)
        let destination = try makeDatabaseQueue()
        clearSQLQueries()
        try source.backup(to: destination)
        // The source is read in a deferred transaction; the destination
        // is written outside of any transaction.
        XCTAssertEqual(sqlQueries, ["PRAGMA query_only = 1", "BEGIN DEFERRED TRANSACTION", "ROLLBACK TRANSACTION", "PRAGMA query_only = 0"])
    }

    func testProgressIsReported() throws {
        let source = try makeDatabasePool()
        try fill(source, rowCount: 20)
        let pageCount = try source.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count")! }
        let destination = try DatabaseQueue()
        var reports: [DatabaseBackupProgress] = []
        try source.backup(to: destination, pagesPerStep: 5) { reports.append($0) }
        XCTAssertEqual(reports.count, (pageCount + 4) / 5)
        XCTAssertEqual(reports.last?.isCompleted, true)
        XCTAssertEqual(reports.last?.completedPageCount, pageCount)
        XCTAssertEqual(reports.filter(\.isCompleted).count, 1)
        XCTAssertEqual(try count(destination), 20)
    }

    func testProgressErrorAbortsTheBackup() throws {
        struct Abort: Error { }
        let source = try makeDatabaseQueue()
        try fill(source, rowCount: 20)
        let destination = try DatabaseQueue()
        XCTAssertThrowsError(try source.backup(to: destination, pagesPerStep: 1) { _ in throw Abort() }) {
            XCTAssertTrue($0 is Abort)
        }
        XCTAssertFalse(try destination.read { db in try db.tableExists("t") })
    }

    func testWritesDuringAPoolBackupDoNotMakeItFail() throws {
        let source = try makeDatabasePool()
        try fill(source, rowCount: 20)
        let destination = try DatabaseQueue()
        var writeCount = 0
        try source.backup(to: destination, pagesPerStep: 1) { _ in
            // Each write may restart the copy: a few writes only.
            guard writeCount < 3 else { return }
            // The writer of the source goes on while a reader copies.
            try source.write { db in try db.execute(sql: "INSERT INTO t (payload) VALUES (zeroblob(1024))") }
            writeCount += 1
        }
        XCTAssertEqual(writeCount, 3)
        let copied = try XCTUnwrap(try count(destination))
        XCTAssertTrue((20...(20 + writeCount)).contains(copied), "\(copied)")
        XCTAssertEqual(try count(source), 20 + writeCount)
    }

    func testBackupToAReadOnlyDestinationFails() throws {
        let source = try makeDatabaseQueue()
        try fill(source)
        let path = temporaryDatabasePath()
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE other (a)") }
        var config = Configuration()
        config.readonly = true
        let destination = try DatabaseQueue(path: path, configuration: config)
        assertDatabaseError(.SQLITE_READONLY) { try source.backup(to: destination) }
        XCTAssertTrue(try destination.read { db in try db.tableExists("other") })
    }

    func testBackupToAClosedDestinationFails() throws {
        let source = try makeDatabaseQueue()
        try fill(source)
        let destination = try DatabaseQueue()
        try destination.close()
        assertDatabaseError(.SQLITE_MISUSE) { try source.backup(to: destination) }
    }

    func testBackupToItselfFails() throws {
        let dbQueue = try makeDatabaseQueue()
        try fill(dbQueue)
        let error = assertDatabaseError(.SQLITE_MISUSE) { try dbQueue.backup(to: dbQueue) }
        XCTAssertEqual(error?.message, "the source and the destination of a backup must be distinct databases")

        let dbPool = try makeDatabasePool()
        assertDatabaseError(.SQLITE_MISUSE) { try dbPool.backup(to: dbPool) }
    }
}
