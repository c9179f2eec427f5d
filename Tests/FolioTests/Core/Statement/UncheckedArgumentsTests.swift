import CSQLite
import Folio
import XCTest

/// `setUncheckedArguments` can not throw: a value that SQLite refuses to
/// bind makes the next step throw, and the statement does not run.
final class UncheckedArgumentsTests: FolioTestCase {
    func testValueTooBigToBindFailsTheNextStepAndRunsNothing() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t(a)")
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, 100)
            let statement = try db.makeStatement(sql: "INSERT INTO t(a) VALUES (?)")
            statement.setUncheckedArguments([String(repeating: "x", count: 200)])
            XCTAssertThrowsError(try statement.execute()) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_TOOBIG)
                XCTAssertEqual(error.sql, "INSERT INTO t(a) VALUES (?)")
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
        }
    }

    func testStatementRunsAgainOnceValidArgumentsAreSet() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t(a)")
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, 100)
            let statement = try db.makeStatement(sql: "INSERT INTO t(a) VALUES (?)")
            statement.setUncheckedArguments([String(repeating: "x", count: 200)])
            statement.setUncheckedArguments(["ok"])
            try statement.execute()
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT a FROM t"), ["ok"])
        }
    }

    func testPendingBindErrorIsThrownOnce() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, 100)
            let statement = try db.makeStatement(sql: "SELECT ?")
            statement.setUncheckedArguments([String(repeating: "x", count: 200)])
            XCTAssertThrowsError(try Row.fetchAll(statement))
            // The failed bind left the parameter NULL; the error is gone.
            XCTAssertEqual(try DatabaseValue.fetchAll(statement), [.null])
        }
    }

    func testMissingUncheckedArgumentsAreNull() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let statement = try db.makeStatement(sql: "SELECT ?, :name")
            statement.setUncheckedArguments([1])
            let row = try XCTUnwrap(Row.fetchOne(statement))
            XCTAssertEqual(row[0] as Int?, 1)
            XCTAssertTrue(row.hasNull(atIndex: 1))
        }
    }
}
