import Folio
import XCTest

/// Begins a transaction of its own when the transaction it observes
/// commits, while the `COMMIT` statement that notifies it still runs.
private final class NestedTransactionObserver: TransactionObserver {
    var nestedCommits = 0
    var errors: [String] = []

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) { }
    func databaseDidRollback(_ db: Database) { }

    func databaseDidCommit(_ db: Database) {
        guard nestedCommits == 0 else { return }
        nestedCommits += 1
        do {
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (100)")
                return .commit
            }
        } catch {
            errors.append("\(error)")
        }
    }
}

/// `BEGIN`, `COMMIT` and `ROLLBACK` are prepared once per connection and
/// reused: they must behave as when they ran through `execute(sql:)`.
final class TransactionControlStatementTests: FolioTestCase {
    private func makeQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
        }
        clearSQLQueries()
        return dbQueue
    }

    private func values(_ dbQueue: DatabaseQueue) throws -> [Int] {
        try dbQueue.inDatabase { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }
    }

    func testRepeatedTransactionsRunTheSameSQLEachTime() throws {
        let dbQueue = try makeQueue()
        for value in 1...3 {
            try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value]) }
        }
        XCTAssertEqual(try values(dbQueue), [1, 2, 3])
        XCTAssertEqual(Array(sqlQueries.prefix(9)), [
            "BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (?)", "COMMIT TRANSACTION",
            "BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (?)", "COMMIT TRANSACTION",
            "BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (?)", "COMMIT TRANSACTION",
        ])
    }

    func testEachTransactionKindBeginsItsOwnKindOfTransaction() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            for kind in [Database.TransactionKind.exclusive, .immediate, .deferred, .immediate] {
                try db.inTransaction(kind) { .commit }
            }
        }
        XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("BEGIN") }, [
            "BEGIN EXCLUSIVE TRANSACTION", "BEGIN IMMEDIATE TRANSACTION",
            "BEGIN DEFERRED TRANSACTION", "BEGIN IMMEDIATE TRANSACTION",
        ])
    }

    func testTransactionsGoOnAfterSchemaChangesInsideAndOutsideOfThem() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE u (b INTEGER)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try dbQueue.inDatabase { db in
            try db.execute(sql: "ALTER TABLE u ADD COLUMN c INTEGER")
            try db.inTransaction {
                try db.execute(sql: "DROP TABLE u")
                return .rollback
            }
        }
        try dbQueue.write { db in
            XCTAssertTrue(db.isInsideTransaction)
            XCTAssertEqual(try db.columns(in: "u").map(\.name), ["b", "c"])
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        XCTAssertEqual(try values(dbQueue), [1, 2])
    }

    func testBeginInsideATransactionThrowsWithItsSQL() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            try db.beginTransaction(.immediate)
            XCTAssertThrowsError(try db.beginTransaction(.immediate)) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual(error?.sql, "BEGIN IMMEDIATE TRANSACTION")
            }
            XCTAssertTrue(db.isInsideTransaction)
            try db.rollback()
            XCTAssertFalse(db.isInsideTransaction)
            // The statement that failed runs again.
            try db.beginTransaction(.immediate)
            try db.commit()
        }
    }

    func testCommitOutsideOfATransactionThrowsWithItsSQL() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.commit()) { error in
                XCTAssertEqual((error as? DatabaseError)?.sql, "COMMIT TRANSACTION")
            }
            try db.beginTransaction()
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.commit()
        }
        XCTAssertEqual(try values(dbQueue), [1])
    }

    func testFailedCommitLeavesTheTransactionOpenUntilRollback() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                PRAGMA foreign_keys = ON;
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parentId INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                """)
            for _ in 0..<2 {
                try db.beginTransaction()
                try db.execute(sql: "INSERT INTO child VALUES (1)")
                XCTAssertThrowsError(try db.commit()) { error in
                    let error = error as? DatabaseError
                    XCTAssertEqual(error?.resultCode, .SQLITE_CONSTRAINT)
                    XCTAssertEqual(error?.sql, "COMMIT TRANSACTION")
                }
                XCTAssertTrue(db.isInsideTransaction)
                try db.rollback()
                XCTAssertFalse(db.isInsideTransaction)
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child"), 0)
        }
    }

    func testTransactionsRunAfterReleaseMemory() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        dbQueue.writeWithoutTransaction { db in db.releaseMemory() }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        XCTAssertEqual(try values(dbQueue), [1, 2])
    }

    func testObserverThatCommitsATransactionFromDidCommitIsNotified() throws {
        let dbQueue = try makeQueue()
        let observer = NestedTransactionObserver()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        XCTAssertEqual(observer.errors, [])
        XCTAssertEqual(observer.nestedCommits, 1)
        XCTAssertEqual(try values(dbQueue), [1, 2, 100])
        XCTAssertFalse(dbQueue.inDatabase { $0.isInsideTransaction })
    }

    func testWriteReturnsTheValueOfItsClosureFromATransactionOrASavepoint() throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let dbQueue = try makeDatabaseQueue(configuration: configuration)
        try dbQueue.inDatabase { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let fromTransaction: String = try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return "transaction"
        }
        XCTAssertEqual(fromTransaction, "transaction")
        // A transaction left open: the next write runs in a savepoint.
        try dbQueue.writeWithoutTransaction { db in try db.beginTransaction() }
        clearSQLQueries()
        let fromSavepoint: [Int] = try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            return try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a")
        }
        XCTAssertEqual(fromSavepoint, [1, 2])
        XCTAssertEqual(sqlQueries.first, "SAVEPOINT folio0")
        try dbQueue.writeWithoutTransaction { db in
            XCTAssertTrue(db.isInsideTransaction)
            try db.commit()
        }
        XCTAssertEqual(try values(dbQueue), [1, 2])
    }

    func testPoolReadsAndWritesGoOnAfterSchemaChanges() throws {
        let dbPool = try DatabasePool(path: temporaryDatabasePath())
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        for value in 1...3 {
            try dbPool.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                try db.execute(sql: "CREATE TABLE t\(value) (a INTEGER)")
            }
            let count = try dbPool.read { db in
                XCTAssertTrue(db.isInsideTransaction)
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
            }
            XCTAssertEqual(count, value)
        }
        try dbPool.read { db in
            XCTAssertEqual(try db.tableExists("t3"), true)
        }
    }
}
