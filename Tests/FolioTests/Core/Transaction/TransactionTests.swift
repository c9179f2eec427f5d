import Folio
import XCTest

final class TransactionTests: FolioTestCase {
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

    func testInTransactionCommitKeepsChanges() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            try db.inTransaction(.immediate) {
                XCTAssertTrue(db.isInsideTransaction)
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .commit
            }
            XCTAssertFalse(db.isInsideTransaction)
        }
        XCTAssertEqual(try values(dbQueue), [1])
        XCTAssertEqual(Array(sqlQueries.prefix(3)), ["BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (1)", "COMMIT TRANSACTION"])
    }

    func testInTransactionRollbackUndoesChanges() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .rollback
            }
        }
        XCTAssertEqual(try values(dbQueue), [])
    }

    func testInTransactionRollsBackWhenOperationsThrow() throws {
        struct Failure: Error { }
        let dbQueue = try makeQueue()
        XCTAssertThrowsError(try dbQueue.inDatabase { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }) { XCTAssertTrue($0 is Failure) }
        XCTAssertEqual(try values(dbQueue), [])
        XCTAssertEqual(dbQueue.inDatabase { $0.isInsideTransaction }, false)
    }

    func testRollbackOfInnerSavepointKeepsOuterWork() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (2)")
                    try db.inSavepoint {
                        try db.execute(sql: "INSERT INTO t VALUES (3)")
                        return .rollback
                    }
                    return .commit
                }
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (4)")
                    return .rollback
                }
                return .commit
            }
        }
        XCTAssertEqual(try values(dbQueue), [1, 2])
    }

    func testSavepointThatThrowsIsRolledBackAndTransactionGoesOn() throws {
        struct Failure: Error { }
        let dbQueue = try makeQueue()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                throw Failure()
            })
            XCTAssertTrue(db.isInsideTransaction)
        }
        XCTAssertEqual(try values(dbQueue), [1])
    }

    func testSavepointOutsideOfTransactionIsATransaction() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .rollback
            }
        }
        XCTAssertEqual(try values(dbQueue), [])
        XCTAssertEqual(sqlQueries.first, "BEGIN IMMEDIATE TRANSACTION")
    }

    func testNestedWriteUsesSavepoint() throws {
        let dbQueue = try makeQueue()
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .commit
            }
        }
        XCTAssertEqual(try values(dbQueue), [1])
    }

    func testBeginTransactionTwiceThrows() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            try db.beginTransaction()
            XCTAssertThrowsError(try db.beginTransaction()) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.sql, "BEGIN IMMEDIATE TRANSACTION")
            }
            try db.rollback()
        }
    }

    func testDeferredForeignKeyViolationFailsCommitAndRollsBack() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id) DEFERRABLE INITIALLY DEFERRED);
                """)
        }
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO book (authorId) VALUES (42)")
        }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
            XCTAssertEqual(error.sql, "COMMIT TRANSACTION")
        }
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM book") }, 0)
        XCTAssertEqual(dbQueue.inDatabase { $0.isInsideTransaction }, false)
    }
}
