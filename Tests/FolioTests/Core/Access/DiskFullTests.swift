import Folio
import Foundation
import XCTest

/// When the database is full (here: beyond `PRAGMA max_page_count`), a
/// write throws SQLITE_FULL and rolls back its transaction. Earlier data
/// stays, the connection stays usable, and a later smaller write succeeds.
final class DiskFullTests: FolioTestCase {
    private struct Item: Codable, FetchableRecord, PersistableRecord {
        var id: Int64?
        var data: Data
    }

    /// More pages than the limit leaves room for.
    private static let bigData = Data(repeating: 7, count: 200_000)
    private static let smallData = Data(repeating: 1, count: 10)

    /// Creates the table, inserts one row, and limits the database to a
    /// few more pages than it has.
    private func prepare(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, data BLOB NOT NULL)")
        try db.execute(sql: "INSERT INTO item (data) VALUES (?)", arguments: [Self.smallData])
    }

    private func limitPages(_ db: Database) throws {
        let pageCount = try Int.fetchOne(db, sql: "PRAGMA page_count")!
        try db.execute(sql: "PRAGMA max_page_count = \(pageCount + 4)")
    }

    private func assertFull(_ error: any Error, file: StaticString = #filePath, line: UInt = #line) {
        guard let error = error as? DatabaseError else {
            return XCTFail("unexpected error \(error)", file: file, line: line)
        }
        XCTAssertEqual(error.resultCode, .SQLITE_FULL, "\(error)", file: file, line: line)
        XCTAssertEqual(error.message, "database or disk is full", file: file, line: line)
    }

    private func itemCount(_ reader: some DatabaseReader) throws -> Int {
        try reader.read { db in try Item.fetchCount(db) }
    }

    private func assertRecovers(_ writer: some DatabaseWriter, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try itemCount(writer), 1, file: file, line: line)
        XCTAssertEqual(try writer.read { db in try Data.fetchOne(db, sql: "SELECT data FROM item") }, Self.smallData, file: file, line: line)
        try writer.write { db in
            XCTAssertTrue(db.isInsideTransaction, file: file, line: line)
            try Item(data: Self.smallData).insert(db)
        }
        XCTAssertEqual(try itemCount(writer), 2, file: file, line: line)
        writer.writeWithoutTransaction { db in
            XCTAssertFalse(db.isInsideTransaction, file: file, line: line)
        }
    }

    // MARK: - DatabaseQueue

    func testQueueWriteThatFillsTheDatabaseThrowsAndRollsBack() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in
            try prepare(db)
            try limitPages(db)
        }
        XCTAssertThrowsError(try dbQueue.write { db in
            // A first insert fits; the second does not: both are undone.
            try db.execute(sql: "INSERT INTO item (data) VALUES (?)", arguments: [Self.smallData])
            try db.execute(sql: "INSERT INTO item (data) VALUES (?)", arguments: [Self.bigData])
        }) { error in
            assertFull(error)
            XCTAssertEqual((error as? DatabaseError)?.sql, "INSERT INTO item (data) VALUES (?)")
        }
        try assertRecovers(dbQueue)
    }

    func testQueueTransactionThatFillsTheDatabaseThrowsAndRollsBack() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in
            try prepare(db)
            try limitPages(db)
        }
        try dbQueue.writeWithoutTransaction { db in
            XCTAssertThrowsError(try db.inTransaction {
                try Item(data: Self.smallData).insert(db)
                try Item(data: Self.bigData).insert(db)
                return .commit
            }) { error in
                assertFull(error)
            }
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Item.fetchCount(db), 1)
        }
        try assertRecovers(dbQueue)
    }

    func testQueueRecordInsertThatFillsTheDatabaseThrows() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in
            try prepare(db)
            try limitPages(db)
        }
        XCTAssertThrowsError(try dbQueue.write { db in
            try Item(data: Self.bigData).insert(db)
        }) { error in
            assertFull(error)
            XCTAssertEqual((error as? DatabaseError)?.sql, "INSERT INTO \"item\" (\"id\", \"data\") VALUES (?,?)")
        }
        try assertRecovers(dbQueue)
    }

    func testQueueMigrationThatFillsTheDatabaseIsNotApplied() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in
            try prepare(db)
            try limitPages(db)
        }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("big") { db in
            try db.create(table: "other") { t in
                t.column("data", .blob)
            }
            try db.execute(sql: "INSERT INTO other VALUES (?)", arguments: [Self.bigData])
        }
        XCTAssertThrowsError(try migrator.migrate(dbQueue)) { error in
            assertFull(error)
        }
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), [])
            XCTAssertFalse(try db.tableExists("other"))
        }
        try assertRecovers(dbQueue)

        // A smaller migration succeeds.
        var smallMigrator = DatabaseMigrator()
        smallMigrator.registerMigration("small") { db in
            try db.execute(sql: "INSERT INTO item (data) VALUES (?)", arguments: [Self.smallData])
        }
        try smallMigrator.migrate(dbQueue)
        XCTAssertEqual(try itemCount(dbQueue), 3)
    }

    func testStatementsAfterACaughtFullErrorThrowInsteadOfRunningOutsideTheTransaction() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in
            try prepare(db)
            try limitPages(db)
        }
        // SQLite rolls the whole transaction back when the big insert
        // fails: the next insert would run and commit on its own.
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO item (data) VALUES (?)", arguments: [Self.smallData])
            do {
                try db.execute(sql: "INSERT INTO item (data) VALUES (?)", arguments: [Self.bigData])
            } catch DatabaseError.SQLITE_FULL {
                // Ignored by the application.
            }
            try db.execute(sql: "INSERT INTO item (data) VALUES (?)", arguments: [Data([9])])
        }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_ABORT, "\(error)")
            XCTAssertEqual(
                error.message,
                "the transaction was rolled back by SQLite after an error (database or disk is full) in `INSERT INTO item (data) VALUES (?)`")
            XCTAssertEqual(error.sql, "INSERT INTO item (data) VALUES (?)")
        }
        try assertRecovers(dbQueue)
    }

    func testTransactionThatCatchesAFullErrorDoesNotCommit() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in
            try prepare(db)
            try limitPages(db)
        }
        try dbQueue.writeWithoutTransaction { db in
            XCTAssertThrowsError(try db.inTransaction {
                try Item(data: Self.smallData).insert(db)
                _ = try? Item(data: Self.bigData).insert(db)
                return .commit
            }) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_ABORT, "\(error)")
                XCTAssertEqual(
                    error.message,
                    "the transaction was rolled back by SQLite after an error (database or disk is full) in `INSERT INTO \"item\" (\"id\", \"data\") VALUES (?,?)`")
                XCTAssertNil(error.sql)
            }
            XCTAssertFalse(db.isInsideTransaction)
            // Outside of the transaction, statements run again.
            try db.execute(sql: "INSERT INTO item (data) VALUES (?)", arguments: [Self.smallData])
            try db.execute(sql: "DELETE FROM item WHERE id = last_insert_rowid()")
        }
        try assertRecovers(dbQueue)
    }

    func testSavepointThatCatchesAFullErrorDoesNotRelease() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in
            try prepare(db)
            try limitPages(db)
        }
        XCTAssertThrowsError(try dbQueue.write { db in
            try Item(data: Self.smallData).insert(db)
            try db.inSavepoint {
                _ = try? Item(data: Self.bigData).insert(db)
                return .commit
            }
        }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ABORT, "\(error)")
        }
        try assertRecovers(dbQueue)
    }

    func testObserversSeeTheRollbackOfAFullTransaction() throws {
        final class Observer: TransactionObserver, @unchecked Sendable {
            // @unchecked Sendable: used on the writer's queue only.
            var changes = 0
            var commits = 0
            var rollbacks = 0
            func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
            func databaseDidChange(with event: DatabaseEvent) { changes += 1 }
            func databaseDidCommit(_ db: Database) { commits += 1 }
            func databaseDidRollback(_ db: Database) { rollbacks += 1 }
        }
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in
            try prepare(db)
            try limitPages(db)
        }
        let observer = Observer()
        dbQueue.add(transactionObserver: observer)
        XCTAssertThrowsError(try dbQueue.write { db in
            try Item(data: Self.smallData).insert(db)
            try Item(data: Self.bigData).insert(db)
        }) { error in
            assertFull(error)
        }
        XCTAssertEqual(observer.commits, 0)
        XCTAssertEqual(observer.rollbacks, 1)
        try dbQueue.write { db in
            try Item(data: Self.smallData).insert(db)
        }
        XCTAssertEqual(observer.commits, 1)
        XCTAssertEqual(observer.rollbacks, 1)
    }

    // MARK: - DatabasePool

    func testPoolWriteThatFillsTheDatabaseThrowsAndRollsBackWhileReadersAreOpen() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in
            try prepare(db)
        }
        try dbPool.writeWithoutTransaction { db in
            try limitPages(db)
        }
        // Open readers, one of them in a read that lasts during the write.
        XCTAssertEqual(try itemCount(dbPool), 1)
        let readerStarted = DispatchSemaphore(value: 0)
        let writeDone = DispatchSemaphore(value: 0)
        let readEnded = expectation(description: "long read ended")
        let longReadCounts = LockedBox<[Int]>([])
        DispatchQueue.global().async {
            do {
                try dbPool.read { db in
                    longReadCounts.append(try Item.fetchCount(db))
                    readerStarted.signal()
                    writeDone.wait()
                    longReadCounts.append(try Item.fetchCount(db))
                }
            } catch {
                XCTFail("\(error)")
            }
            readEnded.fulfill()
        }
        readerStarted.wait()

        XCTAssertThrowsError(try dbPool.write { db in
            try Item(data: Self.smallData).insert(db)
            try Item(data: Self.bigData).insert(db)
        }) { error in
            assertFull(error)
        }
        XCTAssertEqual(try itemCount(dbPool), 1)
        writeDone.signal()
        wait(for: [readEnded], timeout: 10)
        XCTAssertEqual(longReadCounts.value, [1, 1])
        try assertRecovers(dbPool)
    }

    func testPoolMigrationThatFillsTheDatabaseIsNotApplied() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in
            try prepare(db)
        }
        try dbPool.writeWithoutTransaction { db in
            try limitPages(db)
        }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("big") { db in
            try db.execute(sql: "INSERT INTO item (data) VALUES (?)", arguments: [Self.bigData])
        }
        XCTAssertThrowsError(try migrator.migrate(dbPool)) { error in
            assertFull(error)
        }
        XCTAssertEqual(try dbPool.read { db in try migrator.appliedMigrations(db) }, [])
        try assertRecovers(dbPool)
    }
}

/// A value shared by the test and a background read.
private final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: all access goes through `lock`.
    private let lock = NSLock()
    private var _value: Value

    init(_ value: Value) {
        _value = value
    }

    var value: Value {
        lock.lock(); defer { lock.unlock() }
        return _value
    }

    func append<Element>(_ element: Element) where Value == [Element] {
        lock.lock(); defer { lock.unlock() }
        _value.append(element)
    }
}
