import Dispatch
import Folio
import XCTest

/// SQLite keeps a connection interrupted while the FTS5 module holds
/// statements that ran: the rollback and the restoration of
/// `PRAGMA query_only` that follow an interrupt must still succeed.
final class InterruptedTransactionTests: FolioTestCase {
    private func makeDocumentQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.column("content")
            }
            try db.execute(sql: "INSERT INTO document (content) VALUES ('initial')")
        }
        return dbQueue
    }

    private func contents(_ dbQueue: DatabaseQueue) throws -> [String] {
        try dbQueue.read { db in try String.fetchAll(db, sql: "SELECT content FROM document ORDER BY rowid") }
    }

    func testRollbackSucceedsAfterInterruptInTransactionThatWroteFTS5() throws {
        let dbQueue = try makeDocumentQueue()
        try dbQueue.inDatabase { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO document (content) VALUES ('interrupted')")
                db.interrupt()
                return .rollback
            }
            XCTAssertFalse(db.isInsideTransaction)
        }
        XCTAssertEqual(try contents(dbQueue), ["initial"])
    }

    func testFailedCommitAfterInterruptRollsBackTransactionThatWroteFTS5() throws {
        let dbQueue = try makeDocumentQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.inTransaction {
                try db.execute(sql: "INSERT INTO document (content) VALUES ('interrupted')")
                db.interrupt()
                return .commit
            }) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_INTERRUPT)
                XCTAssertEqual((error as? DatabaseError)?.sql, "COMMIT TRANSACTION")
            }
            XCTAssertFalse(db.isInsideTransaction)
        }
        XCTAssertEqual(try contents(dbQueue), ["initial"])
    }

    func testWriteThatThrowsAfterInterruptRollsBackFTS5Changes() throws {
        struct Failure: Error { }
        let dbQueue = try makeDocumentQueue()
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO document (content) VALUES ('interrupted')")
            db.interrupt()
            throw Failure()
        }) { error in
            XCTAssertTrue(error is Failure)
        }
        XCTAssertEqual(try contents(dbQueue), ["initial"])
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO document (content) VALUES ('next')")
        }
        XCTAssertEqual(try contents(dbQueue), ["initial", "next"])
    }

    func testSavepointRollbackSucceedsAfterInterruptInSavepointThatWroteFTS5() throws {
        let dbQueue = try makeDocumentQueue()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO document (content) VALUES ('kept')")
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO document (content) VALUES ('interrupted')")
                db.interrupt()
                return .rollback
            }
        }
        XCTAssertEqual(try contents(dbQueue), ["initial", "kept"])
    }

    func testQueryOnlyIsRestoredAfterInterruptInTransactionThatWroteFTS5() throws {
        let dbQueue = try makeDocumentQueue()
        try dbQueue.inDatabase { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO document (content) VALUES ('interrupted')")
                try db.readOnly {
                    db.interrupt()
                }
                return .rollback
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA query_only"), 0)
        }
        XCTAssertEqual(try contents(dbQueue), ["initial"])
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO document (content) VALUES ('next')")
        }
        XCTAssertEqual(try contents(dbQueue), ["initial", "next"])
    }

    func testQueryOnlyIsRestoredWhenReadOnlyThrowsAfterInterrupt() throws {
        struct Failure: Error { }
        let dbQueue = try makeDocumentQueue()
        try dbQueue.inDatabase { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO document (content) VALUES ('interrupted')")
                XCTAssertThrowsError(try db.readOnly {
                    db.interrupt()
                    throw Failure()
                }) { error in
                    XCTAssertTrue(error is Failure)
                }
                return .rollback
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA query_only"), 0)
        }
        XCTAssertEqual(try contents(dbQueue), ["initial"])
    }

    func testReadSucceedsAfterInterruptedWriteOnPool() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.column("content")
            }
            try db.execute(sql: "INSERT INTO document (content) VALUES ('initial')")
        }
        try dbPool.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO document (content) VALUES ('interrupted')")
                db.interrupt()
                return .rollback
            }
        }
        XCTAssertEqual(try dbPool.read { db in try String.fetchAll(db, sql: "SELECT content FROM document") }, ["initial"])
        try dbPool.write { db in
            try db.execute(sql: "INSERT INTO document (content) VALUES ('next')")
        }
        XCTAssertEqual(
            try dbPool.read { db in try String.fetchAll(db, sql: "SELECT content FROM document ORDER BY rowid") },
            ["initial", "next"])
    }

    func testCancelledAsyncWriteToFTS5RollsBack() throws {
        let dbQueue = try makeDocumentQueue()
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let task = Task {
            try await dbQueue.write { db in
                try db.execute(sql: "INSERT INTO document (content) VALUES ('cancelled')")
                started.signal()
                proceed.wait()
            }
        }
        started.wait()
        task.cancel() // interrupts the connection, which runs the access
        proceed.signal()
        let finished = expectation(description: "the write finished")
        Task {
            do {
                try await task.value
                XCTFail("expected CancellationError")
            } catch is CancellationError {
            } catch {
                XCTFail("expected CancellationError, got \(error)")
            }
            finished.fulfill()
        }
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(try contents(dbQueue), ["initial"])
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO document (content) VALUES ('next')")
        }
        XCTAssertEqual(try contents(dbQueue), ["initial", "next"])
    }

    func testCancelledAsyncReadRestoresQueryOnly() throws {
        let dbQueue = try makeDocumentQueue()
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let task = Task {
            try await dbQueue.read { db in
                _ = try String.fetchAll(db, sql: "SELECT content FROM document WHERE document MATCH 'initial'")
                started.signal()
                proceed.wait()
            }
        }
        started.wait()
        task.cancel()
        proceed.signal()
        let finished = expectation(description: "the read finished")
        Task {
            _ = await task.result
            finished.fulfill()
        }
        wait(for: [finished], timeout: 10)
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA query_only"), 0)
            XCTAssertFalse(db.isInsideTransaction)
        }
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO document (content) VALUES ('next')")
        }
        XCTAssertEqual(try contents(dbQueue), ["initial", "next"])
        XCTAssertThrowsError(try dbQueue.read { db in
            try db.execute(sql: "INSERT INTO document (content) VALUES ('refused')")
        }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_READONLY)
        }
    }
}
