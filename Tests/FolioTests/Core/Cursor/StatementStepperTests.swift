import Folio
import XCTest

/// A cursor whose step failed throws again on the next call to `next()`,
/// as GRDB's cursors do, instead of looking exhausted.
final class StatementStepperTests: FolioTestCase {
    func testCursorsThrowAgainAfterAFailedStep() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE t(a UNIQUE)")
            let sql = "INSERT INTO t VALUES (1), (1) RETURNING a"

            let rows = try Row.fetchCursor(db, sql: sql)
            XCTAssertThrowsError(try { while try rows.next() != nil { } }())
            XCTAssertThrowsError(try rows.next()) { error in
                XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
                XCTAssertEqual((error as? DatabaseError)?.sql, sql)
            }
            XCTAssertThrowsError(try rows.next())

            let values = try Int.fetchCursor(db, sql: sql)
            XCTAssertThrowsError(try { while try values.next() != nil { } }())
            XCTAssertThrowsError(try values.next())

            struct Record: FetchableRecord, Decodable { var a: Int }
            let records = try Record.fetchCursor(db, sql: sql)
            XCTAssertThrowsError(try { while try records.next() != nil { } }())
            XCTAssertThrowsError(try records.next())

            // The statement is released: the table is unchanged, and it runs again.
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [])
        }
    }

    func testExhaustedCursorsReturnNil() throws {
        try makeDatabaseQueue().read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT 1")
            XCTAssertNotNil(try rows.next())
            XCTAssertNil(try rows.next())
            XCTAssertNil(try rows.next())
        }
    }
}
