import Folio
import XCTest

/// `SQL` and `SQLRequest` built from single-character literals, with the
/// `String` literal types GRDB declares.
final class SQLCharacterLiteralTests: FolioTestCase {
    func testSQLFromCharacterLiterals() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
            let star = SQL(unicodeScalarLiteral: "*")
            let one = SQL(extendedGraphemeClusterLiteral: "1")
            let request = SQLRequest<Int>(literal: "SELECT " + star + " FROM t WHERE a = " + one)
            XCTAssertEqual(try request.fetchOne(db), 1)
            XCTAssertEqual(lastSQLQuery, "SELECT * FROM t WHERE a = 1")
        }
    }

    func testSQLRequestFromCharacterLiterals() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // A single character is not valid SQL: the request reports
            // SQLite's syntax error.
            let request = SQLRequest<Row>(unicodeScalarLiteral: "1")
            XCTAssertThrowsError(try request.fetchOne(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.sql, "1")
            }
            let other = SQLRequest<Int>(extendedGraphemeClusterLiteral: "2")
            XCTAssertThrowsError(try other.fetchOne(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.sql, "2")
            }
        }
    }
}
