import Folio
import XCTest

/// Statements that change the schema (DDL, and rollbacks that undo DDL)
/// drop the schema cache and the statement cache whichever way they run:
/// `execute`, a prepared statement, or any fetch method, since every
/// cursor steps through `Statement`.
final class SchemaChangeStepTests: FolioTestCase {
    /// A record fetched with its own `init(row:)`.
    private struct Item: FetchableRecord {
        init(row: Row) throws {}
    }

    /// Every way to run a statement, each given the SQL to run. Value
    /// fetches (`String.fetchAll`...) are not listed: they refuse, before
    /// stepping, a statement that returns no column, and they step
    /// through the same `Statement.step(in:)` as the row cursors.
    private static let runners: [(name: String, run: @Sendable (Database, String) throws -> Void)] = [
        ("execute", { db, sql in try db.execute(sql: sql) }),
        ("statement.execute", { db, sql in try db.makeStatement(sql: sql).execute() }),
        ("Row.fetchAll", { db, sql in _ = try Row.fetchAll(db, sql: sql) }),
        ("Row.fetchOne", { db, sql in _ = try Row.fetchOne(db, sql: sql) }),
        ("Row.fetchCursor", { db, sql in
            let cursor = try Row.fetchCursor(db, sql: sql)
            while try cursor.next() != nil { }
        }),
        ("Item.fetchAll", { db, sql in _ = try Item.fetchAll(db, sql: sql) }),
        ("Item.fetchOne", { db, sql in _ = try Item.fetchOne(db, sql: sql) }),
        ("Item.fetchCursor", { db, sql in
            let cursor = try Item.fetchCursor(db, sql: sql)
            while try cursor.next() != nil { }
        }),
    ]

    func testAlterTableInvalidatesColumnsWhateverRunsIt() throws {
        for (name, run) in Self.runners {
            let dbQueue = try makeDatabaseQueue()
            try dbQueue.inDatabase { db in
                try db.execute(sql: "CREATE TABLE t(a)")
                XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a"], name)
                try run(db, "ALTER TABLE t ADD COLUMN b")
                XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a", "b"], name)
            }
            try dbQueue.inDatabase { db in
                XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a", "b"], name)
            }
        }
    }

    func testDropTableInvalidatesExistenceWhateverRunsIt() throws {
        for (name, run) in Self.runners {
            let dbQueue = try makeDatabaseQueue()
            try dbQueue.inDatabase { db in
                try db.execute(sql: "CREATE TABLE t(a)")
                XCTAssertTrue(try db.tableExists("t"), name)
                _ = try db.columns(in: "t")
                try run(db, "DROP TABLE t")
                XCTAssertFalse(try db.tableExists("t"), name)
                XCTAssertThrowsError(try db.columns(in: "t"), name)
            }
        }
    }

    func testRollbackInvalidatesSchemaWhateverRunsIt() throws {
        for (name, run) in Self.runners {
            let dbQueue = try makeDatabaseQueue()
            try dbQueue.inDatabase { db in
                try db.execute(sql: "BEGIN")
                try db.execute(sql: "CREATE TABLE t(a)")
                XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a"], name)
                try run(db, "ROLLBACK")
                XCTAssertFalse(try db.tableExists("t"), name)
                XCTAssertThrowsError(try db.columns(in: "t"), name)
            }
            try dbQueue.inDatabase { db in
                XCTAssertFalse(try db.tableExists("t"), name)
            }
        }
    }

    func testRollbackToSavepointInvalidatesSchemaWhateverRunsIt() throws {
        for (name, run) in Self.runners {
            let dbQueue = try makeDatabaseQueue()
            try dbQueue.inDatabase { db in
                try db.execute(sql: "CREATE TABLE t(a)")
                try db.execute(sql: "SAVEPOINT s")
                try db.execute(sql: "ALTER TABLE t ADD COLUMN b")
                XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a", "b"], name)
                try run(db, "ROLLBACK TO SAVEPOINT s")
                XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a"], name)
                try db.execute(sql: "RELEASE SAVEPOINT s")
            }
        }
    }

