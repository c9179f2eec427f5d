import Folio
import Foundation
import XCTest

/// The members of `DatabaseError` beyond its code, message and SQL: the
/// full initializer, `expandedDescription`, `isInterruptionError`, and the
/// bridging to `NSError`.
final class DatabaseErrorDetailsTests: FolioTestCase {
    func testInitializerDefaults() {
        let error = DatabaseError()
        XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
        XCTAssertEqual(error.extendedResultCode, .SQLITE_ERROR)
        XCTAssertEqual(error.message, "SQL logic error")
        XCTAssertNil(error.sql)
        XCTAssertNil(error.arguments)
        XCTAssertEqual(error.description, "SQLite error 1: SQL logic error")
    }

    func testMissingMessageIsDerivedFromTheResultCode() {
        XCTAssertEqual(DatabaseError(resultCode: .SQLITE_BUSY).message, "database is locked")
        XCTAssertEqual(DatabaseError(resultCode: .SQLITE_CONSTRAINT_UNIQUE).message, "constraint failed")
        XCTAssertEqual(DatabaseError(resultCode: .SQLITE_BUSY, message: "custom").message, "custom")
    }

    func testInitializerHidesArgumentsByDefault() {
        let error = DatabaseError(
            resultCode: .SQLITE_CONSTRAINT_NOTNULL,
            message: "NOT NULL constraint failed: player.score",
            sql: "UPDATE player SET score = ? WHERE email = ?",
            arguments: [nil, "arthur@example.com"])
        XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
        XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_NOTNULL)
        XCTAssertNil(error.arguments)
        XCTAssertEqual(error.description, """
            SQLite error 19: NOT NULL constraint failed: player.score - while executing \
            `UPDATE player SET score = ? WHERE email = ?`
            """)
        XCTAssertEqual(error.expandedDescription, """
            SQLite error 19: NOT NULL constraint failed: player.score - while executing \
            `UPDATE player SET score = ? WHERE email = ?` with arguments [NULL, "arthur@example.com"]
            """)
    }

    func testInitializerWithPublicStatementArguments() {
        let error = DatabaseError(
            resultCode: .SQLITE_CONSTRAINT,
            message: "failed",
            sql: "SELECT ?",
            arguments: [1],
            publicStatementArguments: true)
        XCTAssertEqual(error.arguments, [1])
        XCTAssertEqual(error.description, "SQLite error 19: failed - while executing `SELECT ?` with arguments [1]")
        XCTAssertEqual(error.expandedDescription, error.description)
    }

    func testExpandedDescriptionShowsTheArgumentsOfAFailedStatement() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (email TEXT, score INTEGER NOT NULL)")
            XCTAssertThrowsError(try db.execute(
                sql: "INSERT INTO player (email, score) VALUES (?, ?)",
                arguments: ["arthur@example.com", nil]))
            { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertNil(error.arguments)
                XCTAssertFalse(error.description.contains("arthur"))
                XCTAssertEqual(error.expandedDescription, """
                    SQLite error 19: NOT NULL constraint failed: player.score - while executing \
                    `INSERT INTO player (email, score) VALUES (?, ?)` with arguments ["arthur@example.com", NULL]
                    """)
            }
        }
    }

    func testExpandedDescriptionWithoutArguments() {
        let error = DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: t", sql: "SELECT * FROM t")
        XCTAssertEqual(error.expandedDescription, "SQLite error 1: no such table: t - while executing `SELECT * FROM t`")
        XCTAssertEqual(error.expandedDescription, error.description)
    }

    func testIsInterruptionError() {
        XCTAssertTrue(DatabaseError(resultCode: .SQLITE_INTERRUPT).isInterruptionError)
        XCTAssertTrue(DatabaseError(resultCode: .SQLITE_ABORT).isInterruptionError)
        XCTAssertTrue(DatabaseError(resultCode: .SQLITE_ABORT_ROLLBACK).isInterruptionError)
        XCTAssertFalse(DatabaseError(resultCode: .SQLITE_BUSY).isInterruptionError)
        XCTAssertFalse(DatabaseError().isInterruptionError)
    }

    func testInterruptedStatementThrowsAnInterruptionError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            db.add(function: DatabaseFunction("interrupt", argumentCount: 0) { [dbQueue] _ in
                dbQueue.interrupt()
                return nil
            })
            XCTAssertThrowsError(try db.execute(sql: "SELECT interrupt() FROM (SELECT 1 UNION ALL SELECT 2)")) { error in
                XCTAssertEqual((error as? DatabaseError)?.isInterruptionError, true, "\(error)")
            }
        }
    }

    func testBridgingToNSError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (email TEXT UNIQUE)")
            try db.execute(sql: "INSERT INTO player VALUES ('a')")
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO player VALUES ('a')")) { error in
                let nsError = error as NSError
                XCTAssertEqual(DatabaseError.errorDomain, "GRDB.DatabaseError")
                XCTAssertEqual(nsError.domain, "GRDB.DatabaseError")
                XCTAssertEqual(nsError.code, 2067) // SQLITE_CONSTRAINT_UNIQUE
                XCTAssertEqual((error as? DatabaseError)?.errorCode, 2067)
                XCTAssertEqual(nsError.localizedDescription, "\(error)")
                XCTAssertEqual(
                    (error as? DatabaseError)?.errorUserInfo[NSLocalizedDescriptionKey] as? String,
                    "SQLite error 19: UNIQUE constraint failed: player.email - while executing `INSERT INTO player VALUES ('a')`")
            }
        }
    }
}
