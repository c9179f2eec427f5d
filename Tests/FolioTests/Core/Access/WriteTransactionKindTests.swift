import Dispatch
import Folio
import XCTest

/// GRDB 7's migration guide: "transactions are automatically managed. Reads
/// use DEFERRED transactions, and writes use IMMEDIATE transactions", on
/// queues as on pools. A kind given to `inTransaction(_:_:)` is used as is.
final class WriteTransactionKindTests: FolioTestCase {
    private func beginStatements() -> [String] {
        sqlQueries.filter { $0.hasPrefix("BEGIN") }
    }

    func testQueueWritesAreImmediateAndReadsDeferred() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction { .commit }
            try db.beginTransaction()
            try db.commit()
            try db.inSavepoint { .commit }
        }
        try dbQueue.inTransaction { _ in .commit }
        _ = try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        XCTAssertEqual(beginStatements(), [
            "BEGIN IMMEDIATE TRANSACTION",
            "BEGIN IMMEDIATE TRANSACTION",
            "BEGIN IMMEDIATE TRANSACTION",
            "BEGIN IMMEDIATE TRANSACTION",
            "BEGIN IMMEDIATE TRANSACTION",
            "BEGIN DEFERRED TRANSACTION",
        ])
    }

    func testAsyncWritesAreImmediate() async throws {
        let dbQueue = try makeDatabaseQueue()
        try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        XCTAssertEqual(beginStatements(), ["BEGIN IMMEDIATE TRANSACTION"])
    }

    func testPoolWritesAreImmediateAndReadsDeferred() throws {
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: recording(Configuration()))
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        _ = try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        XCTAssertEqual(beginStatements(), ["BEGIN IMMEDIATE TRANSACTION", "BEGIN DEFERRED TRANSACTION"])
    }

    func testTheKindTheCallerNamesIsUsed() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inTransaction(.deferred) { _ in .commit }
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction(.deferred) { .commit }
            try db.beginTransaction(.exclusive)
            try db.commit()
        }
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: recording(Configuration()))
        try dbPool.writeInTransaction(.deferred) { _ in .commit }
        XCTAssertEqual(beginStatements(), [
            "BEGIN DEFERRED TRANSACTION",
            "BEGIN DEFERRED TRANSACTION",
            "BEGIN EXCLUSIVE TRANSACTION",
            "BEGIN DEFERRED TRANSACTION",
        ])
    }

    /// A transaction opened in a read-only access is deferred: an
    /// immediate transaction would take the write lock.
    func testTransactionsOfReadOnlyAccessesAreDeferred() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.writeWithoutTransaction { db in
            try db.readOnly {
                try db.inTransaction { .commit }
            }
        }
        XCTAssertEqual(beginStatements(), ["BEGIN DEFERRED TRANSACTION"])
    }

    /// Two queues on one file, each reading then writing in its write
    /// transactions: with a busy timeout, the writers wait for each other.
    /// With deferred transactions, both would hold a read lock and want
    /// the write lock: SQLite fails one of them with SQLITE_BUSY ("database
    /// is locked") at once, whatever the timeout.
    func testTwoQueueWritersOnOneFileWaitForEachOther() throws {
        let path = temporaryDatabasePath()
        var config = Configuration()
        config.busyMode = .timeout(10)
        let writers = try [DatabaseQueue(path: path, configuration: config), DatabaseQueue(path: path, configuration: config)]
        try writers[0].write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let failures = TestLocked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for value in 0..<100 {
                do {
                    try writers[index].write { db in
                        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
                        try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [count + value])
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(try writers[1].read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 200)
    }
}
