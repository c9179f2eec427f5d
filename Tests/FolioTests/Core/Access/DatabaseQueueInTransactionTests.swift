import Folio
import XCTest

// `Configuration.defaultTransactionKind` is deprecated: it is used from
// deprecated declarations, called through a protocol whose requirements are
// not deprecated, so that the tests build without warnings.
private protocol SeedEraTransactionKindSetting {
    func kind(of configuration: Configuration) -> Database.TransactionKind
    func set(_ kind: Database.TransactionKind, in configuration: inout Configuration)
}

private struct SeedEraTransactionKind: SeedEraTransactionKindSetting {
    @available(*, deprecated)
    func kind(of configuration: Configuration) -> Database.TransactionKind {
        configuration.defaultTransactionKind
    }

    @available(*, deprecated)
    func set(_ kind: Database.TransactionKind, in configuration: inout Configuration) {
        configuration.defaultTransactionKind = kind
    }
}

final class DatabaseQueueInTransactionTests: FolioTestCase {
    private func makeQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        clearSQLQueries()
        return dbQueue
    }

    private func values(_ dbQueue: DatabaseQueue) throws -> [Int] {
        try dbQueue.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }
    }

    func testCommitKeepsChanges() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inTransaction { db in
            XCTAssertTrue(db.isInsideTransaction)
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return .commit
        }
        XCTAssertEqual(sqlQueries, ["BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (1)", "COMMIT TRANSACTION"])
        XCTAssertEqual(try values(dbQueue), [1])
    }

    func testRollbackUndoesChanges() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return .rollback
        }
        XCTAssertEqual(sqlQueries, ["BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (1)", "ROLLBACK TRANSACTION"])
        XCTAssertEqual(try values(dbQueue), [])
    }

    func testErrorRollsBackAndIsRethrown() throws {
        struct Failure: Error { }
        let dbQueue = try makeQueue()
        XCTAssertThrowsError(try dbQueue.inTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            throw Failure()
        }) { XCTAssertTrue($0 is Failure) }
        XCTAssertEqual(sqlQueries.last, "ROLLBACK TRANSACTION")
        XCTAssertEqual(try values(dbQueue), [])
        XCTAssertFalse(dbQueue.inDatabase { $0.isInsideTransaction })
    }

    func testTransactionKind() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inTransaction(.exclusive) { _ in .commit }
        try dbQueue.inTransaction(.immediate) { _ in .commit }
        XCTAssertEqual(sqlQueries, [
            "BEGIN EXCLUSIVE TRANSACTION", "COMMIT TRANSACTION",
            "BEGIN IMMEDIATE TRANSACTION", "COMMIT TRANSACTION",
        ])
    }

    func testDefaultKindComesFromTheDeprecatedConfiguration() throws {
        let settings: any SeedEraTransactionKindSetting = SeedEraTransactionKind()
        var config = Configuration()
        XCTAssertEqual(settings.kind(of: config), .immediate)
        settings.set(.exclusive, in: &config)
        let dbQueue = try makeDatabaseQueue(configuration: config)
        clearSQLQueries()
        try dbQueue.inTransaction { _ in .commit }
        XCTAssertEqual(sqlQueries.first, "BEGIN EXCLUSIVE TRANSACTION")
    }

    func testFailedCommitRollsBackAndThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parentId INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                """)
        }
        assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
            try dbQueue.inTransaction { db in
                try db.execute(sql: "INSERT INTO child VALUES (1)")
                return .commit
            }
        }
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child") }, 0)
        XCTAssertFalse(dbQueue.inDatabase { $0.isInsideTransaction })
    }

    func testClosedQueueThrows() throws {
        let dbQueue = try makeQueue()
        try dbQueue.close()
        assertDatabaseError(.SQLITE_MISUSE) {
            try dbQueue.inTransaction { _ in .commit }
        }
    }
}
