import Folio
import XCTest

/// Records the transactions it hears about.
private final class TransactionRecorder: TransactionObserver {
    var events: [String] = []

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) { events.append("change \(event.tableName)") }
    func databaseWillCommit() throws { events.append("willCommit") }
    func databaseDidCommit(_ db: Database) { events.append("commit") }
    func databaseDidRollback(_ db: Database) { events.append("rollback") }
}

/// Rollbacks that the user writes inside a transaction that GRDB's
/// wrapping methods opened (`write`, `inTransaction`), and transactions
/// that SQLite aborts: observers hear the rollback, and, as GRDB's README
/// says of interrupted transactions, "all database accesses will throw a
/// DatabaseError with code SQLITE_ABORT until the wrapping method
/// returns": the statements that follow no longer run, and commit, outside
/// of any transaction.
final class UserRollbackTests: FolioTestCase {
    private func makeQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER PRIMARY KEY ON CONFLICT ROLLBACK)")
        }
        return dbQueue
    }

    private func values(_ dbQueue: DatabaseQueue) throws -> [Int] {
        try dbQueue.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }
    }

    private func assertAborted(_ expression: @autoclosure () throws -> some Any, sql: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            guard let error = error as? DatabaseError else {
                return XCTFail("\(error)", file: file, line: line)
            }
            XCTAssertEqual(error.resultCode, .SQLITE_ABORT, file: file, line: line)
            if let sql {
                XCTAssertEqual(error.sql, sql, file: file, line: line)
            }
        }
    }

    func testStatementsAfterAUserRollbackInAWriteThrowAndTheWriteThrows() throws {
        let dbQueue = try makeQueue()
        let observer = TransactionRecorder()
        dbQueue.add(transactionObserver: observer)
        assertAborted(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.execute(sql: "ROLLBACK")
            XCTAssertFalse(db.isInsideTransaction)
            self.assertAborted(try db.execute(sql: "INSERT INTO t VALUES (2)"), sql: "INSERT INTO t VALUES (2)")
            self.assertAborted(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"))
        })
        XCTAssertEqual(observer.events, ["change t", "rollback"])
        XCTAssertEqual(try values(dbQueue), [])
        // The next access is a fresh one.
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        XCTAssertEqual(try values(dbQueue), [3])
    }

    func testUserRollbackThroughTheRollbackMethod() throws {
        let dbQueue = try makeQueue()
        assertAborted(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.rollback()
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }, sql: "INSERT INTO t VALUES (2)")
        XCTAssertEqual(try values(dbQueue), [])
    }

    func testUserRollbackInAnInTransactionThatRollsBackDoesNotThrow() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.execute(sql: "ROLLBACK")
            return .rollback
        }
        assertAborted(try dbQueue.inTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.execute(sql: "ROLLBACK")
            return .commit
        })
        XCTAssertEqual(try values(dbQueue), [])
    }

    func testUserRollbackInsideASavepoint() throws {
        let dbQueue = try makeQueue()
        assertAborted(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                try db.execute(sql: "ROLLBACK")
                return .commit
            }
        })
        XCTAssertEqual(try values(dbQueue), [])
    }

    /// `ROLLBACK TO SAVEPOINT` does not end the transaction: the changes
    /// made since the savepoint are not notified, and the transaction goes
    /// on (GRDB's TransactionObserver article).
    func testUserRollbackToSavepointUndoesTheSavepointOnly() throws {
        let dbQueue = try makeQueue()
        let observer = TransactionRecorder()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.execute(sql: "SAVEPOINT bar")
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            try db.execute(sql: "ROLLBACK TO SAVEPOINT bar")
            try db.execute(sql: "RELEASE SAVEPOINT bar")
            try db.execute(sql: "INSERT INTO t VALUES (3)")
        }
        XCTAssertEqual(observer.events, ["change t", "change t", "willCommit", "commit"])
        XCTAssertEqual(try values(dbQueue), [1, 3])
    }

    /// Outside of the wrapping methods, the user manages transactions: a
    /// ROLLBACK ends the transaction, and the statements that follow run.
    func testUserRollbackOutsideOfWrappingMethods() throws {
        let dbQueue = try makeQueue()
        let observer = TransactionRecorder()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.execute(sql: "ROLLBACK")
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        XCTAssertEqual(observer.events, ["change t", "rollback", "change t", "willCommit", "commit"])
        XCTAssertEqual(try values(dbQueue), [2])
    }

    /// A conflict with an `ON CONFLICT ROLLBACK` clause makes SQLite roll
    /// back the transaction: observers hear the rollback, and the
    /// statements that follow throw SQLITE_ABORT.
    func testTransactionAbortedBySQLite() throws {
        let dbQueue = try makeQueue()
        let observer = TransactionRecorder()
        dbQueue.add(transactionObserver: observer)
        assertAborted(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t VALUES (1)")) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }
            XCTAssertFalse(db.isInsideTransaction)
            self.assertAborted(try db.execute(sql: "INSERT INTO t VALUES (2)"), sql: "INSERT INTO t VALUES (2)")
        })
        XCTAssertEqual(observer.events, ["change t", "rollback"])
        XCTAssertEqual(try values(dbQueue), [])
    }
}