    func testCachedSelectStarSeesAddedColumnWhateverRunsTheDDL() throws {
        for (name, run) in Self.runners {
            let dbQueue = try makeDatabaseQueue()
            try dbQueue.inDatabase { db in
                try db.execute(sql: "CREATE TABLE t(a); INSERT INTO t VALUES (1)")
                XCTAssertEqual((try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM t"))?.columnNames).map(Array.init), ["a"], name)
                try run(db, "ALTER TABLE t ADD COLUMN b")
                XCTAssertEqual((try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM t"))?.columnNames).map(Array.init), ["a", "b"], name)
            }
            try dbQueue.inDatabase { db in
                XCTAssertEqual((try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM t"))?.columnNames).map(Array.init), ["a", "b"], name)
            }
        }
    }

    func testCachedSelectStarSeesColumnsRestoredByRollback() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t(a); INSERT INTO t VALUES (1)")
            try db.execute(sql: "BEGIN")
            try db.execute(sql: "ALTER TABLE t ADD COLUMN b")
            XCTAssertEqual((try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM t"))?.columnNames).map(Array.init), ["a", "b"])
            _ = try Row.fetchAll(db, sql: "ROLLBACK")
            XCTAssertEqual((try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM t"))?.columnNames).map(Array.init), ["a"])
        }
    }

    func testRecordInsertAfterTableIsRecreatedWithAnotherPrimaryKeyThroughFetch() throws {
        struct Thing: Codable, PersistableRecord, FetchableRecord {
            var code: String
            var name: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE thing(name TEXT PRIMARY KEY, code TEXT)")
            try Thing(code: "a", name: "A").insert(db)
            _ = try Row.fetchAll(db, sql: "DROP TABLE thing")
            _ = try Row.fetchAll(db, sql: "CREATE TABLE thing(code TEXT PRIMARY KEY, name TEXT)")
            try Thing(code: "b", name: "B").insert(db)
            XCTAssertEqual(try db.primaryKey("thing").columns, ["code"])
            XCTAssertEqual(try Thing.fetchOne(db, key: "b")?.name, "B")
        }
    }

    func testTempIndexChangesAreSeenThroughExecute() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TEMP TABLE t(a)")
            try db.execute(sql: "CREATE INDEX i ON t(a)")
            XCTAssertEqual(try db.indexes(on: "t").map(\.name), ["i"])
            try db.execute(sql: "DROP INDEX i")
            XCTAssertEqual(try db.indexes(on: "t").map(\.name), [])
        }
    }

    func testTempIndexChangesAreSeenThroughPreparedStatement() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TEMP TABLE t(a)")
            try db.makeStatement(sql: "CREATE INDEX i ON t(a)").execute()
            XCTAssertEqual(try db.indexes(on: "t").map(\.name), ["i"])
            try db.makeStatement(sql: "DROP INDEX i").execute()
            XCTAssertEqual(try db.indexes(on: "t").map(\.name), [])
        }
    }

    func testTempTableColumnsAreSeenInTheNextAccess() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TEMP TABLE t(a)")
            XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a"])
            _ = try Row.fetchAll(db, sql: "ALTER TABLE t ADD COLUMN b")
        }
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a", "b"])
        }
    }

    func testFailedStepThroughCursorReportsTheSQLAndReleasesTheStatement() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t(a UNIQUE)")
            let sql = "INSERT INTO t VALUES (1), (1) RETURNING a"
            let cursor = try Row.fetchCursor(db, sql: sql)
            XCTAssertThrowsError(try { while try cursor.next() != nil { } }()) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
                XCTAssertEqual(error.sql, sql)
            }
            // The cursor throws again (as in GRDB), and the statement can
            // run again.
            XCTAssertThrowsError(try cursor.next()) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [])
        }
    }
}
