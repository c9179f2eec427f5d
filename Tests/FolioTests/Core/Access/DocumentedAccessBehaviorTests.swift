import Folio
import XCTest

/// Behaviour of database accesses that GRDB's documentation describes
/// (DatabaseConnections.md, DatabasePool.md, Transactions.md, the README's
/// "Errors" section), checked with the exact errors and journal modes.
final class DocumentedAccessBehaviorTests: FolioTestCase {
    // MARK: - Journal mode

    /// `Configuration.journalMode = .wal` sets a database queue in the WAL
    /// mode.
    func testQueueWithWALJournalModeIsInWALMode() throws {
        var config = Configuration()
        config.journalMode = .wal
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: config)
        XCTAssertEqual(try dbQueue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }, "wal")
    }

    /// "Unless Configuration.readonly, the database is set to the WAL
    /// mode": a read-only pool reads a database in the rollback journal
    /// mode, and leaves its journal mode alone.
    func testReadOnlyPoolLeavesTheJournalModeAlone() throws {
        let path = temporaryDatabasePath()
        do {
            let dbQueue = try DatabaseQueue(path: path)
            try dbQueue.write { db in
                try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
            }
            XCTAssertEqual(try dbQueue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }, "delete")
        }
        var config = Configuration()
        config.readonly = true
        let dbPool = try DatabasePool(path: path, configuration: config)
        XCTAssertEqual(try dbPool.read { try Int.fetchOne($0, sql: "SELECT a FROM t") }, 1)
        XCTAssertEqual(try dbPool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }, "delete")
    }

    // MARK: - Read-only accesses

    private func assertReadOnlyError(_ error: Error, sql: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let error = error as? DatabaseError else {
            return XCTFail("\(error)", file: file, line: line)
        }
        XCTAssertEqual(error.resultCode, .SQLITE_READONLY, file: file, line: line)
        XCTAssertEqual(error.message, "attempt to write a readonly database", file: file, line: line)
        XCTAssertEqual(error.sql, sql, file: file, line: line)
        XCTAssertEqual(
            error.description,
            "SQLite error 8: attempt to write a readonly database - while executing `\(sql)`",
            file: file, line: line)
    }

    /// `read` "prevents any modification to the database".
    private func assertWriteInReadThrows(_ writer: some DatabaseWriter) throws {
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        XCTAssertThrowsError(try writer.read { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }) { error in
            assertReadOnlyError(error, sql: "INSERT INTO t VALUES (1)")
        }
        XCTAssertEqual(try writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 0)
        // The connection still writes afterwards.
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        XCTAssertEqual(try writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 1)
    }

    func testWriteInReadOfAQueueThrowsReadOnlyError() throws {
        try assertWriteInReadThrows(makeDatabaseQueue())
    }

    func testWriteInReadOfAPoolThrowsReadOnlyError() throws {
        try assertWriteInReadThrows(makeDatabasePool())
    }

    /// A read-only database queue throws SQLITE_READONLY on writes.
    func testWriteInReadOnlyQueueThrowsReadOnlyError() throws {
        let path = temporaryDatabasePath()
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        var config = Configuration()
        config.readonly = true
        let dbQueue = try DatabaseQueue(path: path, configuration: config)
        XCTAssertThrowsError(try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }) { error in
            assertReadOnlyError(error, sql: "INSERT INTO t VALUES (1)")
        }
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 0)
    }

    // MARK: - Transactions and savepoints

    /// "If the transaction closure returns `.rollback` instead of
    /// `.commit`, the transaction is also rollbacked, but no error is
    /// thrown", and an error thrown from the block rolls back and is
    /// rethrown.
    func testInTransactionRollsBackOnRollbackAndOnError() throws {
        struct TestError: Error { }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .rollback
            }
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertThrowsError(try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                throw TestError()
            }) { error in
                XCTAssertTrue(error is TestError, "\(error)")
            }
            XCTAssertFalse(db.isInsideTransaction)
        }
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 0)
    }

    /// "Statements grouped in a savepoint can be rollbacked without
    /// invalidating a whole transaction", savepoints nest, and they open a
    /// transaction when none is open: changes are written when the
    /// outermost one commits.
    func testNestedSavepoints() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try dbQueue.writeWithoutTransaction { db in
            XCTAssertFalse(db.isInsideTransaction)
            try db.inSavepoint {
                XCTAssertTrue(db.isInsideTransaction)
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (2)")
                    return .rollback
                }
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (3)")
                    return .commit
                }
                XCTAssertTrue(db.isInsideTransaction)
                return .commit
            }
            XCTAssertFalse(db.isInsideTransaction)
        }
        XCTAssertEqual(try dbQueue.read { try Int.fetchAll($0, sql: "SELECT a FROM t ORDER BY a") }, [1, 3])
    }

    /// A savepoint inside `write` rolls back its own changes only.
    func testSavepointRollbackInsideWriteKeepsTheTransaction() throws {
        struct TestError: Error { }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                throw TestError()
            })
            XCTAssertTrue(db.isInsideTransaction)
            try db.execute(sql: "INSERT INTO t VALUES (3)")
        }
        XCTAssertEqual(try dbQueue.read { try Int.fetchAll($0, sql: "SELECT a FROM t ORDER BY a") }, [1, 3])
    }

    // MARK: - Unsafe accesses

    /// "The Forbidden Writes guarantee can only be lifted with
    /// DatabaseQueue": its unsafe reads run outside of any transaction,
    /// and may write.
    func testUnsafeReadsOfAQueueMayWrite() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try dbQueue.unsafeRead { db in
            XCTAssertFalse(db.isInsideTransaction)
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try dbQueue.unsafeReentrantRead { db in
            XCTAssertFalse(db.isInsideTransaction)
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 2)
    }

    /// A reentrant read, from inside a write of a queue, runs in the
    /// connection and transaction of the write, and sees its changes.
    func testUnsafeReentrantReadInsideWriteOfAQueueSeesTheTransaction() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
            let (isInsideTransaction, count) = try dbQueue.unsafeReentrantRead { db in
                try (db.isInsideTransaction, Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"))
            }
            XCTAssertTrue(isInsideTransaction)
            XCTAssertEqual(count, 1)
        }
    }

    /// The unsafe reads of a pool run on read-only connections: writes
    /// still throw.
    func testUnsafeReadsOfAPoolCanNotWrite() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        XCTAssertThrowsError(try dbPool.unsafeRead { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }) { error in
            assertReadOnlyError(error, sql: "INSERT INTO t VALUES (1)")
        }
        XCTAssertThrowsError(try dbPool.unsafeReentrantRead { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }) { error in
            assertReadOnlyError(error, sql: "INSERT INTO t VALUES (1)")
        }
    }

    /// "All reads are wrapped in a transaction", on queues and pools.
    func testReadsAreWrappedInATransaction() throws {
        XCTAssertTrue(try makeDatabaseQueue().read { $0.isInsideTransaction })
        XCTAssertTrue(try makeDatabasePool().read { $0.isInsideTransaction })
        XCTAssertFalse(try makeDatabasePool().unsafeRead { $0.isInsideTransaction })
    }
}
