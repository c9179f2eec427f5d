import Folio
import XCTest

final class DatabaseBackupTests: FolioTestCase {
    /// A database with a table of `rowCount` rows of 1 KB each.
    private func makeSource(rowCount: Int = 3) throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB)")
            for _ in 0..<rowCount {
                try db.execute(sql: "INSERT INTO t (payload) VALUES (zeroblob(1024))")
            }
        }
        return dbQueue
    }

    private func backup(
        _ source: DatabaseQueue,
        to destination: DatabaseQueue,
        pagesPerStep: CInt = -1,
        progress: ((DatabaseBackupProgress) throws -> Void)? = nil) throws
    {
        try source.inDatabase { sourceDb in
            try destination.inDatabase { destDb in
                try sourceDb.backup(to: destDb, pagesPerStep: pagesPerStep, progress: progress)
            }
        }
    }

    func testBackupCopiesSchemaAndContent() throws {
        let source = try makeSource(rowCount: 3)
        let destination = try DatabaseQueue()
        try backup(source, to: destination)
        XCTAssertEqual(try destination.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 3)
        XCTAssertEqual(try destination.read { db in try Int.fetchOne(db, sql: "SELECT length(payload) FROM t LIMIT 1") }, 1024)
    }

    func testBackupReplacesTheDestinationContent() throws {
        let source = try makeSource()
        let destination = try DatabaseQueue()
        try destination.write { db in try db.execute(sql: "CREATE TABLE other (a)") }
        try backup(source, to: destination)
        XCTAssertFalse(try destination.read { db in try db.tableExists("other") })
        XCTAssertTrue(try destination.read { db in try db.tableExists("t") })
    }

    func testDestinationSeesTheNewSchemaAfterBackup() throws {
        let source = try DatabaseQueue()
        try source.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b); INSERT INTO t VALUES (1, 2)")
        }
        let destination = try DatabaseQueue()
        try destination.inDatabase { destDb in
            try destDb.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (0)")
            // Fill the caches of the destination with the old schema.
            XCTAssertEqual(try destDb.columns(in: "t").map(\.name), ["a"])
            XCTAssertEqual(try Row.fetchOne(destDb.cachedStatement(sql: "SELECT * FROM t"))?.count, 1)

            try source.inDatabase { sourceDb in try sourceDb.backup(to: destDb) }

            XCTAssertEqual(try destDb.columns(in: "t").map(\.name), ["a", "b"])
            XCTAssertEqual(try Row.fetchOne(destDb.cachedStatement(sql: "SELECT * FROM t")), ["a": 1, "b": 2])
        }
    }

    func testProgressIsReportedAfterEachStep() throws {
        let source = try makeSource(rowCount: 50)
        let pageCount = try source.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count")! }
        XCTAssertGreaterThan(pageCount, 10)
        let destination = try DatabaseQueue()
        var reports: [DatabaseBackupProgress] = []
        try backup(source, to: destination, pagesPerStep: 3) { reports.append($0) }

        XCTAssertEqual(reports.count, (pageCount + 2) / 3)
        XCTAssertEqual(reports.map(\.totalPageCount), Array(repeating: pageCount, count: reports.count))
        XCTAssertEqual(reports.map(\.completedPageCount), reports.indices.map { min(3 * ($0 + 1), pageCount) })
        XCTAssertEqual(reports.map(\.remainingPageCount), reports.map { pageCount - $0.completedPageCount })
        XCTAssertEqual(reports.map(\.isCompleted), reports.indices.map { $0 == reports.count - 1 })
        XCTAssertEqual(try destination.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 50)
    }

    func testProgressIsReportedOnceForASingleStep() throws {
        let source = try makeSource()
        let pageCount = try source.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count")! }
        var reports: [DatabaseBackupProgress] = []
        try backup(source, to: DatabaseQueue()) { reports.append($0) }
        XCTAssertEqual(reports.count, 1)
        XCTAssertEqual(reports.first?.isCompleted, true)
        XCTAssertEqual(reports.first?.totalPageCount, pageCount)
        XCTAssertEqual(reports.first?.completedPageCount, pageCount)
        XCTAssertEqual(reports.first?.remainingPageCount, 0)
    }

    func testProgressErrorAbortsTheBackup() throws {
        struct Abort: Error { }
        let source = try makeSource(rowCount: 20)
        let destination = try DatabaseQueue()
        try destination.write { db in try db.execute(sql: "CREATE TABLE other (a)") }
        var reportCount = 0
        XCTAssertThrowsError(try backup(source, to: destination, pagesPerStep: 1) { _ in
            reportCount += 1
            if reportCount == 2 { throw Abort() }
        }) { XCTAssertTrue($0 is Abort) }
        XCTAssertEqual(reportCount, 2)
        // The destination is left as it was.
        XCTAssertTrue(try destination.read { db in try db.tableExists("other") })
        XCTAssertFalse(try destination.read { db in try db.tableExists("t") })
    }

    func testProgressErrorAfterTheLastStepIsIgnored() throws {
        struct Late: Error { }
        let source = try makeSource()
        let destination = try DatabaseQueue()
        try backup(source, to: destination, pagesPerStep: 1) { progress in
            if progress.isCompleted { throw Late() }
        }
        XCTAssertEqual(try destination.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 3)
    }

    func testBackupToAReadOnlyDestinationFails() throws {
        let path = temporaryDatabasePath()
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE other (a)") }
        var config = Configuration()
        config.readonly = true
        let destination = try DatabaseQueue(path: path, configuration: config)
        assertDatabaseError(.SQLITE_READONLY) { try backup(try makeSource(), to: destination) }
        XCTAssertTrue(try destination.read { db in try db.tableExists("other") })
    }

    func testBackupToADestinationInATransactionFails() throws {
        let source = try makeSource()
        let destination = try DatabaseQueue()
        try source.inDatabase { sourceDb in
            try destination.inTransaction { destDb in
                try destDb.execute(sql: "CREATE TABLE other (a)")
                let error = assertDatabaseError(.SQLITE_ERROR) { try sourceDb.backup(to: destDb) }
                XCTAssertEqual(error?.message, "destination database is in use")
                return .commit
            }
        }
        XCTAssertTrue(try destination.read { db in try db.tableExists("other") })
    }

    func testBackupToItselfFails() throws {
        let source = try makeSource()
        source.inDatabase { db in
            let error = assertDatabaseError(.SQLITE_ERROR) { try db.backup(to: db) }
            XCTAssertEqual(error?.message, "source and destination must be distinct")
        }
    }
}
