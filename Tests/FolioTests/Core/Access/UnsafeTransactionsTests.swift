import Folio
import Foundation
import XCTest

/// `Configuration.allowsUnsafeTransactions`: by default, an access that
/// leaves a transaction open fails, and the transaction is rolled back;
/// with the flag, a transaction may span several accesses of a queue, or
/// of the writer of a pool, but never of a pool reader.
final class UnsafeTransactionsTests: FolioTestCase {
    private func makeQueue(allowsUnsafeTransactions: Bool) throws -> DatabaseQueue {
        var config = Configuration()
        config.allowsUnsafeTransactions = allowsUnsafeTransactions
        let dbQueue = try makeDatabaseQueue(configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
        }
        return dbQueue
    }

    private func assertMisuse(_ expression: @autoclosure () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.resultCode, .SQLITE_MISUSE, file: file, line: line)
            XCTAssertEqual(error.message, "A transaction was left open at the end of a database access, and rolled back: commit or roll back transactions before the access ends, or set Configuration.allowsUnsafeTransactions", file: file, line: line)
        }
    }

    // The accesses that GRDB declares `rethrows` (`inDatabase`...) roll
    // back and stop the program instead: a trap can not be tested here.
    func testTransactionLeftOpenByAThrowingAccessFailsAndIsRolledBack() throws {
        let dbQueue = try makeQueue(allowsUnsafeTransactions: false)
        clearSQLQueries()
        assertMisuse(try dbQueue.barrierWriteWithoutTransaction { db in
            try db.beginTransaction()
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        })
        XCTAssertEqual(sqlQueries, ["BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (1)", "ROLLBACK"])
        try dbQueue.inDatabase { db in
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
        }
    }

    func testErrorOfTheAccessWinsOverTheMisuse() throws {
        struct Failure: Error { }
        let dbQueue = try makeQueue(allowsUnsafeTransactions: false)
        XCTAssertThrowsError(try dbQueue.writeWithoutTransaction { db in
            try db.beginTransaction()
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            throw Failure()
        }) { error in
            XCTAssertTrue(error is Failure, "\(error)")
        }
        try dbQueue.inDatabase { db in
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
        }
    }

    func testAsyncAccessLeavingATransactionOpenIsRolledBack() throws {
        let dbQueue = try makeQueue(allowsUnsafeTransactions: false)
        let done = expectation(description: "done")
        dbQueue.asyncWriteWithoutTransaction { db in
            do {
                try db.beginTransaction()
                try db.execute(sql: "INSERT INTO t VALUES (1)")
            } catch {
                XCTFail("\(error)")
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        try dbQueue.inDatabase { db in
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
        }
    }

    func testAsyncAwaitAccessLeavingATransactionOpenThrows() async throws {
        let dbQueue = try makeQueue(allowsUnsafeTransactions: false)
        do {
            try await dbQueue.writeWithoutTransaction { db in
                try db.beginTransaction()
            }
            XCTFail("expected error")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
        }
        let isInsideTransaction = try await dbQueue.writeWithoutTransaction { $0.isInsideTransaction }
        XCTAssertFalse(isInsideTransaction)
    }

    func testCompletedTransactionsAreFine() throws {
        let dbQueue = try makeQueue(allowsUnsafeTransactions: false)
        try dbQueue.inDatabase { db in
            try db.beginTransaction()
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.commit()
        }
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 2)
    }

    func testReentrantAccessesCheckAtTheEndOfTheOutermostAccess() throws {
        let dbQueue = try makeQueue(allowsUnsafeTransactions: false)
        try dbQueue.inDatabase { db in
            try dbQueue.unsafeReentrantWrite { db in
                try db.beginTransaction()
            }
            XCTAssertTrue(db.isInsideTransaction)
            try db.commit()
        }
    }

    func testUnsafeTransactionsSpanAccesses() throws {
        let dbQueue = try makeQueue(allowsUnsafeTransactions: true)
        try dbQueue.inDatabase { db in
            try db.beginTransaction()
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try dbQueue.inDatabase { db in
            XCTAssertTrue(db.isInsideTransaction)
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            try db.commit()
        }
        try dbQueue.inDatabase { db in
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 2)
        }
    }

    func testPoolWriterAllowsUnsafeTransactionsButReadersNever() throws {
        var config = Configuration()
        config.allowsUnsafeTransactions = true
        config.maximumReaderCount = 1
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: config)
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
        }
        try dbPool.writeWithoutTransaction { db in
            try db.beginTransaction()
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try dbPool.writeWithoutTransaction { db in
            XCTAssertTrue(db.isInsideTransaction)
            try db.commit()
        }
        assertMisuse(try dbPool.unsafeRead { db in
            try db.beginTransaction()
            _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
        })
        try dbPool.unsafeRead { db in
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 1)
        }
    }

    func testUnsafeTransactionsAreOffByDefault() {
        XCTAssertFalse(Configuration().allowsUnsafeTransactions)
    }
}
